import { createDecipheriv, createECDH, createHmac, hkdfSync, randomBytes } from 'node:crypto';
import { mkdtempSync, statSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { decodeProtectedHeader, importJWK, jwtVerify } from 'jose';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ConfigError, loadConfig } from '../src/config';
import { pushSubscriptions } from '../src/db/schema';
import { pushEndpointAllowed } from '../src/domains/notifications/push-service';
import {
  availableSlots,
  bearer,
  book,
  createCustomer,
  createVendor,
  paidOrder,
  pay,
  type TestUser,
  type TestVendor,
} from './fixtures';
import { getMe, latestCode, PASSWORD, post, signedUp } from './auth-helpers';
import { createTestContext, type TestContext } from './helpers';

/*
 * Web Push at protocol level: a local push service (an HTTP server) receives what the API sends
 * and the test decrypts it itself — RFC 8291 (ECDH P-256, HKDF-SHA-256, AES-128-GCM) over the
 * RFC 8188 `aes128gcm` record — with the subscription's private key and auth secret, and checks
 * the VAPID header (RFC 8292) against the server's public key. Nothing here trusts the library
 * that encrypts. Then the subscription routes, preferences and a gone (410) subscription.
 */

const HOUR = 3_600_000;

/** One POST the local push service received. */
interface Received {
  path: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

let ctx: TestContext;
let pushService: Server;
let pushOrigin: string;
const received: Received[] = [];
/** Status the push service answers on a path (default 201, as RFC 8030 §5). */
const statusOf = new Map<string, number>();

beforeAll(async () => {
  pushService = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const path = req.url ?? '/';
      received.push({ path, headers: req.headers, body: Buffer.concat(chunks) });
      res.writeHead(statusOf.get(path) ?? 201).end();
    });
  });
  await new Promise<void>((resolve) => pushService.listen(0, '127.0.0.1', resolve));
  pushOrigin = `http://127.0.0.1:${(pushService.address() as AddressInfo).port}`;
  // Long-lived tokens: the reminder test runs the clock a day ahead of their issue.
  ctx = await createTestContext({ pushAllowLocal: true, accessTokenTtlS: 400 * 24 * 3600 });
});
afterAll(async () => {
  await ctx?.close();
  await new Promise((resolve) => pushService?.close(resolve));
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.useRealTimers();
});

/** A browser's subscription: a fresh P-256 key pair and 16-byte auth secret, as a browser makes. */
function browserSubscription(path: string) {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const auth = randomBytes(16);
  return {
    ecdh,
    auth,
    json: {
      endpoint: `${pushOrigin}${path}`,
      expirationTime: null,
      keys: {
        p256dh: ecdh.getPublicKey().toString('base64url'),
        auth: auth.toString('base64url'),
      },
    },
  };
}
type BrowserSubscription = ReturnType<typeof browserSubscription>;

/** HMAC-SHA-256 based HKDF (RFC 5869) with node:crypto's primitive. */
const hkdf = (ikm: Buffer, salt: Buffer, info: Buffer, length: number) =>
  Buffer.from(hkdfSync('sha256', ikm, salt, info, length));

/**
 * Decrypts an `aes128gcm` Web Push body (RFC 8291 §3.3–3.4, RFC 8188 §2) with the receiving
 * browser's keys; a single record, as a Web Push message is (RFC 8291 §4).
 */
