import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { resetClock, setClock } from './auth-helpers';
import {
  bearer,
  createAdmin,
  createCustomer,
  createVendor,
  multipartPayload,
  openDirect,
  paidOrder,
  say,
  type TestUser,
} from './fixtures';
import { createTestContext, type TestContext } from './helpers';

/** Conversations through HTTP on a real database. Access rules: conversations-access. */

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterEach(() => resetClock(ctx));
afterAll(async () => ctx?.close());

const get = (user: TestUser | null, url: string) =>
  ctx.app.inject({ method: 'GET', url, headers: user ? bearer(user.token) : {} });

const post = (
  user: TestUser | null,
  url: string,
  payload?: unknown,
  headers: Record<string, string> = {},
) =>
  ctx.app.inject({
    method: 'POST',
    url,
    payload: payload as object,
    headers: { ...(user ? bearer(user.token) : {}), ...headers },
  });

/** Puts the domain clock at `iso` (every message and read then carries that instant). */
const at = (iso: string) => setClock(ctx, new Date(iso));

interface MessageDto {
  id: string;
  conversationId: string;
  sender: { id: string; name: string; role: string };
  body: string;
  attachments: { url: string; thumbUrl: string; width: number; height: number }[];
  createdAt: string;
  readAt: string | null;
}

async function messagesOf(user: TestUser, id: string, query = '') {
  const res = await get(user, `/v1/conversations/${id}/messages${query}`);
  expect(res.statusCode).toBe(200);
  return res.json().data as { items: MessageDto[]; nextCursor: string | null };
}

async function inbox(user: TestUser, query = '') {
  const res = await get(user, `/v1/conversations${query}`);
  expect(res.statusCode).toBe(200);
  return res.json().data as {
    items: {
      id: string;
      status: string;
      unreadCount: number;
      counterpart: { name: string };
      lastMessage: MessageDto | null;
      assignee: { id: string; name: string } | null;
    }[];
    total: number;
    unreadTotal: number;
  };
}

/** A PNG with EXIF metadata (camera make, owner) that the pipeline must strip. */
const pngWithExif = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 19, g: 95, b: 225 } } })
    .png()
    .withExif({ IFD0: { Make: 'VettedCam', Copyright: 'secret owner' } })
    .toBuffer();

describe('POST /v1/conversations (direct)', () => {
  it('opens a conversation with a pro, and gives the same one back for the same pair', async () => {
    const customer = await createCustomer(ctx, 'Cora Customer');
    const vendor = await createVendor(ctx, { businessName: 'Drip Masters' });
    const first = await post(customer, '/v1/conversations', {
      kind: 'direct',
      vendorId: vendor.vendorId,
    });
    expect(first.statusCode).toBe(200);
    expect(first.json().data).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      kind: 'direct',
      subject: null,
      status: 'open',
      counterpart: { name: 'Drip Masters', avatarUrl: null, vendorId: vendor.vendorId },
      lastMessage: null,
      order: null,
      unreadCount: 0,
      assignee: null,
      lastMessageAt: null,
      createdAt: expect.any(String),
    });
    const again = await post(customer, '/v1/conversations', {
      kind: 'direct',
      vendorId: vendor.vendorId,
    });
    expect(again.statusCode).toBe(200);
    expect(again.json().data.id).toBe(first.json().data.id);

    // Another customer with the same pro gets a conversation of their own.
    const other = await createCustomer(ctx, 'Olly Other');
    expect(await openDirect(ctx, other, vendor)).not.toBe(first.json().data.id);
  });

  it('links the order when opened with orderId, from either side, in the same conversation', async () => {
    const vendor = await createVendor(ctx, {
      businessName: 'Tap Doctors',
      serviceTitle: 'Tap fix',
    });
    const { customer, order } = await paidOrder(ctx, vendor);
    const byVendorId = await openDirect(ctx, customer, vendor);

    const byCustomer = await post(customer, '/v1/conversations', {
      kind: 'direct',
      orderId: order.id,
    });
    expect(byCustomer.statusCode).toBe(200);
    expect(byCustomer.json().data.id).toBe(byVendorId);
    expect(byCustomer.json().data.order).toEqual({
      id: order.id,
      reference: order.reference,
      serviceTitle: 'Tap fix',
    });

    const byVendor = await post(vendor, '/v1/conversations', { kind: 'direct', orderId: order.id });
    expect(byVendor.statusCode).toBe(200);
    expect(byVendor.json().data.id).toBe(byVendorId);
    expect(byVendor.json().data.counterpart).toEqual({
      name: customer.fullName,
      avatarUrl: null,
      vendorId: null,
    });
    expect(byVendor.json().data.order.id).toBe(order.id);
  });

  it('refuses pros and admins starting with vendorId (403), and unknown or unapproved pros (404)', async () => {
    const vendor = await createVendor(ctx);
    const otherVendor = await createVendor(ctx);
    const admin = await createAdmin(ctx);
    for (const caller of [otherVendor, vendor, admin]) {
      const res = await post(caller, '/v1/conversations', {
        kind: 'direct',
        vendorId: vendor.vendorId,
      });
      expect(res.statusCode).toBe(403);
      expect(res.json().error).toEqual({
        message: 'Only customers can start a conversation with a pro',
        code: 'forbidden',
      });
    }
    const customer = await createCustomer(ctx);
    const pending = await createVendor(ctx, { status: 'pending' });
    for (const vendorId of [pending.vendorId, '0190a000-0000-7000-8000-000000000000']) {
      const res = await post(customer, '/v1/conversations', { kind: 'direct', vendorId });
      expect(res.statusCode).toBe(404);
      expect(res.json().error).toEqual({ message: 'Pro not found', code: 'vendor_not_found' });
    }
  });

  it('refuses a body with both or neither of vendorId and orderId (400)', async () => {
    const customer = await createCustomer(ctx);
    const vendor = await createVendor(ctx);
    const { order } = await paidOrder(ctx, vendor, customer);
    for (const payload of [
      { kind: 'direct' },
      { kind: 'direct', vendorId: vendor.vendorId, orderId: order.id },
    ]) {
      const res = await post(customer, '/v1/conversations', payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.code).toBe('validation_error');
    }
  });
});

