import { randomUUID } from 'node:crypto';
import { crc32 } from 'node:zlib';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  ledgerEntries,
  notificationPreferences,
  orders,
  payments,
  reviews,
  userAddresses,
  users,
} from '../src/db/schema';
import {
  getMe,
  latestCode,
  latestMail,
  loggedIn,
  mailsTo,
  PASSWORD,
  post,
  resetToken,
  type SessionBody,
  signedUp,
  uniqueEmail,
  wrongCode,
} from './auth-helpers';
import {
  createCustomer,
  createVendor,
  openDirect,
  paidOrder,
  say,
  type TestUser,
  type TestVendor,
} from './fixtures';
import { createTestContext, type TestContext } from './helpers';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => ctx?.close());

/** Spec §5 / the largest accepted image, in bytes (3 MB). */
const THREE_MB = 3 * 1024 * 1024;
const MIN = 60_000;

const auth = (token: string) => ({ authorization: `Bearer ${token}` });

/** A small valid PNG (a 40 × 30 blue picture). */
const smallPng = () =>
  sharp({ create: { width: 40, height: 30, channels: 3, background: { r: 19, g: 95, b: 225 } } })
    .png()
    .toBuffer();

/**
 * A valid PNG of exactly `size` bytes: a small picture padded with a private ancillary chunk
 * (`vtPd`: lower-case first letter = ancillary, so decoders skip it) before `IEND`. Its CRC is
 * right, so libpng (sharp) reads the picture as usual.
 */
async function pngOfSize(size: number): Promise<Buffer> {
  const png = await smallPng();
  const iend = png.length - 12; // IEND is the last chunk: length(4) + type(4) + crc(4), no data
  const dataLength = size - png.length - 12;
  const chunk = Buffer.alloc(12 + dataLength);
  chunk.writeUInt32BE(dataLength, 0);
  chunk.write('vtPd', 4, 'ascii');
  chunk.fill(0x61, 8, 8 + dataLength);
  chunk.writeUInt32BE(crc32(chunk.subarray(4, 8 + dataLength)), 8 + dataLength);
  const out = Buffer.concat([png.subarray(0, iend), chunk, png.subarray(iend)]);
  expect(out.length).toBe(size);
  return out;
}

/** A multipart body with each `[field, file]` part, encoded by the platform's FormData. */
async function multipart(parts: [string, Buffer | string][]) {
  const form = new FormData();
  for (const [field, value] of parts) {
    if (typeof value === 'string') form.append(field, value);
    else form.append(field, new Blob([new Uint8Array(value)], { type: 'image/png' }), 'me.png');
  }
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return {
    payload: Buffer.from(await request.arrayBuffer()),
    headers: { 'content-type': request.headers.get('content-type') ?? '' },
  };
}

async function uploadAvatar(token: string | null, parts: [string, Buffer | string][]) {
  const form = await multipart(parts);
  return ctx.app.inject({
    method: 'POST',
    url: '/v1/me/avatar',
    headers: { ...(token ? auth(token) : {}), ...form.headers },
    payload: form.payload,
  });
}