function decryptPush(body: Buffer, sub: BrowserSubscription): string {
  const salt = body.subarray(0, 16);
  const recordSize = body.readUInt32BE(16);
  const idLength = body[20]!;
  const serverPublic = body.subarray(21, 21 + idLength);
  const record = body.subarray(21 + idLength);
  expect(idLength).toBe(65); // keyid = the sender's ephemeral public key (RFC 8291 §4)
  expect(record.length).toBeLessThanOrEqual(recordSize);

  const ecdhSecret = sub.ecdh.computeSecret(serverPublic);
  const keyInfo = Buffer.concat([
    Buffer.from('WebPush: info\0'),
    sub.ecdh.getPublicKey(),
    serverPublic,
  ]);
  // RFC 8291 §3.3: PRK_key = HMAC(auth_secret, ecdh_secret); IKM = HMAC(PRK_key, key_info || 1).
  const prkKey = createHmac('sha256', sub.auth).update(ecdhSecret).digest();
  const ikm = createHmac('sha256', prkKey)
    .update(Buffer.concat([keyInfo, Buffer.from([1])]))
    .digest();
  expect(ikm).toEqual(hkdf(ecdhSecret, sub.auth, keyInfo, 32)); // the same, as HKDF
  // RFC 8188 §2.2–2.3: the content key and nonce from the record's salt.
  const cek = hkdf(ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16);
  const nonce = hkdf(ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12);
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(record.subarray(record.length - 16));
  const padded = Buffer.concat([
    decipher.update(record.subarray(0, record.length - 16)),
    decipher.final(),
  ]);
  // The last record ends with the delimiter 0x02, then zero padding (RFC 8188 §2).
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end--;
  expect(padded[end]).toBe(2);
  return padded.subarray(0, end).toString('utf8');
}

/** Verifies `Authorization: vapid t=<JWT>, k=<key>` (RFC 8292 §3) for a message to `endpoint`. */
async function verifyVapid(headers: IncomingHttpHeaders, endpoint: string, publicKey: string) {
  const match = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(headers.authorization ?? '');
  expect(match, `Authorization: ${headers.authorization}`).not.toBeNull();
  const [, jwt, k] = match!;
  expect(k).toBe(publicKey);
  const point = Buffer.from(publicKey, 'base64url');
  expect(point.length).toBe(65);
  const key = await importJWK(
    {
      kty: 'EC',
      crv: 'P-256',
      x: point.subarray(1, 33).toString('base64url'),
      y: point.subarray(33).toString('base64url'),
    },
    'ES256',
  );
  expect(decodeProtectedHeader(jwt!).alg).toBe('ES256');
  const { payload } = await jwtVerify(jwt!, key, { audience: new URL(endpoint).origin });
  expect(payload.sub).toMatch(/^(mailto:|https:\/\/)/);
  expect(payload.exp! * 1000).toBeGreaterThan(Date.now());
}

const publicKey = async () => {
  const res = await ctx.app.inject({ method: 'GET', url: '/v1/push/public-key' });
  expect(res.statusCode).toBe(200);
  return res.json().data.publicKey as string;
};

const subscribe = (user: TestUser, payload: unknown) =>
  ctx.app.inject({
    method: 'POST',
    url: '/v1/me/push-subscriptions',
    headers: bearer(user.token),
    payload: payload as object,
  });

const unsubscribe = (user: TestUser, endpoint: string) =>
  ctx.app.inject({
    method: 'DELETE',
    url: '/v1/me/push-subscriptions',
    headers: bearer(user.token),
    payload: { endpoint },
  });

const receivedAt = (path: string) => received.filter((r) => r.path === path);

const storedSubscription = async (endpoint: string) =>
  (
    await ctx.app.db
      .select()
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.endpoint, endpoint))
  )[0];

describe('VAPID configuration', () => {
  const env = { SMTP_URL: '', DATABASE_URL: '', JWT_SECRET: 'x'.repeat(32) };

  it('generates a key pair once into the data folder and keeps it', () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'vetted-vapid-'));
    const first = loadConfig(env, { dataDir });
    const again = loadConfig(env, { dataDir });
    expect(again.vapid).toEqual(first.vapid);
    expect(Buffer.from(first.vapid.privateKey, 'base64url').length).toBe(32);
    expect(statSync(join(dataDir, 'vapid-keys.json')).mode & 0o777).toBe(0o600);
    expect(first.vapid.subject).toBe('mailto:no-reply@vetted.local');
  });

  it('takes VAPID_* from the environment, both keys or neither', () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'vetted-vapid-'));
    const keys = loadConfig(env, { dataDir }).vapid;
    const other = mkdtempSync(join(tmpdir(), 'vetted-vapid-'));
    const set = loadConfig(
      {
        ...env,
        VAPID_PUBLIC_KEY: keys.publicKey,
        VAPID_PRIVATE_KEY: keys.privateKey,
        VAPID_SUBJECT: 'https://vetted.example.com',
      },
      { dataDir: other },
    );
    expect(set.vapid).toEqual({ ...keys, subject: 'https://vetted.example.com' });
    expect(() => loadConfig({ ...env, VAPID_PUBLIC_KEY: keys.publicKey }, { dataDir })).toThrow(
      ConfigError,
    );
    expect(() =>
      loadConfig({ ...env, PUSH_ALLOW_LOCAL: 'true', NODE_ENV: 'production' }, { dataDir }),
    ).toThrow(/PUSH_ALLOW_LOCAL/);
  });
});

