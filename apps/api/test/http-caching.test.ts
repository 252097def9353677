import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createVendor, type TestVendor } from './fixtures';
import { createTestContext, type TestContext } from './helpers';

/**
 * HTTP caching of the public catalogue ("hot reads"): a weak ETag on every answer, 304
 * to a matching If-None-Match, and Cache-Control from CATALOGUE_CACHE_TTL_MS (30 s here).
 */

let ctx: TestContext;
let vendor: TestVendor;
/** Statements the app sends to the database while a test records them (null: not recording). */
let statements: string[] | null = null;
beforeAll(async () => {
  ctx = await createTestContext(
    { catalogueCacheTtlMs: 30_000 },
    { dbLogger: { logQuery: (query) => statements?.push(query) } },
  );
  vendor = await createVendor(ctx, { businessName: 'Etag Plumbing', category: 'plumbing' });
});
afterAll(async () => ctx?.close());

const get = (url: string, headers: Record<string, string> = {}) =>
  ctx.app.inject({ method: 'GET', url, headers });

describe('public catalogue reads', () => {
  it('carry a weak ETag and may be cached publicly for the TTL, stale for ten times that', async () => {
    const urls = [
      '/v1/categories',
      '/v1/vendors?category=plumbing',
      `/v1/vendors/${vendor.vendorId}`,
      `/v1/vendors/${vendor.vendorId}/services`,
      `/v1/services/${vendor.serviceId}`,
      `/v1/services/${vendor.serviceId}/gallery`,
    ];
    for (const url of urls) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers.etag, url).toMatch(/^W\/"[^"]+"$/);
      expect(res.headers['cache-control'], url).toBe(
        'public, max-age=30, stale-while-revalidate=300',
      );
    }
  });

  it('answer 304 with no body to a matching If-None-Match, 200 to a stale one', async () => {
    const first = await get('/v1/categories');
    const tag = first.headers.etag as string;
    const again = await get('/v1/categories', { 'if-none-match': tag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers.etag).toBe(tag);

    const stale = await get('/v1/categories', { 'if-none-match': 'W/"not-this-one"' });
    expect(stale.statusCode).toBe(200);
    expect(stale.json().ok).toBe(true);
  });

  it('give the br and the identity encoding of one body the same weak tag', async () => {
    const plain = await get('/v1/vendors?category=plumbing');
    const br = await get('/v1/vendors?category=plumbing', { 'accept-encoding': 'br' });
    expect(br.headers.etag).toBe(plain.headers.etag);
    const revalidated = await get('/v1/vendors?category=plumbing', {
      'accept-encoding': 'br',
      'if-none-match': plain.headers.etag as string,
    });
    expect(revalidated.statusCode).toBe(304);
  });

  it('match If-None-Match lists and *, as RFC 9110 §13.1.2 reads them', async () => {
    const tag = (await get('/v1/categories')).headers.etag as string;
    for (const header of [`W/"other", ${tag}`, tag.replace(/^W\//, ''), '*']) {
      expect((await get('/v1/categories', { 'if-none-match': header })).statusCode, header).toBe(
        304,
      );
    }
  });

  it('send a cached answer in the coding asked for, each decoding to exactly the identity body', async () => {
    for (let i = 0; i < 4; i++) {
      await createVendor(ctx, { businessName: `Coding Plumbing ${i}`, category: 'plumbing' });
    }
    const url = '/v1/vendors?category=plumbing&pageSize=50';
    const identity = await get(url, { 'accept-encoding': 'identity' });
    expect(identity.headers['content-encoding']).toBeUndefined();
    expect(identity.rawPayload.length).toBeGreaterThan(1024);
    expect(identity.json().data.total).toBe(5);
    const decoders = { br: brotliDecompressSync, gzip: gunzipSync, deflate: inflateSync };
    for (const [coding, decode] of Object.entries(decoders)) {
      const res = await get(url, { 'accept-encoding': `${coding}, identity;q=0.5` });
      expect(res.headers['content-encoding'], coding).toBe(coding);
      expect(res.headers.vary, coding).toMatch(/accept-encoding/i);
      expect(res.headers.etag, coding).toBe(identity.headers.etag);
      expect(decode(res.rawPayload).equals(identity.rawPayload), coding).toBe(true);
    }
  });

  it('answer a cached read without going to the database', async () => {
    const url = `/v1/services/${vendor.serviceId}`;
    const first = await get(url, { 'accept-encoding': 'br' });
    statements = [];
    try {
      const again = await get(url, { 'accept-encoding': 'br' });
      expect(again.statusCode).toBe(200);
      expect(again.rawPayload.equals(first.rawPayload)).toBe(true);
      expect(statements).toEqual([]);
    } finally {
      statements = null;
    }
  });

  it('slots revalidate on every use (no-cache) and still answer 304 when unchanged', async () => {
    // Slots are computed from now: hold the clock so a slot cannot start between the two reads.
    const now = ctx.app.clock.now();
    const held = vi.spyOn(ctx.app.clock, 'now').mockReturnValue(now);
    const url = `/v1/services/${vendor.serviceId}/slots?days=2`;
    const first = await get(url);
    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toBe('no-cache');
    const again = await get(url, { 'if-none-match': first.headers.etag as string });
    expect(again.statusCode).toBe(304);
    held.mockRestore();
  });

  it('an error answer is not marked cacheable', async () => {
    const res = await get('/v1/vendors/00000000-0000-4000-8000-000000000000');
    expect(res.statusCode).toBe(404);
    expect(res.headers['cache-control']).toBeUndefined();
  });
});