/** The storage key of an avatar URL (`/media/<key>`). */
const keyOf = (url: string) => url.replace(/^\/media\//, '');

const inject = (
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  token: string,
  payload?: unknown,
) => ctx.app.inject({ method, url, headers: auth(token), payload: payload as object });

/** A signed-up, verified account with a real password, as a fixture user (id, token). */
async function account(role: 'customer' | 'vendor' = 'customer') {
  const { email, session } = await signedUp(ctx, role);
  const me = (await getMe(ctx, session.accessToken)).json().data;
  const user: TestUser = { id: me.id, email, fullName: me.fullName, token: session.accessToken };
  return { user, session };
}

const transition = (token: string, id: string, action: string, extra = {}) =>
  inject('POST', `/v1/orders/${id}/transitions`, token, { action, ...extra });

/** A paid order the pro accepted, started (clock at the slot) and completed, through the API. */
async function completedOrder(vendor: TestVendor, customer: TestUser) {
  const { order } = await paidOrder(ctx, vendor, customer);
  expect((await transition(vendor.token, order.id, 'accept')).statusCode).toBe(200);
  const code = (await inject('GET', `/v1/orders/${order.id}`, customer.token)).json().data
    .startCode as string;
  const clock = vi.spyOn(ctx.app.clock, 'now');
  clock.mockReturnValue(new Date(Date.parse(order.startsAt) - 10 * MIN));
  expect((await transition(vendor.token, order.id, 'start', { startCode: code })).statusCode).toBe(
    200,
  );
  clock.mockReturnValue(new Date(Date.parse(order.endsAt) + MIN));
  expect((await transition(vendor.token, order.id, 'complete')).statusCode).toBe(200);
  clock.mockRestore();
  return order as { id: string; reference: string };
}

describe('POST /v1/me/avatar and DELETE /v1/me/avatar', () => {
  it('accepts an image of exactly 3 MB and stores it as a 256 px square WebP', async () => {
    const me = await createCustomer(ctx);
    const res = await uploadAvatar(me.token, [['file', await pngOfSize(THREE_MB)]]);
    expect(res.statusCode).toBe(200);
    const url: string = res.json().data.avatarUrl;
    expect(url).toMatch(new RegExp(`^/media/avatars/${me.id}/[0-9a-f-]+\\.webp$`));
    const file = await ctx.app.inject({ method: 'GET', url });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/webp');
    const meta = await sharp(file.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 256, 256]);
    expect((await getMe(ctx, me.token)).json().data.avatarUrl).toBe(url);
  });

  it('refuses 3 MB + 1 byte with 413 "Image must be less than 3mb" and keeps the avatar', async () => {
    const me = await createCustomer(ctx);
    const first = await uploadAvatar(me.token, [['file', await smallPng()]]);
    expect(first.statusCode).toBe(200);
    const res = await uploadAvatar(me.token, [['file', await pngOfSize(THREE_MB + 1)]]);
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({
      ok: false,
      error: { message: 'Image must be less than 3mb', code: 'image_too_large' },
    });
    expect((await getMe(ctx, me.token)).json().data.avatarUrl).toBe(first.json().data.avatarUrl);
  });

  it('answers 400 "No image selected" without a file, multipart or not', async () => {
    const me = await createCustomer(ctx);
    for (const res of [
      await uploadAvatar(me.token, []),
      await ctx.app.inject({ method: 'POST', url: '/v1/me/avatar', headers: auth(me.token) }),
      await uploadAvatar(me.token, [['file', Buffer.alloc(0)]]),
    ]) {
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toMatchObject({
        message: 'No image selected',
        code: 'image_missing',
      });
    }
  });

  it('refuses a file that is not an image by its bytes, whatever it is called', async () => {
    const me = await createCustomer(ctx);
    const res = await uploadAvatar(me.token, [['file', Buffer.from('%PDF-1.7 not a picture')]]);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({
      message: 'Unsupported image type',
      code: 'unsupported_image_type',
    });
    expect((await getMe(ctx, me.token)).json().data.avatarUrl).toBeNull();
  });

  it('refuses an anonymous upload with 401 before reading it, and other fields with 400', async () => {
    const anonymous = await uploadAvatar(null, [['file', await smallPng()]]);
    expect(anonymous.statusCode).toBe(401);
    const me = await createCustomer(ctx);
    const extra = await uploadAvatar(me.token, [
      ['file', await smallPng()],
      ['caption', 'me'],
    ]);
    expect(extra.statusCode).toBe(400);
    expect(extra.json().error).toMatchObject({ code: 'unexpected_field' });
  });

  it('deletes the replaced file after the change commits, and DELETE removes the avatar', async () => {
    const me = await createCustomer(ctx);
    const first = keyOf(
      (await uploadAvatar(me.token, [['file', await smallPng()]])).json().data.avatarUrl,
    );
    const second = keyOf(
      (await uploadAvatar(me.token, [['file', await smallPng()]])).json().data.avatarUrl,
    );
    expect(second).not.toBe(first);
    await ctx.drain();
    expect(await ctx.app.storage.exists(first)).toBe(false);
    expect(await ctx.app.storage.exists(second)).toBe(true);

    const removed = await inject('DELETE', '/v1/me/avatar', me.token);
    expect(removed.statusCode).toBe(200);
    expect(removed.json().data.avatarUrl).toBeNull();
    await ctx.drain();
    expect(await ctx.app.storage.exists(second)).toBe(false);
    // Again: nothing to remove, same answer.
    const again = await inject('DELETE', '/v1/me/avatar', me.token);
    expect(again.statusCode).toBe(200);
    expect(again.json().data.avatarUrl).toBeNull();
  });

  it('shows the avatar to the other side of a conversation and of an order', async () => {
    const customer = await createCustomer(ctx);
    const vendor = await createVendor(ctx);
    const url = (await uploadAvatar(customer.token, [['file', await smallPng()]])).json().data
      .avatarUrl;
    const proUrl = (await uploadAvatar(vendor.token, [['file', await smallPng()]])).json().data
      .avatarUrl;
    const id = await openDirect(ctx, customer, vendor);
    const seen = await inject('GET', `/v1/conversations/${id}`, vendor.token);
    expect(seen.json().data.counterpart.avatarUrl).toBe(url);
    const { order } = await paidOrder(ctx, vendor, customer);
    const asVendor = await inject('GET', `/v1/orders/${order.id}`, vendor.token);
    expect(asVendor.json().data.customer.avatarUrl).toBe(url);
    const asCustomer = await inject('GET', `/v1/orders/${order.id}`, customer.token);
    expect(asCustomer.json().data.vendor.avatarUrl).toBe(proUrl);
  });
});