describe('push endpoints the server posts to', () => {
  it.each([
    ['https://fcm.googleapis.com/fcm/send/abc', false, true],
    ['https://web.push.apple.com/QGx', false, true],
    ['http://updates.push.services.mozilla.com/wpush/v2/x', false, false],
    ['https://localhost/x', false, false],
    ['https://127.0.0.1/x', false, false],
    ['https://[::1]/x', false, false],
    ['https://10.0.0.8/x', false, false],
    ['http://127.0.0.1:9999/x', true, true],
  ])('%s (allow local: %s) → %s', (endpoint, allowLocal, expected) => {
    expect(pushEndpointAllowed(endpoint, allowLocal)).toBe(expected);
  });
});

describe('GET /v1/push/public-key', () => {
  it('answers the VAPID public key, an uncompressed P-256 point, to anyone', async () => {
    const key = await publicKey();
    expect(key).toBe(ctx.config.vapid.publicKey);
    const point = Buffer.from(key, 'base64url');
    expect(point.length).toBe(65);
    expect(point[0]).toBe(4);
  });
});

describe('POST / DELETE /v1/me/push-subscriptions', () => {
  it('adds, replaces (same endpoint) and removes this browser', async () => {
    const ann = await createCustomer(ctx, 'Ann');
    const phone = browserSubscription('/sub/ann-phone');
    const laptop = browserSubscription('/sub/ann-laptop');

    expect((await subscribe(ann, phone.json)).json().data).toEqual({ devices: 1 });
    expect((await subscribe(ann, laptop.json)).json().data).toEqual({ devices: 2 });
    // The same endpoint with new keys replaces the row.
    const renewed = browserSubscription('/sub/ann-phone');
    expect((await subscribe(ann, renewed.json)).json().data).toEqual({ devices: 2 });
    expect((await storedSubscription(phone.json.endpoint))?.p256dh).toBe(renewed.json.keys.p256dh);

    expect((await unsubscribe(ann, laptop.json.endpoint)).json().data).toEqual({ devices: 1 });
    // Unknown endpoints are ignored.
    const again = await unsubscribe(ann, laptop.json.endpoint);
    expect(again.statusCode).toBe(200);
    expect(again.json().data).toEqual({ devices: 1 });
  });

  it('moves a browser to the account that subscribed it last', async () => {
    const first = await createCustomer(ctx, 'First');
    const second = await createCustomer(ctx, 'Second');
    const shared = browserSubscription('/sub/shared');
    await subscribe(first, shared.json);
    expect((await subscribe(second, shared.json)).json().data).toEqual({ devices: 1 });
    expect((await storedSubscription(shared.json.endpoint))?.userId).toBe(second.id);
    // The first account no longer has it, and cannot remove the second's.
    expect((await unsubscribe(first, shared.json.endpoint)).json().data).toEqual({ devices: 0 });
    expect(await storedSubscription(shared.json.endpoint)).toBeDefined();
  });

  it('refuses anonymous callers (401) and malformed subscriptions (400)', async () => {
    const sub = browserSubscription('/sub/anon');
    const anon = await ctx.app.inject({
      method: 'POST',
      url: '/v1/me/push-subscriptions',
      payload: sub.json,
    });
    expect(anon.statusCode).toBe(401);
    const anonDelete = await ctx.app.inject({
      method: 'DELETE',
      url: '/v1/me/push-subscriptions',
      payload: { endpoint: sub.json.endpoint },
    });
    expect(anonDelete.statusCode).toBe(401);

    const bob = await createCustomer(ctx, 'Bob');
    const noKeys = await subscribe(bob, { endpoint: sub.json.endpoint });
    expect(noKeys.statusCode).toBe(400);
    const notUrl = await subscribe(bob, { ...sub.json, endpoint: 'not a url' });
    expect(notUrl.statusCode).toBe(400);
    expect(notUrl.json().error.message).toMatch(/endpoint/i);
    expect(await storedSubscription(sub.json.endpoint)).toBeUndefined();
  });
});