describe('POST /v1/conversations/:id/messages', () => {
  it('sends a trimmed text message; the pro sees the conversation only once it has one', async () => {
    const customer = await createCustomer(ctx, 'Cora Customer');
    const vendor = await createVendor(ctx, { businessName: 'Leak Busters' });
    const id = await openDirect(ctx, customer, vendor);
    expect((await inbox(vendor)).items.map((c) => c.id)).not.toContain(id);

    at('2030-05-01T09:00:00.000Z');
    const res = await post(customer, `/v1/conversations/${id}/messages`, {
      body: '  Hello, is the leak fix available?  ',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      conversationId: id,
      sender: { id: customer.id, name: 'Cora Customer', role: 'customer' },
      body: 'Hello, is the leak fix available?',
      attachments: [],
      createdAt: '2030-05-01T09:00:00.000Z',
      readAt: null,
    });

    const vendorInbox = await inbox(vendor);
    const item = vendorInbox.items.find((c) => c.id === id);
    expect(item?.counterpart.name).toBe('Cora Customer');
    expect(item?.unreadCount).toBe(1);
    expect(item?.lastMessage?.body).toBe('Hello, is the leak fix available?');

    // The pro's messages carry the business name.
    at('2030-05-01T09:01:00.000Z');
    const reply = await post(vendor, `/v1/conversations/${id}/messages`, { body: 'Yes, Tuesday' });
    expect(reply.statusCode).toBe(201);
    expect(reply.json().data.sender).toEqual({
      id: vendor.id,
      name: 'Leak Busters',
      role: 'vendor',
    });
  });

  it('refuses an empty or whitespace-only message (400 empty_message) and one over 4000 characters', async () => {
    const customer = await createCustomer(ctx);
    const vendor = await createVendor(ctx);
    const id = await openDirect(ctx, customer, vendor);
    for (const payload of [{}, { body: '' }, { body: '   \n\t ' }]) {
      const res = await post(customer, `/v1/conversations/${id}/messages`, payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toEqual({
        message: 'Write a message or attach an image',
        code: 'empty_message',
        fields: { body: 'Write a message or attach an image' },
      });
    }
    const long = await post(customer, `/v1/conversations/${id}/messages`, {
      body: 'x'.repeat(4001),
    });
    expect(long.statusCode).toBe(400);
    expect(long.json().error.fields.body).toBe('A message can be at most 4000 characters');
    const max = await post(customer, `/v1/conversations/${id}/messages`, {
      body: 'y'.repeat(4000),
    });
    expect(max.statusCode).toBe(201);
    expect((await messagesOf(customer, id)).items.map((m) => m.body.length)).toEqual([4000]);
  });

  it('stores an XSS payload verbatim and returns it as JSON text, never HTML-escaped', async () => {
    const customer = await createCustomer(ctx);
    const vendor = await createVendor(ctx);
    const id = await openDirect(ctx, customer, vendor);
    const payloads = [
      '<img src=x onerror=alert(1)>',
      '<script>alert(document.cookie)</script>',
      '"><svg onload=alert(1)> & &amp; {{7*7}}',
    ];
    for (const body of payloads) {
      const res = await post(customer, `/v1/conversations/${id}/messages`, { body });
      expect(res.statusCode).toBe(201);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.json().data.body).toBe(body);
    }
    const page = await get(vendor, `/v1/conversations/${id}/messages`);
    expect(page.headers['content-type']).toMatch(/^application\/json/);
    // The raw JSON carries the characters themselves: no `&lt;`, no `\u003c`.
    expect(page.body).toContain('<img src=x onerror=alert(1)>');
    expect(page.body).toContain('<script>alert(document.cookie)</script>');
    expect(page.body).not.toContain('&lt;');
    expect(page.json().data.items.map((m: MessageDto) => m.body)).toEqual(payloads);
    const item = (await inbox(vendor)).items.find((c) => c.id === id);
    expect(item?.lastMessage?.body).toBe('"><svg onload=alert(1)> & &amp; {{7*7}}');
  });
});