describe('POST /v1/me/email and /v1/me/email/verify', () => {
  it('mails a code to the new address, switches on the right code and tells the old address', async () => {
    const { user, session } = await account();
    const newEmail = uniqueEmail('moved');
    const start = await post(
      ctx,
      '/v1/me/email',
      { newEmail: `  ${newEmail.toUpperCase()} `, password: PASSWORD },
      auth(session.accessToken),
    );
    expect(start.statusCode).toBe(200);
    const challenge = start.json().data;
    expect(challenge).toMatchObject({ email: newEmail, purpose: 'email_change' });
    const code = await latestCode(ctx, newEmail);

    const wrong = await post(
      ctx,
      '/v1/me/email/verify',
      { challengeId: challenge.challengeId, code: wrongCode(code) },
      auth(session.accessToken),
    );
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error).toMatchObject({
      code: 'otp_invalid',
      message: 'Incorrect code. 4 attempts left',
    });
    expect((await getMe(ctx, session.accessToken)).json().data.email).toBe(user.email);

    const ok = await post(
      ctx,
      '/v1/me/email/verify',
      { challengeId: challenge.challengeId, code },
      auth(session.accessToken),
    );
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data).toMatchObject({ id: user.id, email: newEmail, emailVerified: true });

    const notice = await latestMail(ctx, user.email);
    expect(notice.subject).toBe('Your Vetted email address was changed');
    expect(notice.text).toContain(newEmail);
    // The new address signs in; the old one no longer does.
    await loggedIn(ctx, newEmail);
    const old = await post(ctx, '/v1/auth/login', { email: user.email, password: PASSWORD });
    expect(old.statusCode).toBe(401);
  });

  it('answers 409 when a verified account took the address, and changes nothing', async () => {
    const { user, session } = await account();
    const other = await account();
    const start = await post(
      ctx,
      '/v1/me/email',
      { newEmail: other.user.email, password: PASSWORD },
      auth(session.accessToken),
    );
    expect(start.statusCode).toBe(200);
    const res = await post(
      ctx,
      '/v1/me/email/verify',
      {
        challengeId: start.json().data.challengeId,
        code: await latestCode(ctx, other.user.email),
      },
      auth(session.accessToken),
    );
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toMatchObject({
      code: 'email_taken',
      message: 'Another account already uses this email address. Choose another one',
    });
    expect((await getMe(ctx, session.accessToken)).json().data.email).toBe(user.email);
  });

  it("refuses a wrong password, the same address, and another account's challenge", async () => {
    const a = await account();
    const b = await account();
    const wrongPassword = await post(
      ctx,
      '/v1/me/email',
      { newEmail: uniqueEmail('x'), password: 'not my password' },
      auth(a.session.accessToken),
    );
    expect(wrongPassword.statusCode).toBe(400);
    expect(wrongPassword.json().error).toMatchObject({
      code: 'wrong_password',
      fields: { password: 'Your password is incorrect' },
    });
    const same = await post(
      ctx,
      '/v1/me/email',
      { newEmail: a.user.email, password: PASSWORD },
      auth(a.session.accessToken),
    );
    expect(same.statusCode).toBe(400);
    expect(same.json().error.code).toBe('same_email');

    const target = uniqueEmail('b-new');
    const bStart = await post(
      ctx,
      '/v1/me/email',
      { newEmail: target, password: PASSWORD },
      auth(b.session.accessToken),
    );
    const stolen = await post(
      ctx,
      '/v1/me/email/verify',
      { challengeId: bStart.json().data.challengeId, code: await latestCode(ctx, target) },
      auth(a.session.accessToken),
    );
    expect(stolen.statusCode).toBe(404);
    expect((await getMe(ctx, a.session.accessToken)).json().data.email).toBe(a.user.email);
  });
});

