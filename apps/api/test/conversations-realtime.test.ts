import type { AddressInfo } from 'node:net';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { outbox } from '../src/db/schema';
import { mailsTo } from './auth-helpers';
import {
  bearer,
  createAdmin,
  createCustomer,
  createVendor,
  openDirect,
  say,
  type TestUser,
} from './fixtures';
import { createTestContext, type TestContext } from './helpers';
import { connectSocket } from './sockets';

/**
 * Side effects on one API process: realtime frames on `/v1/ws` (delivered by the outbox
 * on `ctx.drain()`, typing straight through the bus) and the unread-message mail, once per burst.
 */

let ctx: TestContext;
let wsUrl: string;

beforeAll(async () => {
  ctx = await createTestContext();
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  wsUrl = `ws://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}/v1/ws`;
});
// The unread-mail tests move the wall clock (the outbox worker's clock); never leak it.
afterEach(() => {
  vi.useRealTimers();
});
afterAll(async () => ctx?.close());

/** Connects every token and waits for each server's `ready`. */
async function connected(...users: TestUser[]) {
  const conns = users.map((u) => connectSocket(wsUrl, u.token));
  await Promise.all(conns.map((c) => c.next((f) => f.type === 'ready')));
  return conns;
}

const post = (user: TestUser, url: string, payload?: object) =>
  ctx.app.inject({ method: 'POST', url, payload, headers: bearer(user.token) });

describe('realtime frames of a conversation', () => {
  it('pushes a message to the recipient and the sender’s other socket, not to others', async () => {
    const customer = await createCustomer(ctx, 'Cora Customer');
    const vendor = await createVendor(ctx, { businessName: 'Drip Masters' });
    const bystander = await createCustomer(ctx, 'Bea Bystander');
    const id = await openDirect(ctx, customer, vendor);
    const [vendorSocket, customerOtherTab, bystanderSocket] = await connected(
      vendor,
      customer,
      bystander,
    );

    const sent = await say(ctx, customer, id, 'Are you free Friday?');
    // Frames leave through the outbox once the send has committed.
    await ctx.drain();

    const heard = await vendorSocket!.next((f) => f.type === 'message');
    expect(heard.data).toEqual({
      id: sent.id,
      conversationId: id,
      sender: { id: customer.id, name: 'Cora Customer', role: 'customer' },
      body: 'Are you free Friday?',
      attachments: [],
      createdAt: sent.createdAt,
      readAt: null,
    });
    const echoed = await customerOtherTab!.next((f) => f.type === 'message');
    expect(echoed.data.id).toBe(sent.id);

    const note = await vendorSocket!.next((f) => f.type === 'notification');
    expect(note.data).toMatchObject({
      type: 'message.received',
      title: 'New message from Cora Customer',
      body: 'Are you free Friday?',
      link: `/vendor/messages?c=${id}`,
    });
    // The sender is not notified of their own message.
    expect(customerOtherTab!.frames.filter((f) => f.type === 'notification')).toEqual([]);
    // Delivered to the vendor means the bus is past this message: nothing reached the bystander.
    expect(bystanderSocket!.frames.map((f) => f.type)).toEqual(['ready']);
    for (const c of [vendorSocket, customerOtherTab, bystanderSocket]) c!.socket.close();
  });

  it('tells the sender when the recipient reads', async () => {
    const customer = await createCustomer(ctx);
    const vendor = await createVendor(ctx);
    const id = await openDirect(ctx, customer, vendor);
    const [customerSocket] = await connected(customer);
    await say(ctx, customer, id, 'Did you get the photos?');

    const read = await post(vendor, `/v1/conversations/${id}/read`);
    expect(read.statusCode).toBe(200);
    await ctx.drain();
    const frame = await customerSocket!.next((f) => f.type === 'read');
    expect(frame.data).toEqual({
      conversationId: id,
      readAt: read.json().data.readAt,
      readerId: vendor.id,
    });
    customerSocket!.socket.close();
  });

  it('sends typing to the other party but never back to the typer', async () => {
    const customer = await createCustomer(ctx, 'Tina Typer');
    const vendor = await createVendor(ctx, { businessName: 'Quick Keys' });
    const id = await openDirect(ctx, customer, vendor);
    const [customerSocket, vendorSocket] = await connected(customer, vendor);

    const typing = await post(vendor, `/v1/conversations/${id}/typing`);
    expect(typing.statusCode).toBe(200);
    expect(typing.json().data).toEqual({ sent: true });
    // Typing goes straight on the bus: no outbox drain.
    const atCustomer = await customerSocket!.next((f) => f.type === 'typing');
    expect(atCustomer.data).toEqual({ conversationId: id, userId: vendor.id, name: 'Quick Keys' });

    await post(customer, `/v1/conversations/${id}/typing`);
    const atVendor = await vendorSocket!.next((f) => f.type === 'typing');
    expect(atVendor.data).toEqual({ conversationId: id, userId: customer.id, name: 'Tina Typer' });
    // The vendor's channel saw its own typing (if ever) before the customer's: none there.
    expect(vendorSocket!.frames.filter((f) => f.type === 'typing')).toHaveLength(1);

    await post(vendor, `/v1/conversations/${id}/typing`);
    await customerSocket!.next(
      (f) => f.type === 'typing' && f !== atCustomer && f.data.userId === vendor.id,
    );
    expect(
      customerSocket!.frames.filter((f) => f.type === 'typing' && f.data.userId === customer.id),
    ).toEqual([]);
    for (const c of [customerSocket, vendorSocket]) c!.socket.close();
  });

  it('reaches every admin for a support chat, and the user for replies and status changes', async () => {
    const customer = await createCustomer(ctx, 'Sam Seeker');
    const ana = await createAdmin(ctx, 'Ana Lopez');
    const ben = await createAdmin(ctx, 'Ben Ortiz');
    const opened = await post(customer, '/v1/conversations', {
      kind: 'support',
      subject: 'Refund please',
    });
    const id = opened.json().data.id as string;
    const [customerSocket, anaSocket, benSocket] = await connected(customer, ana, ben);

    const asked = await say(ctx, customer, id, 'Where is my refund?');
    await ctx.drain();
    for (const admin of [anaSocket, benSocket]) {
      const frame = await admin!.next((f) => f.type === 'message');
      expect(frame.data.id).toBe(asked.id);
    }

    await say(ctx, ana, id, 'Looking into it');
    await ctx.drain();
    const reply = await customerSocket!.next(
      (f) => f.type === 'message' && f.data.body === 'Looking into it',
    );
    expect(reply.data.sender).toEqual({
      id: ana.id,
      name: 'Vetted support · Ana',
      role: 'support',
    });
    const note = await customerSocket!.next((f) => f.type === 'notification');
    expect(note.data).toMatchObject({
      type: 'message.received',
      title: 'New message from Vetted support · Ana',
      link: `/user/messages/support/chats?c=${id}`,
    });

    const resolved = await post(ana, `/v1/admin/conversations/${id}/resolve`);
    expect(resolved.statusCode).toBe(200);
    await ctx.drain();
    const status = await customerSocket!.next((f) => f.type === 'conversation');
    expect(status.data).toEqual({ id, status: 'resolved' });
    const atBen = await benSocket!.next((f) => f.type === 'conversation');
    expect(atBen.data).toEqual({ id, status: 'resolved' });
    // Messages to the support team notify no admin (their inbox is live).
    expect(anaSocket!.frames.filter((f) => f.type === 'notification')).toEqual([]);
    for (const c of [customerSocket, anaSocket, benSocket]) c!.socket.close();
  });
});