describe('GET /v1/conversations/:id/messages', () => {
  it('pages 65 messages back 30 at a time with before/nextCursor, oldest to newest in a page', async () => {
    const customer = await createCustomer(ctx);
    const vendor = await createVendor(ctx);
    const id = await openDirect(ctx, customer, vendor);
    // Two seconds apart, alternating senders: each sends 15 a minute, under the rate limit.
    const t0 = Date.parse('2030-06-01T12:00:00.000Z');
    for (let i = 1; i <= 65; i++) {
      setClock(ctx, new Date(t0 + i * 2000));
      await say(ctx, i % 2 ? customer : vendor, id, `Message ${String(i).padStart(2, '0')}`);
    }
    const names = (n: number[]) => n.map((i) => `Message ${String(i).padStart(2, '0')}`);
    const range = (from: number, to: number) =>
      Array.from({ length: to - from + 1 }, (_, k) => from + k);

    const first = await messagesOf(vendor, id, '?limit=30');
    expect(first.items.map((m) => m.body)).toEqual(names(range(36, 65)));
    expect(first.items[0]?.createdAt).toBe('2030-06-01T12:01:12.000Z');
    expect(first.items.at(-1)?.createdAt).toBe('2030-06-01T12:02:10.000Z');
    expect(first.nextCursor).toBe(first.items[0]?.id);

    const second = await messagesOf(vendor, id, `?limit=30&before=${first.nextCursor}`);
    expect(second.items.map((m) => m.body)).toEqual(names(range(6, 35)));
    expect(second.nextCursor).toBe(second.items[0]?.id);

    const third = await messagesOf(vendor, id, `?limit=30&before=${second.nextCursor}`);
    expect(third.items.map((m) => m.body)).toEqual(names(range(1, 5)));
    expect(third.items[0]?.createdAt).toBe('2030-06-01T12:00:02.000Z');
    expect(third.nextCursor).toBeNull();

    const all = [...third.items, ...second.items, ...first.items];
    expect(new Set(all.map((m) => m.id)).size).toBe(65);
    expect(all.map((m) => m.body)).toEqual(names(range(1, 65)));
    // Default page size is 30 too.
    expect((await messagesOf(customer, id)).items).toHaveLength(30);
  });

  it('shows readAt null until the other side reads, then the read time', async () => {
    const customer = await createCustomer(ctx);
    const vendor = await createVendor(ctx, { businessName: 'Read Receipts Ltd' });
    const id = await openDirect(ctx, customer, vendor);

    at('2031-03-01T10:00:00.000Z');
    const asked = await say(ctx, customer, id, 'Is Tuesday OK?');
    expect(asked.readAt).toBeNull();
    const vendorView = await get(vendor, `/v1/conversations/${id}`);
    expect(vendorView.json().data.unreadCount).toBe(1);

    at('2031-03-01T10:00:30.000Z');
    const read = await post(vendor, `/v1/conversations/${id}/read`);
    expect(read.statusCode).toBe(200);
    expect(read.json().data).toEqual({ conversationId: id, readAt: '2031-03-01T10:00:30.000Z' });
    expect((await get(vendor, `/v1/conversations/${id}`)).json().data.unreadCount).toBe(0);

    // A message after the read stays unread while the first shows the read time.
    at('2031-03-01T10:00:45.000Z');
    await say(ctx, customer, id, 'Or Wednesday?');
    expect((await messagesOf(customer, id)).items.map((m) => [m.body, m.readAt])).toEqual([
      ['Is Tuesday OK?', '2031-03-01T10:00:30.000Z'],
      ['Or Wednesday?', null],
    ]);

    // Replying counts as reading what came before. Each side keeps one read position, so
    // `readAt` of every message it covers is that position (the latest read), not the first.
    at('2031-03-01T10:01:00.000Z');
    await say(ctx, vendor, id, 'Wednesday works');
    expect((await messagesOf(customer, id)).items.map((m) => [m.body, m.readAt])).toEqual([
      ['Is Tuesday OK?', '2031-03-01T10:01:00.000Z'],
      ['Or Wednesday?', '2031-03-01T10:01:00.000Z'],
      ['Wednesday works', null],
    ]);

    at('2031-03-01T10:02:00.000Z');
    const customerRead = await post(customer, `/v1/conversations/${id}/read`);
    expect(customerRead.json().data.readAt).toBe('2031-03-01T10:02:00.000Z');
    const vendorPage = await messagesOf(vendor, id);
    expect(vendorPage.items.at(-1)?.readAt).toBe('2031-03-01T10:02:00.000Z');

    // Reading again with nothing new keeps the read position.
    at('2031-03-01T10:05:00.000Z');
    const again = await post(customer, `/v1/conversations/${id}/read`);
    expect(again.json().data.readAt).toBe('2031-03-01T10:02:00.000Z');
  });
});