describe('POST /v1/me/password', () => {
  it('needs the current password, ends the other sessions but not this one, and mails a notice', async () => {
    const { user, session: here } = await account();
    const elsewhere: SessionBody = await loggedIn(ctx, user.email);
    const body = { currentPassword: PASSWORD, newPassword: 'a brand new passphrase' };

    const wrong = await post(
      ctx,
      '/v1/me/password',
      { ...body, currentPassword: 'not it at all' },
      auth(here.accessToken),
    );
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error).toMatchObject({
      code: 'wrong_password',
      fields: { currentPassword: 'Your current password is incorrect' },
    });
    const short = await post(
      ctx,
      '/v1/me/password',
      { ...body, newPassword: 'short' },
      auth(here.accessToken),
    );
    expect(short.statusCode).toBe(400);
    expect(short.json().error.fields.newPassword).toBe('Password must be at least 8 characters');

    const res = await post(ctx, '/v1/me/password', body, auth(here.accessToken));
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ passwordChanged: true, otherSessionsEnded: 1 });

    // The other session is over: its refresh token and its access token are refused.
    expect((await resetToken(ctx, elsewhere.refreshToken)).statusCode).toBe(401);
    expect((await getMe(ctx, elsewhere.accessToken)).statusCode).toBe(401);
    // This one goes on.
    expect((await getMe(ctx, here.accessToken)).statusCode).toBe(200);
    expect((await resetToken(ctx, here.refreshToken)).statusCode).toBe(200);

    expect((await latestMail(ctx, user.email)).subject).toBe('Your Vetted password was changed');
    const oldPassword = await post(ctx, '/v1/auth/login', {
      email: user.email,
      password: PASSWORD,
    });
    expect(oldPassword.statusCode).toBe(401);
    await loggedIn(ctx, user.email, body.newPassword);
  });
});

