import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVendor } from './fixtures';
import { createTestContext, type TestContext } from './helpers';

const TTL_MS = 400;
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ catalogueCacheTtlMs: TTL_MS });
  await createVendor(ctx, { businessName: 'First Plumbing', category: 'plumbing' });
});
afterAll(async () => ctx?.close());

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
    // Within the TTL the cached answers stand…
    expect(await plumbingCount()).toBe(1);
    expect(await plumbingTotal()).toBe(1);
    // …a different query is its own cache entry…
    const other = await ctx.app.inject({
      method: 'GET',
      url: '/v1/vendors?category=plumbing&page=1&pageSize=5',
    });
    expect(other.json().data.total).toBe(2);
    // …and after the TTL the new vendor is counted.
    await new Promise((r) => setTimeout(r, TTL_MS + 100));
    expect(await plumbingCount()).toBe(2);
    expect(await plumbingTotal()).toBe(2);
  });
});