describe('GET /v1/conversations', () => {
  it('counts unread messages per conversation and in unreadTotal, newest activity first', async () => {
    const customer = await createCustomer(ctx, 'Una Unread');
    const alpha = await createVendor(ctx, { businessName: 'Alpha Plumbing' });
    const beta = await createVendor(ctx, { businessName: 'Beta Plumbing' });
    const withAlpha = await openDirect(ctx, customer, alpha);
    const withBeta = await openDirect(ctx, customer, beta);

    at('2032-01-10T08:00:00.000Z');
    await say(ctx, customer, withAlpha, 'hi alpha');
    at('2032-01-10T08:00:01.000Z');
    await say(ctx, customer, withBeta, 'hi beta');
    at('2032-01-10T08:00:02.000Z');
    await say(ctx, alpha, withAlpha, 'a1');
    at('2032-01-10T08:00:03.000Z');
    await say(ctx, alpha, withAlpha, 'a2');
    for (const [i, body] of ['b1', 'b2', 'b3'].entries()) {
      at(`2032-01-10T08:00:0${4 + i}.000Z`);
      await say(ctx, beta, withBeta, body);
    }

    const mine = await inbox(customer);
    expect(mine.unreadTotal).toBe(5);
    expect(mine.total).toBe(2);
    expect(mine.items.map((c) => [c.counterpart.name, c.unreadCount, c.lastMessage?.body])).toEqual(
      [
        ['Beta Plumbing', 3, 'b3'],
        ['Alpha Plumbing', 2, 'a2'],
      ],
    );
    // The pros replied: sending marked everything before as read on their side.
    expect((await inbox(alpha)).unreadTotal).toBe(0);
    expect((await inbox(beta)).unreadTotal).toBe(0);

    at('2032-01-10T08:01:00.000Z');
    await post(customer, `/v1/conversations/${withBeta}/read`);
    const afterRead = await inbox(customer);
    expect(afterRead.unreadTotal).toBe(2);
    expect(afterRead.items.map((c) => c.unreadCount)).toEqual([0, 2]);

    at('2032-01-10T08:02:00.000Z');
    await say(ctx, customer, withAlpha, 'thanks');
    expect((await inbox(customer)).unreadTotal).toBe(0);
    expect((await inbox(customer)).items.map((c) => c.counterpart.name)).toEqual([
      'Alpha Plumbing',
      'Beta Plumbing',
    ]);
    const alphaInbox = await inbox(alpha);
    expect(alphaInbox.unreadTotal).toBe(1);
    expect(alphaInbox.items.find((c) => c.id === withAlpha)?.unreadCount).toBe(1);

    // Filters: the search matches the counterpart's name; support has nothing unread.
    expect((await inbox(customer, '?q=beta')).items.map((c) => c.id)).toEqual([withBeta]);
    expect((await inbox(customer, '?q=%25')).items).toEqual([]);
    const support = await inbox(customer, '?kind=support');
    expect([support.total, support.unreadTotal]).toEqual([0, 0]);
  });
});