describe('POST /v1/me/deletion and /v1/me/deletion/confirm', () => {
  it('anonymises the account, keeps its orders, payments and reviews, and blocks sign-in', async () => {
    const vendor = await createVendor(ctx);
    const { user, session } = await account();
    const order = await completedOrder(vendor, user);
    await ctx.app.db.insert(reviews).values({
      id: randomUUID(),
      orderId: order.id,
      vendorId: vendor.vendorId,
      customerId: user.id,
      rating: 5,
      body: 'Great work',
    });
    await ctx.app.db.insert(userAddresses).values({
      id: randomUUID(),
      userId: user.id,
      label: 'Home',
      line1: '1 Elm Street',
      city: 'Boston',
      country: 'US',
      lat: 42.36,
      lng: -71.06,
      isDefault: true,
    });
    const prefs = await inject('PUT', '/v1/me/notification-preferences', user.token, {
      kinds: [{ kind: 'reviews', inApp: false, email: false }],
    });
    expect(prefs.statusCode).toBe(200);
    const avatarKey = keyOf(
      (await uploadAvatar(user.token, [['file', await smallPng()]])).json().data.avatarUrl,
    );

    const wrongPassword = await post(
      ctx,
      '/v1/me/deletion',
      { password: 'nope nope nope' },
      auth(session.accessToken),
    );
    expect(wrongPassword.statusCode).toBe(400);
    expect(wrongPassword.json().error.code).toBe('wrong_password');

    const start = await post(ctx, '/v1/me/deletion', { password: PASSWORD }, auth(user.token));
    expect(start.statusCode).toBe(200);
    expect(start.json().data).toMatchObject({ email: user.email, purpose: 'account_deletion' });
    const code = await latestCode(ctx, user.email);
    const wrong = await post(
      ctx,
      '/v1/me/deletion/confirm',
      { challengeId: start.json().data.challengeId, code: wrongCode(code) },
      auth(user.token),
    );
    expect(wrong.statusCode).toBe(400);
    expect((await getMe(ctx, user.token)).statusCode).toBe(200);

    const done = await post(
      ctx,
      '/v1/me/deletion/confirm',
      { challengeId: start.json().data.challengeId, code },
      auth(user.token),
    );
    expect(done.statusCode).toBe(200);
    expect(done.json().data).toEqual({ deleted: true });

    // Signed out everywhere, and no way back in.
    expect((await getMe(ctx, session.accessToken)).statusCode).toBe(401);
    expect((await getMe(ctx, user.token)).statusCode).toBe(401);
    expect((await resetToken(ctx, session.refreshToken)).statusCode).toBe(401);
    const login = await post(ctx, '/v1/auth/login', { email: user.email, password: PASSWORD });
    expect(login.statusCode).toBe(401);
    expect(login.json().error.code).toBe('invalid_credentials');

    const [row] = await ctx.app.db.select().from(users).where(eq(users.id, user.id));
    expect(row).toMatchObject({ fullName: 'Deleted user', phone: null, avatarKey: null });
    expect(row?.deletedAt).toBeInstanceOf(Date);
    expect(row?.email).toMatch(/@deleted\.vetted\.invalid$/);
    expect(row?.email).not.toContain(user.email.split('@')[0]);
    const left = async (table: typeof userAddresses | typeof notificationPreferences) =>
      (await ctx.app.db.select().from(table).where(eq(table.userId, user.id))).length;
    expect(await left(userAddresses)).toBe(0);
    expect(await left(notificationPreferences)).toBe(0);

    // Kept for the pro's records and the books, without the customer's details.
    const [kept] = await ctx.app.db.select().from(orders).where(eq(orders.id, order.id));
    expect(kept?.status).toBe('completed');
    expect(kept?.address).not.toContain('Main Street');
    expect(kept?.notes).toBeNull();
    expect(
      await ctx.app.db.select().from(payments).where(eq(payments.orderId, order.id)),
    ).not.toHaveLength(0);
    expect(
      await ctx.app.db.select().from(ledgerEntries).where(eq(ledgerEntries.orderId, order.id)),
    ).not.toHaveLength(0);
    expect(
      await ctx.app.db.select().from(reviews).where(eq(reviews.orderId, order.id)),
    ).toHaveLength(1);
    const vendorView = await inject('GET', `/v1/orders/${order.id}`, vendor.token);
    expect(vendorView.statusCode).toBe(200);
    expect(vendorView.json().data.customer.fullName).toBe('Deleted user');

    // The old address got the confirmation; the avatar file is gone.
    expect((await latestMail(ctx, user.email)).subject).toBe('Your Vetted account was deleted');
    expect(await ctx.app.storage.exists(avatarKey)).toBe(false);
    // The address is free for a new account.
    const again = await post(ctx, '/v1/auth/signup', {
      fullName: 'Ada Again',
      email: user.email,
      password: PASSWORD,
    });
    expect(again.statusCode).toBe(201);
  });

  it('refuses a pro with live orders (409) and a customer with one, saying why', async () => {
    const vendor = await createVendor(ctx);
    const { customer, order } = await paidOrder(ctx, vendor);
    const asVendor = await post(
      ctx,
      '/v1/me/deletion',
      { password: 'irrelevant' },
      auth(vendor.token),
    );
    expect(asVendor.statusCode).toBe(409);
    expect(asVendor.json().error).toMatchObject({
      code: 'live_orders',
      message:
        'Your business has 1 booking still in progress (paid, accepted or started). Complete, decline or cancel it before deleting your account: customers are counting on you.',
    });
    const asCustomer = await post(
      ctx,
      '/v1/me/deletion',
      { password: 'irrelevant' },
      auth(customer.token),
    );
    expect(asCustomer.statusCode).toBe(409);
    expect(asCustomer.json().error.code).toBe('live_orders');

    // Once the booking is declined, the pro gets as far as the password check.
    expect((await transition(vendor.token, order.id, 'decline')).statusCode).toBe(200);
    const after = await post(
      ctx,
      '/v1/me/deletion',
      { password: 'irrelevant' },
      auth(vendor.token),
    );
    expect(after.statusCode).toBe(400);
    expect(after.json().error.code).toBe('wrong_password');
  });
});