/** The unread-mail check rows of a conversation in the outbox. */
async function unreadChecks(conversationId: string) {
  return ctx.app.db
    .select()
    .from(outbox)
    .where(
      and(
        eq(outbox.kind, 'conversation.unread_mail'),
        sql`${outbox.payload}->>'conversationId' = ${conversationId}`,
      ),
    );
}

const MINUTE = 60_000;

describe('unread-message mail (through the outbox)', () => {
  it('mails the recipient once for a burst left unread 10 minutes', async () => {
    const customer = await createCustomer(ctx, 'Cora Customer');
    const vendor = await createVendor(ctx, { businessName: 'Drip Masters' });
    const id = await openDirect(ctx, customer, vendor);
    // Only Date is faked: timers, sockets and the database keep real time.
    const t0 = Date.now();
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(t0);
    await say(ctx, customer, id, 'first message');
    vi.setSystemTime(t0 + 1000);
    await say(ctx, customer, id, 'second message');
    vi.setSystemTime(t0 + 2000);
    await say(ctx, customer, id, '<img src=x onerror=alert(1)>');
    expect(await unreadChecks(id)).toHaveLength(1);

    vi.setSystemTime(t0 + 10 * MINUTE - 1);
    expect(await mailsTo(ctx, vendor.email)).toEqual([]);

    vi.setSystemTime(t0 + 10 * MINUTE);
    const mails = await mailsTo(ctx, vendor.email);
    expect(mails).toHaveLength(1);
    const mail = mails[0]!;
    expect(mail.subject).toBe('Cora Customer sent you 3 messages');
    expect(mail.text).toContain('Hi Vera,');
    expect(mail.text).toContain('"<img src=x onerror=alert(1)>"');
    expect(mail.text).toContain(`/vendor/messages?c=${id}`);
    // The message is text in the HTML mail too: escaped, never markup.
    expect(mail.html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(mail.html).not.toContain('<img src=x');

    // One in-app notification for the burst (asked before the 15-minute token expires).
    const notes = await ctx.app.inject({
      method: 'GET',
      url: '/v1/notifications',
      headers: bearer(vendor.token),
    });
    const received = notes
      .json()
      .data.items.filter((n: { type: string }) => n.type === 'message.received');
    expect(received).toHaveLength(1);
    expect(received[0]).toMatchObject({
      title: 'New message from Cora Customer',
      body: 'first message',
    });

    // Still unread much later: no second mail for the same burst.
    vi.setSystemTime(t0 + 60 * MINUTE);
    expect(await mailsTo(ctx, vendor.email)).toHaveLength(1);
  });

  it('sends no mail when the recipient reads within the 10 minutes', async () => {
    const customer = await createCustomer(ctx, 'Cora Customer');
    const vendor = await createVendor(ctx);
    const id = await openDirect(ctx, customer, vendor);
    const t0 = Date.now();
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(t0);
    for (const [i, body] of ['one', 'two', 'three'].entries()) {
      vi.setSystemTime(t0 + i * 1000);
      await say(ctx, customer, id, body);
    }
    vi.setSystemTime(t0 + 5 * MINUTE);
    expect((await post(vendor, `/v1/conversations/${id}/read`)).statusCode).toBe(200);

    vi.setSystemTime(t0 + 30 * MINUTE);
    expect(await mailsTo(ctx, vendor.email)).toEqual([]);
    // Not vacuous: the check ran (delivered) and decided against mailing.
    const checks = await unreadChecks(id);
    expect(checks).toHaveLength(1);
    expect(checks[0]!.deliveredAt).not.toBeNull();
  });

  it('counts a reply as reading: no mail to a recipient who answered in time', async () => {
    const customer = await createCustomer(ctx, 'Cora Customer');
    const vendor = await createVendor(ctx);
    const id = await openDirect(ctx, customer, vendor);
    const t0 = Date.now();
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(t0);
    await say(ctx, customer, id, 'Can you come today?');
    vi.setSystemTime(t0 + 2 * MINUTE);
    await say(ctx, vendor, id, 'Yes, at 3pm');
    vi.setSystemTime(t0 + 15 * MINUTE);
    expect(await mailsTo(ctx, vendor.email)).toEqual([]);
    // The pro's reply is unread by the customer, whose own mail is due 10 minutes after it.
    expect(await mailsTo(ctx, customer.email)).toEqual([
      expect.objectContaining({ subject: expect.stringMatching(/^Vendor .+ sent you a message$/) }),
    ]);
  });

  it('mails again for a new burst after a read', async () => {
    const customer = await createCustomer(ctx, 'Cora Customer');
    const vendor = await createVendor(ctx);
    const id = await openDirect(ctx, customer, vendor);
    const t0 = Date.now();
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(t0);
    await say(ctx, customer, id, 'hello?');
    vi.setSystemTime(t0 + 1000);
    await say(ctx, customer, id, 'anyone?');

    vi.setSystemTime(t0 + 10 * MINUTE);
    expect((await mailsTo(ctx, vendor.email)).map((m) => m.subject)).toEqual([
      'Cora Customer sent you 2 messages',
    ]);

    vi.setSystemTime(t0 + 10 * MINUTE + 30_000);
    await post(vendor, `/v1/conversations/${id}/read`);
    vi.setSystemTime(t0 + 11 * MINUTE);
    await say(ctx, customer, id, 'are you there?');
    expect(await unreadChecks(id)).toHaveLength(2);

    vi.setSystemTime(t0 + 21 * MINUTE - 1);
    expect(await mailsTo(ctx, vendor.email)).toHaveLength(1);
    vi.setSystemTime(t0 + 21 * MINUTE);
    expect((await mailsTo(ctx, vendor.email)).map((m) => m.subject)).toEqual([
      'Cora Customer sent you 2 messages',
      'Cora Customer sent you a message',
    ]);
  });

  it('mails the opener of a support chat about a reply, and no admin about their message', async () => {
    const customer = await createCustomer(ctx, 'Sam Seeker');
    const ana = await createAdmin(ctx, 'Ana Lopez');
    const opened = await post(customer, '/v1/conversations', {
      kind: 'support',
      subject: 'Card charged twice',
    });
    const id = opened.json().data.id as string;
    const t0 = Date.now();
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(t0);
    await say(ctx, customer, id, 'I was charged twice');
    vi.setSystemTime(t0 + 1000);
    await say(ctx, ana, id, 'Refunding the second charge now');

    vi.setSystemTime(t0 + 11 * MINUTE);
    const mails = await mailsTo(ctx, customer.email);
    expect(mails.map((m) => m.subject)).toEqual(['Vetted support · Ana sent you a message']);
    expect(mails[0]!.text).toContain(`/user/messages/support/chats?c=${id}`);
    expect(await mailsTo(ctx, ana.email)).toEqual([]);
  });
});