describe('Idempotency-Key on send', () => {
  it('answers a resend with the first message (201, same id) and stores one message', async () => {
    const customer = await createCustomer(ctx);
    const vendor = await createVendor(ctx);
    const id = await openDirect(ctx, customer, vendor);
    const url = `/v1/conversations/${id}/messages`;
    const key = { 'idempotency-key': 'send-once-1' };
    const first = await post(customer, url, { body: 'Only once' }, key);
    const resend = await post(customer, url, { body: 'Only once' }, key);
    expect(first.statusCode).toBe(201);
    expect(resend.statusCode).toBe(201);
    expect(resend.json().data.id).toBe(first.json().data.id);
    // The first message wins even if the resend's body differs.
    const changed = await post(customer, url, { body: 'Something else' }, key);
    expect(changed.statusCode).toBe(201);
    expect(changed.json().data).toMatchObject({ id: first.json().data.id, body: 'Only once' });
    expect((await messagesOf(customer, id)).items.map((m) => m.body)).toEqual(['Only once']);

    // The same key in another conversation of the sender is a client bug: 422.
    const elsewhere = await openDirect(ctx, customer, await createVendor(ctx));
    const reused = await post(
      customer,
      `/v1/conversations/${elsewhere}/messages`,
      { body: 'Only once' },
      key,
    );
    expect(reused.statusCode).toBe(422);
    expect(reused.json().error).toEqual({
      message: 'This Idempotency-Key was already used for another conversation',
      code: 'idempotency_mismatch',
    });
    expect((await messagesOf(customer, elsewhere)).items).toEqual([]);

    // Keys are per sender: the pro may use the same string.
    const vendorSend = await post(vendor, url, { body: 'Same key, other sender' }, key);
    expect(vendorSend.statusCode).toBe(201);
    expect(vendorSend.json().data.id).not.toBe(first.json().data.id);
  });

  it('stores one message for 5 concurrent sends with one key, all answered with it', async () => {
    const customer = await createCustomer(ctx);
    const vendor = await createVendor(ctx);
    const id = await openDirect(ctx, customer, vendor);
    const responses = await Promise.all(
      Array.from({ length: 5 }, () =>
        post(
          customer,
          `/v1/conversations/${id}/messages`,
          { body: 'Tapped send five times' },
          { 'idempotency-key': 'burst-key' },
        ),
      ),
    );
    expect(responses.map((r) => r.statusCode)).toEqual([201, 201, 201, 201, 201]);
    expect(new Set(responses.map((r) => r.json().data.id)).size).toBe(1);
    const page = await messagesOf(vendor, id);
    expect(page.items.map((m) => m.body)).toEqual(['Tapped send five times']);
    expect((await get(vendor, `/v1/conversations/${id}`)).json().data.unreadCount).toBe(1);
  });
});