describe('GET /v1/me/export', () => {
  it("downloads the user's own data as a JSON attachment, and nothing of other people", async () => {
    const vendor = await createVendor(ctx, { businessName: 'Export Plumbing' });
    const a = await createCustomer(ctx, 'Alice Export');
    const b = await createCustomer(ctx, 'Bob Private');
    const { order: aOrder } = await paidOrder(ctx, vendor, a);
    const { order: bOrder } = await paidOrder(ctx, vendor, b);
    const aChat = await openDirect(ctx, a, vendor);
    const bChat = await openDirect(ctx, b, vendor);
    await say(ctx, a, aChat, 'Alice asks about the boiler');
    await say(ctx, vendor, aChat, 'The pro answers about the boiler');
    await say(ctx, b, bChat, 'Bob secret message');
    await ctx.drain();

    const res = await inject('GET', '/v1/me/export', a.token);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="vetted-data-\d{4}-\d{2}-\d{2}\.json"$/,
    );
    const data = res.json().data;
    expect(data).toMatchObject({
      format: 'vetted-account-export',
      version: 1,
      profile: { id: a.id, email: a.email, fullName: 'Alice Export' },
      business: null,
    });
    expect(data.orders.map((o: { reference: string }) => o.reference)).toEqual([aOrder.reference]);
    expect(data.orders[0]).toMatchObject({
      businessName: 'Export Plumbing',
      address: '12 Main Street, New York',
    });
    expect(data.messages.map((m: { body: string }) => m.body)).toEqual([
      'Alice asks about the boiler',
    ]);
    expect(data.conversations.map((c: { id: string }) => c.id)).toEqual([aChat]);
    expect(data.notifications.length).toBeGreaterThan(0);
    expect(data.notificationPreferences).toHaveLength(4);

    // Alice's notifications are hers (one previews the pro's answer); nothing of Bob's is here,
    // nor the pro's account.
    expect(data.notifications.map((n: { type: string }) => n.type)).toContain('message.received');
    const text = res.body;
    for (const foreign of [bOrder.reference, 'Bob', b.email, b.id, bChat, vendor.email]) {
      expect(text).not.toContain(foreign);
    }

    // A pro's export: their business and the bookings they received, without the customers.
    const pro = await inject('GET', '/v1/me/export', vendor.token);
    expect(pro.statusCode).toBe(200);
    const proData = pro.json().data;
    expect(proData.business).toMatchObject({
      id: vendor.vendorId,
      businessName: 'Export Plumbing',
    });
    expect(proData.bookingsReceived.map((o: { reference: string }) => o.reference).sort()).toEqual(
      [aOrder.reference, bOrder.reference].sort(),
    );
    expect(proData.messages.map((m: { body: string }) => m.body)).toEqual([
      'The pro answers about the boiler',
    ]);
    // Notifications keep the words they were sent with ("Alice Export booked …"); nothing else
    // names a customer.
    const withoutNotices = JSON.stringify({ ...proData, notifications: [] });
    for (const foreign of ['Alice', 'Bob', a.email, b.email, '12 Main Street', 'Bob secret']) {
      expect(withoutNotices).not.toContain(foreign);
    }
  });
});

