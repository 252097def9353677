import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { serializeSessionCookie } from '@vetted/session';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  createAdmin,
  createCustomer,
  createVendor,
  multipartPayload,
  openDirect,
  type TestUser,
  type TestVendor,
} from './fixtures';
import { createTestContext, type TestContext } from './helpers';

/**
 * Message image attachments are private: `GET /media/messages/{conversation}/{file}` answers
 * the conversation's participants and admins (support), by bearer token or by the
 * `user_session` cookie an `<img>` sends, with `Cache-Control: private`; everyone else gets
 * exactly the 404 of a random file. Files live in the private store, never in the public one.
 */

let ctx: TestContext;
let customer: TestUser;
let vendor: TestVendor;
let admin: TestUser;
let otherCustomer: TestUser;
let otherVendor: TestVendor;
let direct: string;
let url: string;
let thumbUrl: string;

beforeAll(async () => {
  ctx = await createTestContext();
  customer = await createCustomer(ctx, 'Cora Customer');
  vendor = await createVendor(ctx, { businessName: 'Drip Masters' });
  admin = await createAdmin(ctx, 'Ana Lopez');
  otherCustomer = await createCustomer(ctx, 'Ivan Intruder');
  otherVendor = await createVendor(ctx, { businessName: 'Nosy Pipes' });
  direct = await openDirect(ctx, customer, vendor);
  const png = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#c0ffee' } })
    .png()
    .toBuffer();
  const form = await multipartPayload({ body: 'The spare key', images: [png] });
  const sent = await ctx.app.inject({
    method: 'POST',
    url: `/v1/conversations/${direct}/messages`,
    headers: { ...bearer(customer.token), ...form.headers },
    payload: form.payload,
  });
  expect(sent.statusCode).toBe(201);
  ({ url, thumbUrl } = sent.json().data.attachments[0]);
});
afterAll(async () => ctx?.close());

/** The `Cookie` header a browser sends with the session cookie of `user` (packages/session). */
function sessionCookie(user: TestUser, role: 'customer' | 'vendor' | 'admin'): string {
  const setCookie = serializeSessionCookie({
    accessToken: user.token,
    refreshToken: 'not-used-here',
    expiresIn: new Date(Date.now() + 15 * 60_000).toISOString(),
    role,
  });
  return setCookie.split(';')[0] ?? '';
}

const fetchAs = (path: string, headers: Record<string, string> = {}) =>
  ctx.app.inject({ method: 'GET', url: path, headers });

describe('message attachments: who may read them', () => {
  it('are stored in the private store, under the same key, and not in the public one', () => {
    const key = url.replace(/^\/media\//, '');
    expect(key).toMatch(new RegExp(`^messages/${direct}/[0-9a-f-]{36}\\.webp$`));
    expect(existsSync(join(ctx.config.privateUploadDir, key))).toBe(true);
    expect(existsSync(join(ctx.config.privateUploadDir, `${key}.thumb.webp`))).toBe(true);
    expect(existsSync(join(ctx.config.uploadDir, 'messages'))).toBe(false);
  });

  it.each([
    ['the customer (bearer)', () => bearer(customer.token)],
    ['the pro (bearer)', () => bearer(vendor.token)],
    [
      'the customer (session cookie, as an <img> sends it)',
      () => ({
        cookie: sessionCookie(customer, 'customer'),
      }),
    ],
    ['the pro (session cookie)', () => ({ cookie: sessionCookie(vendor, 'vendor') })],
    ['an admin, for support (bearer)', () => bearer(admin.token)],
    ['an admin (session cookie)', () => ({ cookie: sessionCookie(admin, 'admin') })],
  ])('%s gets the image and its thumbnail, cached privately', async (_who, headers) => {
    for (const path of [url, thumbUrl]) {
      const res = await fetchAs(path, headers());
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/webp');
      expect(res.headers['cache-control']).toBe('private, no-cache');
      expect(res.headers.etag).toMatch(/^"/);
      expect((await sharp(res.rawPayload).metadata()).format).toBe('webp');
    }
  });

  it('answers a participant 304 to the ETag they hold', async () => {
    const first = await fetchAs(url, bearer(vendor.token));
    const again = await fetchAs(url, {
      ...bearer(vendor.token),
      'if-none-match': String(first.headers.etag),
    });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
    expect(again.headers['cache-control']).toBe('private, no-cache');
  });

  it('answers anyone else exactly the 404 of a random file, with or without the ETag', async () => {
    const etag = String((await fetchAs(url, bearer(customer.token))).headers.etag);
    const random = await fetchAs(`/media/messages/${randomUUID()}/${randomUUID()}.webp`, {
      ...bearer(customer.token),
    });
    expect(random.statusCode).toBe(404);
    const outsiders: Array<[string, Record<string, string>]> = [
      ['anonymous', {}],
      ['another customer', bearer(otherCustomer.token)],
      ['another pro', bearer(otherVendor.token)],
      ['another customer (cookie)', { cookie: sessionCookie(otherCustomer, 'customer') }],
      ['a forged token', bearer('not.a.token')],
      ['a forged cookie', { cookie: 'user_session=%7B%22accessToken%22%3A%22x%22%7D' }],
    ];
    for (const [who, headers] of outsiders) {
      for (const path of [url, thumbUrl]) {
        const conditionals: Record<string, string>[] = [{}, { 'if-none-match': etag }];
        for (const conditional of conditionals) {
          const res = await fetchAs(path, { ...headers, ...conditional });
          expect({ who, status: res.statusCode }).toEqual({ who, status: 404 });
          expect(res.json()).toEqual(random.json());
          expect(res.headers['cache-control']).toBe(random.headers['cache-control']);
        }
      }
    }
  });

  it('is a 404 for malformed paths, for participants too', async () => {
    for (const path of [
      `/media/messages/${direct}`,
      `/media/messages/not-a-uuid/a.webp`,
      `/media/messages/${direct}/../../avatars/x.webp`,
      `/media/messages/${direct}/a/b.webp`,
    ]) {
      const res = await fetchAs(path, bearer(customer.token));
      expect({ path, status: res.statusCode }).toEqual({ path, status: 404 });
    }
  });
});

describe('attachments sent while they were public', () => {
  it('keep their URL for participants and are never served publicly', async () => {
    // An image stored the old way: in the public store, under the same key shape.
    const key = `messages/${direct}/${randomUUID()}.webp`;
    const webp = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#000' } })
      .webp()
      .toBuffer();
    await ctx.app.storage.put(key, webp, 'image/webp');

    const participant = await fetchAs(`/media/${key}`, bearer(vendor.token));
    expect(participant.statusCode).toBe(200);
    expect(participant.headers['cache-control']).toBe('private, no-cache');
    expect(participant.rawPayload.equals(webp)).toBe(true);

    for (const headers of [{}, bearer(otherCustomer.token)]) {
      const res = await fetchAs(`/media/${key}`, headers);
      expect(res.statusCode).toBe(404);
    }
  });
});