describe('image attachments', () => {
  it('stores a PNG as a WebP without metadata, served at the returned /media url to participants', async () => {
    const customer = await createCustomer(ctx);
    const vendor = await createVendor(ctx);
    const id = await openDirect(ctx, customer, vendor);
    const png = await pngWithExif(2000, 1000);
    expect((await sharp(png).metadata()).exif).toBeDefined();

    const form = await multipartPayload({ body: 'Photo of the leak', images: [png] });
    const res = await ctx.app.inject({
      method: 'POST',
      url: `/v1/conversations/${id}/messages`,
      headers: { ...bearer(customer.token), ...form.headers },
      payload: form.payload,
    });
    expect(res.statusCode).toBe(201);
    const message = res.json().data as MessageDto;
    expect(message.body).toBe('Photo of the leak');
    expect(message.attachments).toEqual([
      {
        url: expect.stringMatching(new RegExp(`^/media/messages/${id}/[0-9a-f-]{36}\\.webp$`)),
        thumbUrl: expect.stringMatching(/\.webp\.thumb\.webp$/),
        width: 1600,
        height: 800,
      },
    ]);
    const attachment = message.attachments[0]!;
    expect(attachment.thumbUrl).toBe(`${attachment.url}.thumb.webp`);

    // Private (conversations-access.test.ts has the whole matrix): participants only.
    const full = await ctx.app.inject({
      method: 'GET',
      url: attachment.url,
      headers: bearer(customer.token),
    });
    expect(full.statusCode).toBe(200);
    expect(full.headers['content-type']).toBe('image/webp');
    const meta = await sharp(full.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 1600, 800]);
    expect(meta.exif).toBeUndefined();
    expect(meta.icc).toBeUndefined();
    expect(full.rawPayload.includes(Buffer.from('VettedCam'))).toBe(false);
    const thumb = await ctx.app.inject({
      method: 'GET',
      url: attachment.thumbUrl,
      headers: bearer(vendor.token),
    });
    expect(thumb.statusCode).toBe(200);
    expect((await sharp(thumb.rawPayload).metadata()).width).toBe(480);

    // The pro reads it back with the same attachment.
    const page = await messagesOf(vendor, id);
    expect(page.items[0]?.attachments).toEqual(message.attachments);
  });

  it('sends images without text, up to 4 on one message', async () => {
    const customer = await createCustomer(ctx);
    const vendor = await createVendor(ctx);
    const id = await openDirect(ctx, customer, vendor);
    const png = await pngWithExif(40, 30);
    const form = await multipartPayload({ images: [png, png, png, png] });
    const res = await ctx.app.inject({
      method: 'POST',
      url: `/v1/conversations/${id}/messages`,
      headers: { ...bearer(customer.token), ...form.headers },
      payload: form.payload,
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().data.body).toBe('');
    expect(
      res
        .json()
        .data.attachments.map((a: { width: number; height: number }) => [a.width, a.height]),
    ).toEqual([
      [40, 30],
      [40, 30],
      [40, 30],
      [40, 30],
    ]);
  });

  it('refuses an image of 3 MB or more (413) and a fifth image, storing nothing', async () => {
    const customer = await createCustomer(ctx);
    const vendor = await createVendor(ctx);
    const id = await openDirect(ctx, customer, vendor);
    const small = await pngWithExif(20, 20);
    const big = Buffer.alloc(3 * 1024 * 1024 + 1);
    small.copy(big);

    const send = async (parts: { body?: string; images?: Buffer[] }) => {
      const form = await multipartPayload(parts);
      return ctx.app.inject({
        method: 'POST',
        url: `/v1/conversations/${id}/messages`,
        headers: { ...bearer(customer.token), ...form.headers },
        payload: form.payload,
      });
    };

    const tooLarge = await send({ body: 'Huge photo', images: [big] });
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json()).toEqual({
      ok: false,
      error: { message: 'Image must be less than 3mb', code: 'image_too_large' },
    });

    const tooMany = await send({
      body: 'Five photos',
      images: [small, small, small, small, small],
    });
    expect([400, 413]).toContain(tooMany.statusCode);
    expect(tooMany.json().error).toMatchObject({
      message: 'Attach at most 4 images',
      code: 'too_many_images',
    });

    const notAnImage = await send({ images: [Buffer.from('%PDF-1.7 not an image')] });
    expect(notAnImage.statusCode).toBe(400);
    expect(notAnImage.json().error.code).toBe('unsupported_image_type');

    expect((await messagesOf(customer, id)).items).toEqual([]);
  });
});