describe('GET and PUT /v1/me/notification-preferences', () => {
  it('round-trips the switches, storing only what differs from "on"', async () => {
    const me = await createCustomer(ctx);
    const initial = await inject('GET', '/v1/me/notification-preferences', me.token);
    expect(initial.statusCode).toBe(200);
    expect(
      initial
        .json()
        .data.kinds.map((k: { kind: string; inApp: boolean; email: boolean }) => [
          k.kind,
          k.inApp,
          k.email,
        ]),
    ).toEqual([
      ['bookings', true, true],
      ['messages', true, true],
      // Reviews are only sent in the app: their email switch reads false.
      ['reviews', true, false],
      ['reminders', true, true],
    ]);

    // The answer of GET, edited and sent back whole, is accepted.
    const edited = initial
      .json()
      .data.kinds.map((k: { kind: string }) =>
        k.kind === 'messages' ? { ...k, inApp: false } : k,
      );
    const put = await inject('PUT', '/v1/me/notification-preferences', me.token, {
      kinds: edited,
    });
    expect(put.statusCode).toBe(200);
    const again = await inject('GET', '/v1/me/notification-preferences', me.token);
    expect(again.json().data).toEqual(put.json().data);
    expect(
      again.json().data.kinds.find((k: { kind: string }) => k.kind === 'messages'),
    ).toMatchObject({ inApp: false, email: true });
    const stored = await ctx.app.db
      .select()
      .from(notificationPreferences)
      .where(eq(notificationPreferences.userId, me.id));
    expect(stored.map((r) => [r.kind, r.channel, r.enabled])).toEqual([
      ['messages', 'in_app', false],
    ]);

    // Described as each role receives them: reviews of a business are a pro's, not a customer's.
    const reviewsOf = (res: { json(): { data: { kinds: { kind: string }[] } } }) =>
      res.json().data.kinds.find((k) => k.kind === 'reviews');
    expect(reviewsOf(initial)).toMatchObject({
      description: 'Replies from pros to your reviews.',
    });
    expect(JSON.stringify(put.json().data)).not.toContain('your business');
    const pro = await createVendor(ctx);
    const proPrefs = await inject('GET', '/v1/me/notification-preferences', pro.token);
    expect(reviewsOf(proPrefs)).toMatchObject({ description: 'New reviews of your business.' });

    const unknown = await inject('PUT', '/v1/me/notification-preferences', me.token, {
      kinds: [{ kind: 'marketing', inApp: false, email: false }],
    });
    expect(unknown.statusCode).toBe(400);
    const twice = await inject('PUT', '/v1/me/notification-preferences', me.token, {
      kinds: [
        { kind: 'messages', inApp: false, email: true },
        { kind: 'messages', inApp: true, email: true },
      ],
    });
    expect(twice.statusCode).toBe(400);
    expect(twice.json().error.message).toContain('List each kind once');
  });

  it('creates no notification of a kind switched off in the app, and sends none by mail when off', async () => {
    const vendor = await createVendor(ctx);
    const quiet = await createCustomer(ctx, 'Quinn Quiet');
    const loud = await createCustomer(ctx, 'Lou Loud');
    const off = await inject('PUT', '/v1/me/notification-preferences', quiet.token, {
      kinds: [
        { kind: 'messages', inApp: false, email: true },
        { kind: 'bookings', inApp: true, email: false },
      ],
    });
    expect(off.statusCode).toBe(200);

    for (const who of [quiet, loud]) {
      await say(ctx, vendor, await openDirect(ctx, who, vendor), `Hello ${who.fullName}`);
      await paidOrder(ctx, vendor, who);
    }
    await ctx.drain();

    const typesOf = async (who: TestUser) =>
      (await inject('GET', '/v1/notifications?pageSize=50', who.token))
        .json()
        .data.items.map((n: { type: string }) => n.type);
    expect(await typesOf(loud)).toContain('message.received');
    expect(await typesOf(quiet)).not.toContain('message.received');
    // Bookings stay on in the app.
    expect(await typesOf(quiet)).toContain('payment.succeeded');

    const receipts = async (who: TestUser) =>
      (await mailsTo(ctx, who.email)).filter((m) => m.subject.startsWith('Your Vetted receipt'));
    expect(await receipts(loud)).toHaveLength(1);
    expect(await receipts(quiet)).toHaveLength(0);
  });
});
