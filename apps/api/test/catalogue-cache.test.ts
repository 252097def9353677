import { performance } from 'node:perf_hooks';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createVendor } from './fixtures';
import { createTestContext, type TestContext } from './helpers';

/**
 * Cache lifetime under test (ms). Far longer than the test takes in real time, even on a busy
 * machine, so entries expire only when the test moves the clock, never because it ran slowly.
 */
const TTL_MS = 60_000;

/**
 * The catalogue cache (lru-cache in domains/catalogue/service.ts) ages entries by `performance.now()` of
 * node:perf_hooks, the object it captured at import. `vi.useFakeTimers` replaces the global
 * `performance` with a new object, which that cache never sees, so the test moves the clock
 * itself: real time plus `skewMs`. Moving it forward is how time passes here; nothing sleeps.
 */
let skewMs = 0;
const advance = (ms: number) => {
  skewMs += ms;
};

let ctx: TestContext;
beforeAll(async () => {
  const realNow = performance.now.bind(performance);
  vi.spyOn(performance, 'now').mockImplementation(() => realNow() + skewMs);
  ctx = await createTestContext({ catalogueCacheTtlMs: TTL_MS });
  await createVendor(ctx, { businessName: 'First Plumbing', category: 'plumbing' });
});
afterAll(async () => {
  await ctx?.close();
  vi.restoreAllMocks();
});

async function plumbingCount(): Promise<number> {
  const res = await ctx.app.inject({ method: 'GET', url: '/v1/categories' });
  const cats = res.json().data as { slug: string; vendorCount: number }[];
  return cats.find((c) => c.slug === 'plumbing')?.vendorCount ?? -1;
}

async function plumbingTotal(): Promise<number> {
  const res = await ctx.app.inject({ method: 'GET', url: '/v1/vendors?category=plumbing' });
  return res.json().data.total as number;
}

describe('catalogue cache (CATALOGUE_CACHE_TTL_MS)', () => {
  it('serves categories and vendor lists from cache until the TTL passes', async () => {
    expect(await plumbingCount()).toBe(1);
    expect(await plumbingTotal()).toBe(1);
    await createVendor(ctx, { businessName: 'Second Plumbing', category: 'plumbing' });
    // Shortly before the TTL the cached answers stand…
    advance(TTL_MS - 5_000);
    expect(await plumbingCount()).toBe(1);
    expect(await plumbingTotal()).toBe(1);
    // …a different query is its own cache entry…
    const other = await ctx.app.inject({
      method: 'GET',
      url: '/v1/vendors?category=plumbing&page=1&pageSize=5',
    });
    expect(other.json().data.total).toBe(2);
    // …and once the TTL has passed the new vendor is counted. lru-cache reuses its last clock
    // reading for up to 1 ms (ttlResolution), so wait for the state, not for a time.
    advance(5_001);
    await expect.poll(plumbingCount).toBe(2);
    await expect.poll(plumbingTotal).toBe(2);
  });
});