describe('per-sender rate limit', () => {
  it('accepts 30 messages a minute, answers the 31st 429 with Retry-After, then frees up', async () => {
    const customer = await createCustomer(ctx);
    const vendor = await createVendor(ctx);
    const id = await openDirect(ctx, customer, vendor);
    const elsewhere = await openDirect(ctx, customer, await createVendor(ctx));
    at('2033-02-02T15:00:00.000Z');
    for (let i = 1; i <= 29; i++) await say(ctx, customer, id, `Message ${i}`);
    const last = await say(ctx, customer, id, 'Message 30', { 'idempotency-key': 'thirtieth' });

    const limited = await post(customer, `/v1/conversations/${id}/messages`, { body: 'One more' });
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBe('60');
    expect(limited.json().error).toEqual({
      message: 'You can send 30 messages a minute. Wait a moment and try again',
      code: 'rate_limited',
    });
    // A retry of a message that went through is answered with it, not limited.
    const retried = await post(
      customer,
      `/v1/conversations/${id}/messages`,
      { body: 'Message 30' },
      { 'idempotency-key': 'thirtieth' },
    );
    expect(retried.statusCode).toBe(201);
    expect(retried.json().data.id).toBe(last.id);

    // The limit is per sender across conversations; the other party is not affected.
    at('2033-02-02T15:00:45.000Z');
    const otherChat = await post(customer, `/v1/conversations/${elsewhere}/messages`, {
      body: 'Hello there',
    });
    expect(otherChat.statusCode).toBe(429);
    expect(otherChat.headers['retry-after']).toBe('15');
    expect(
      (await post(vendor, `/v1/conversations/${id}/messages`, { body: 'Slow down' })).statusCode,
    ).toBe(201);

    at('2033-02-02T15:01:00.000Z');
    const freed = await post(customer, `/v1/conversations/${id}/messages`, { body: 'One more' });
    expect(freed.statusCode).toBe(201);
    const page = await messagesOf(customer, id, '?limit=100');
    expect(page.items).toHaveLength(32);
    expect(page.items.at(-1)?.body).toBe('One more');
  });

  it('holds under 40 concurrent sends: 30 stored, 10 answered 429', async () => {
    const customer = await createCustomer(ctx);
    const vendor = await createVendor(ctx);
    const id = await openDirect(ctx, customer, vendor);
    at('2033-03-03T15:00:00.000Z');
    const responses = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        post(customer, `/v1/conversations/${id}/messages`, { body: `Burst ${i + 1}` }),
      ),
    );
    const codes = responses.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 201)).toHaveLength(30);
    expect(codes.filter((c) => c === 429)).toHaveLength(10);
    expect((await messagesOf(customer, id, '?limit=100')).items).toHaveLength(30);
  });
});