describe('account deletion', () => {
  it('removes the account’s push subscriptions', async () => {
    const { email, session } = await signedUp(ctx, 'customer');
    const token = session.accessToken;
    const id = (await getMe(ctx, token)).json().data.id as string;
    const user = { id, email, fullName: 'Gone', token };
    const sub = browserSubscription(`/sub/${id}/deleted`);
    expect((await subscribe(user, sub.json)).statusCode).toBe(200);

    const start = await post(ctx, '/v1/me/deletion', { password: PASSWORD }, bearer(token));
    expect(start.statusCode).toBe(200);
    const done = await post(
      ctx,
      '/v1/me/deletion/confirm',
      { challengeId: start.json().data.challengeId, code: await latestCode(ctx, email) },
      bearer(token),
    );
    expect(done.statusCode).toBe(200);
    expect(await storedSubscription(sub.json.endpoint)).toBeUndefined();
  });
});

describe('delivery', () => {
  let pro: TestVendor;

  beforeAll(async () => {
    pro = await createVendor(ctx, {
      businessName: 'Lee Plumbing',
      timeZone: 'America/Los_Angeles',
      hours: [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({
        weekday,
        startMinute: 9 * 60,
        endMinute: 10 * 60,
      })),
    });
  });

  it('pushes "On my way" to the customer, encrypted for their browser and signed with VAPID', async () => {
    const { customer, order } = await paidOrder(ctx, pro);
    const accept = await ctx.app.inject({
      method: 'POST',
      url: `/v1/orders/${order.id}/transitions`,
      headers: bearer(pro.token),
      payload: { action: 'accept' },
    });
    expect(accept.statusCode).toBe(200);
    await ctx.drain();
    const sub = browserSubscription(`/sub/${customer.id}`);
    expect((await subscribe(customer, sub.json)).statusCode).toBe(200);

    vi.spyOn(ctx.app.clock, 'now').mockReturnValue(new Date(Date.parse(order.startsAt) - HOUR));
    const sent = await ctx.app.inject({
      method: 'POST',
      url: `/v1/orders/${order.id}/on-my-way`,
      headers: bearer(pro.token),
      payload: { etaMinutes: 20 },
    });
    expect(sent.statusCode).toBe(200);
    await ctx.drain();

    const [message, ...more] = receivedAt(`/sub/${customer.id}`);
    expect(more).toEqual([]);
    expect(message).toBeDefined();
    expect(message!.headers['content-encoding']).toBe('aes128gcm');
    expect(Number(message!.headers.ttl)).toBeGreaterThan(0);
    await verifyVapid(message!.headers, sub.json.endpoint, await publicKey());
    const payload = JSON.parse(decryptPush(message!.body, sub));
    expect(payload).toEqual({
      title: 'Lee Plumbing is on the way',
      body: expect.stringMatching(/^Lee Plumbing is on the way — about 20 min/),
      url: expect.stringContaining(order.id),
      tag: expect.any(String),
    });
    // The same notice is in the app, with the same link.
    const inbox = await ctx.app.inject({
      method: 'GET',
      url: '/v1/notifications',
      headers: bearer(customer.token),
    });
    const notice = (inbox.json().data.items as { type: string; link: string }[]).find(
      (n) => n.type === 'order.on_my_way',
    );
    expect(notice?.link).toBe(payload.url);
    expect((await storedSubscription(sub.json.endpoint))?.lastSuccessAt).not.toBeNull();
  });

  it('pushes the customer’s reminder the day before a booking', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2027-05-03T12:00:00Z'));
    const vendor = await createVendor(ctx, { businessName: 'Ace Plumbing' });
    const customer = await createCustomer(ctx, 'Rita');
    const sub = browserSubscription(`/sub/${customer.id}`);
    await subscribe(customer, sub.json);
    // A slot two days or more ahead, so that "24 h before" is still to come.
    const slots = await availableSlots(ctx, vendor.serviceId, 7);
    const startsAt = slots.find((x) => Date.parse(x.startsAt) > Date.now() + 48 * HOUR)!.startsAt;
    const booked = await book(ctx, customer, vendor.serviceId, startsAt);
    expect(booked.statusCode, booked.body).toBe(201);
    const order = booked.json().data as { id: string; startsAt: string };
    expect((await pay(ctx, customer, order.id)).statusCode).toBe(200);
    await ctx.drain();
    const titles = () =>
      receivedAt(`/sub/${customer.id}`).map((m) => JSON.parse(decryptPush(m.body, sub)));
    // The booking's own notices (receipt) may arrive; no reminder yet.
    const before = titles().length;
    expect(titles().filter((p) => p.title.startsWith('Reminder:'))).toEqual([]);

    // One minute past "24 h before" (the same local time the day before).
    vi.setSystemTime(new Date(Date.parse(order.startsAt) - 24 * HOUR + 60_000));
    await ctx.drain();
    expect(titles().slice(before)).toEqual([
      expect.objectContaining({
        title: expect.stringMatching(/^Reminder: /),
        url: expect.stringContaining(order.id),
      }),
    ]);
  });

  it('sends nothing by push when the kind’s push switch is off, and keeps the in-app notice', async () => {
    const vendor = await createVendor(ctx, { businessName: 'Quiet Pros' });
    const sub = browserSubscription(`/sub/${vendor.id}`);
    await subscribe(vendor, sub.json);
    const prefs = await ctx.app.inject({
      method: 'PUT',
      url: '/v1/me/notification-preferences',
      headers: bearer(vendor.token),
      payload: { kinds: [{ kind: 'bookings', inApp: true, email: true, push: false }] },
    });
    expect(prefs.statusCode).toBe(200);
    const bookings = prefs.json().data.kinds.find((k: { kind: string }) => k.kind === 'bookings');
    expect(bookings).toMatchObject({ inApp: true, email: true, push: false });
    expect(bookings.channels).toContain('push');
    // A client that does not know push leaves the switch as it is.
    const older = await ctx.app.inject({
      method: 'PUT',
      url: '/v1/me/notification-preferences',
      headers: bearer(vendor.token),
      payload: { kinds: [{ kind: 'bookings', inApp: true, email: true }] },
    });
    expect(older.json().data.kinds[0]).toMatchObject({ kind: 'bookings', push: false });

    await paidOrder(ctx, vendor);
    await ctx.drain();
    expect(receivedAt(`/sub/${vendor.id}`)).toEqual([]);
    const inbox = await ctx.app.inject({
      method: 'GET',
      url: '/v1/notifications',
      headers: bearer(vendor.token),
    });
    expect(inbox.json().data.total).toBeGreaterThan(0);
  });

  it('deletes a subscription its push service says is gone (410)', async () => {
    const vendor = await createVendor(ctx, { businessName: 'Gone Pros' });
    const gone = browserSubscription(`/sub/${vendor.id}/gone`);
    const live = browserSubscription(`/sub/${vendor.id}/live`);
    statusOf.set(`/sub/${vendor.id}/gone`, 410);
    await subscribe(vendor, gone.json);
    expect((await subscribe(vendor, live.json)).json().data).toEqual({ devices: 2 });

    await paidOrder(ctx, vendor);
    await ctx.drain();
    expect(receivedAt(`/sub/${vendor.id}/gone`).length).toBeGreaterThan(0);
    const delivered = receivedAt(`/sub/${vendor.id}/live`);
    expect(delivered.length).toBeGreaterThan(0);
    const first = JSON.parse(decryptPush(delivered[0]!.body, live));
    expect(first.url).toMatch(/^\//);
    expect(await storedSubscription(gone.json.endpoint)).toBeUndefined();
    expect(await storedSubscription(live.json.endpoint)).toBeDefined();
  });
});