describe('support conversations', () => {
  it('lets admins list, filter, assign, reply, resolve and reopen; a user message reopens', async () => {
    const customer = await createCustomer(ctx, 'Sam Seeker');
    const vendor = await createVendor(ctx, { businessName: 'Pipe Pros' });
    const ana = await createAdmin(ctx, 'Ana Lopez');
    const ben = await createAdmin(ctx, 'Ben Ortiz');
    const ids = (page: { items: { id: string }[] }) => page.items.map((c) => c.id);

    const opened = await post(customer, '/v1/conversations', {
      kind: 'support',
      subject: '  Refund for my order  ',
    });
    expect(opened.statusCode).toBe(200);
    expect(opened.json().data).toMatchObject({
      kind: 'support',
      subject: 'Refund for my order',
      status: 'open',
      counterpart: { name: 'Vetted support', avatarUrl: null, vendorId: null },
      assignee: null,
      order: null,
      lastMessage: null,
    });
    const chat = opened.json().data.id as string;
    // Each support request is its own chat.
    const second = await post(customer, '/v1/conversations', {
      kind: 'support',
      subject: 'Another question',
    });
    expect(second.json().data.id).not.toBe(chat);
    // The support inbox shows a chat once it has a message.
    expect(ids(await inbox(ana, '?kind=support&pageSize=50'))).not.toContain(chat);

    const vendorChat = (
      await post(vendor, '/v1/conversations', { kind: 'support', subject: 'Payout question' })
    ).json().data.id as string;
    at('2034-04-04T09:00:00.000Z');
    await say(ctx, vendor, vendorChat, 'When is my payout?');
    at('2034-04-04T09:01:00.000Z');
    await say(ctx, customer, chat, 'Where is my refund?');

    const all = await inbox(ana, '?kind=support&pageSize=50');
    expect(ids(all)).toEqual(expect.arrayContaining([chat, vendorChat]));
    expect(ids(all)).not.toContain(second.json().data.id);
    const item = all.items.find((c) => c.id === chat)!;
    expect(item.counterpart.name).toBe('Sam Seeker');
    expect(item.unreadCount).toBe(1);
    expect(item.assignee).toBeNull();

    const assigned = await post(ana, `/v1/admin/conversations/${chat}/assign`, {});
    expect(assigned.statusCode).toBe(200);
    expect(assigned.json().data.assignee).toEqual({ id: ana.id, name: 'Ana Lopez' });
    const toBen = await post(ana, `/v1/admin/conversations/${vendorChat}/assign`, {
      assigneeId: ben.id,
    });
    expect(toBen.json().data.assignee).toEqual({ id: ben.id, name: 'Ben Ortiz' });
    const toCustomer = await post(ana, `/v1/admin/conversations/${chat}/assign`, {
      assigneeId: customer.id,
    });
    expect(toCustomer.statusCode).toBe(400);
    expect(toCustomer.json().error.code).toBe('invalid_assignee');

    expect(ids(await inbox(ana, '?kind=support&assignee=me'))).toEqual([chat]);
    expect(ids(await inbox(ben, '?kind=support&assignee=me'))).toEqual([vendorChat]);
    expect(ids(await inbox(ana, `?kind=support&assignee=${ben.id}`))).toEqual([vendorChat]);
    const unassigned = ids(await inbox(ana, '?kind=support&assignee=none&pageSize=50'));
    expect(unassigned).not.toContain(chat);
    expect(unassigned).not.toContain(vendorChat);

    at('2034-04-04T09:02:00.000Z');
    const reply = await post(ana, `/v1/conversations/${chat}/messages`, {
      body: 'It is on its way',
    });
    expect(reply.statusCode).toBe(201);
    expect(reply.json().data.sender).toEqual({
      id: ana.id,
      name: 'Vetted support · Ana',
      role: 'support',
    });
    const customerView = (await get(customer, `/v1/conversations/${chat}`)).json().data;
    expect(customerView.unreadCount).toBe(1);
    expect(customerView.lastMessage.sender.name).toBe('Vetted support · Ana');
    expect((await inbox(customer, '?kind=support')).unreadTotal).toBe(1);

    const resolved = await post(ana, `/v1/admin/conversations/${chat}/resolve`);
    expect(resolved.statusCode).toBe(200);
    expect(resolved.json().data.status).toBe('resolved');
    expect(ids(await inbox(ana, '?kind=support&status=resolved&pageSize=50'))).toContain(chat);
    expect(ids(await inbox(ana, '?kind=support&status=open&pageSize=50'))).not.toContain(chat);
    expect(ids(await inbox(ana, '?kind=support&status=open&pageSize=50'))).toContain(vendorChat);

    const reopened = await post(ben, `/v1/admin/conversations/${chat}/reopen`);
    expect(reopened.json().data.status).toBe('open');
    await post(ben, `/v1/admin/conversations/${chat}/resolve`);
    expect((await get(customer, `/v1/conversations/${chat}`)).json().data.status).toBe('resolved');

    // The user writing again reopens the chat.
    at('2034-04-04T09:03:00.000Z');
    await say(ctx, customer, chat, 'Actually, one more thing');
    expect((await get(ana, `/v1/conversations/${chat}`)).json().data.status).toBe('open');
    expect(ids(await inbox(ana, '?kind=support&status=open&pageSize=50'))).toContain(chat);
    // Any admin may answer, not only the assignee.
    expect(
      (await post(ben, `/v1/conversations/${chat}/messages`, { body: 'Ben here' })).statusCode,
    ).toBe(201);
  });

  it('answers 404 to the admin actions on a direct conversation, and 403 to non-admins', async () => {
    const customer = await createCustomer(ctx);
    const vendor = await createVendor(ctx);
    const admin = await createAdmin(ctx);
    const direct = await openDirect(ctx, customer, vendor);
    await say(ctx, customer, direct, 'Hello');
    const support = (
      await post(customer, '/v1/conversations', { kind: 'support', subject: 'Help me' })
    ).json().data.id as string;
    for (const action of ['assign', 'resolve', 'reopen']) {
      const onDirect = await post(admin, `/v1/admin/conversations/${direct}/${action}`, {});
      expect(onDirect.statusCode).toBe(404);
      expect(onDirect.json().error).toEqual({
        message: 'Conversation not found',
        code: 'conversation_not_found',
      });
      // Every /v1/admin route refuses non-admins with 403, even their own chat.
      for (const [who, id] of [
        [customer, support],
        [vendor, direct],
      ] as const) {
        const res = await post(who, `/v1/admin/conversations/${id}/${action}`, {});
        expect(res.statusCode).toBe(403);
        expect(res.json().error).toEqual({ message: 'Admins only', code: 'admin_only' });
      }
    }
    expect((await get(customer, `/v1/conversations/${support}`)).json().data.status).toBe('open');
  });
});
