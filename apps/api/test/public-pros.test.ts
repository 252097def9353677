import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDatabase, uuidFromName } from '../src/db/seed';
import { vendorProfiles } from '../src/db/schema';
import { syncVendorSlug, vendorSlug } from '../src/domains/vendors/slug';
import { bearer, createAdmin, createVendor, type TestVendor } from './fixtures';
import { createTestContext, type TestContext } from './helpers';

let ctx: TestContext;
/** The seeded demo pro (db/seed.ts): Demo Plumbing Co. in Boston. */
const demoId = uuidFromName('demo:vendor-profile');
const demoSlug = vendorSlug('Demo Plumbing Co.', demoId);

beforeAll(async () => {
  ctx = await createTestContext();
  await seedDatabase(ctx.app.db, ctx.config, ctx.app.log);
}, 180_000);
afterAll(async () => ctx?.close());

const get = (url: string) => ctx.app.inject({ method: 'GET', url });

/** A fixture pro with its first slug set, as sign-up sets it. */
async function proWithSlug(businessName: string): Promise<TestVendor & { slug: string }> {
  const vendor = await createVendor(ctx, { businessName, city: 'Boston', category: 'plumbing' });
  const slug = await syncVendorSlug(ctx.app.db, vendor.vendorId, businessName, null);
  return { ...vendor, slug };
}

describe('GET /v1/pros/:slug', () => {
  it("answers the demo pro's public profile with the seeded values", async () => {
    const res = await get(`/v1/pros/${demoSlug}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toMatch(/^public/);
    const pro = res.json().data;
    const [row] = await ctx.app.db
      .select()
      .from(vendorProfiles)
      .where(eq(vendorProfiles.id, demoId));
    expect(pro).toMatchObject({
      id: demoId,
      slug: demoSlug,
      businessName: 'Demo Plumbing Co.',
      tagline: 'Friendly, fast plumbing across Boston',
      serviceArea: { city: 'Boston', country: 'US', radiusKm: 25 },
      memberSince: '2023-03-14T00:00:00.000Z',
      vetting: {
        status: 'approved',
        approvedAt: row!.vettingUpdatedAt!.toISOString(),
        checks: ['identity', 'insurance'],
      },
    });
    expect(pro.slug).toMatch(/^demo-plumbing-co-[0-9a-f]{6}$/);
    expect(pro.bio).toContain(
      'Demo Plumbing Co. fixes leaks, drains and water heaters across Boston',
    );
    expect(pro.avatarUrl).toMatch(/^\/media\//);
    expect(pro.categories[0]).toEqual({ slug: 'plumbing', name: 'Plumbing' });

    // The same numbers as the reviews: the seed sets the profile's rating from them.
    expect(pro.rating.count).toBe(row!.ratingCount);
    expect(pro.rating.count).toBeGreaterThan(0);
    expect(pro.rating.average).toBeCloseTo(row!.ratingAverage, 6);
    const { breakdown } = pro.rating;
    expect(breakdown[5] + breakdown[4] + breakdown[3] + breakdown[2] + breakdown[1]).toBe(
      pro.rating.count,
    );
    const firstPage = await get(`/v1/vendors/${demoId}/reviews?page=1&pageSize=10`);
    expect(pro.reviews).toEqual(firstPage.json().data);
    expect(pro.reviews.breakdown.histogram).toEqual({
      1: breakdown[1],
      2: breakdown[2],
      3: breakdown[3],
      4: breakdown[4],
      5: breakdown[5],
    });

    // Active services with prices, as the vendor's service list has them.
    const services = await get(`/v1/vendors/${demoId}/services`);
    expect(pro.services.length).toBeGreaterThan(0);
    expect(pro.services).toEqual(services.json().data);
    for (const s of pro.services) {
      expect(s.price.amount).toBeGreaterThan(0);
      expect(s.price.currency).toBe('USD');
    }
  });

  it('answers 301 to the current slug for an old one after a rename', async () => {
    const pro = await proWithSlug('Harbor Drain Works');
    const renamed = await ctx.app.inject({
      method: 'PUT',
      url: '/v1/vendor/profile',
      headers: bearer(pro.token),
      payload: {
        businessName: 'Harbor Drain & Sewer',
        tagline: 'Drains cleared same day',
        bio: 'Drains.',
        primaryCategorySlug: 'plumbing',
        city: 'Boston',
        country: 'US',
        lat: 42.3584,
        lng: -71.0598,
        serviceRadiusKm: 20,
      },
    });
    expect(renamed.statusCode).toBe(200);
    const current = vendorSlug('Harbor Drain & Sewer', pro.vendorId);
    expect(current).not.toBe(pro.slug);

    const res = await get(`/v1/pros/${pro.slug}`);
    expect(res.statusCode).toBe(301);
    expect(res.headers.location).toBe(`/v1/pros/${current}`);
    expect(res.json()).toEqual({
      ok: true,
      data: { slug: current, redirectTo: `/v1/pros/${current}` },
    });
    // The reviews list moves along, with its query.
    const reviews = await get(`/v1/pros/${pro.slug}/reviews?page=2&pageSize=5`);
    expect(reviews.statusCode).toBe(301);
    expect(reviews.headers.location).toBe(`/v1/pros/${current}/reviews?page=2&pageSize=5`);

    const now = await get(`/v1/pros/${current}`);
    expect(now.statusCode).toBe(200);
    expect(now.json().data).toMatchObject({
      id: pro.vendorId,
      slug: current,
      businessName: 'Harbor Drain & Sewer',
      tagline: 'Drains cleared same day',
      serviceArea: { city: 'Boston', country: 'US', radiusKm: 20 },
      vetting: { status: 'approved', checks: [] },
      rating: { average: 0, count: 0, breakdown: { 5: 0, 4: 0, 3: 0, 2: 0, 1: 0 } },
    });
  });

  it('answers 404 with the standard error for an unknown slug', async () => {
    for (const url of ['/v1/pros/no-such-pro-abc123', '/v1/pros/no-such-pro-abc123/reviews']) {
      const res = await get(url);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({
        ok: false,
        error: { message: 'Vendor not found', code: 'vendor_not_found' },
      });
    }
  });

  it('answers 404 for a suspended pro, and for a pending one', async () => {
    const pro = await proWithSlug('Suspended Pipes');
    expect((await get(`/v1/pros/${pro.slug}`)).statusCode).toBe(200);
    const admin = await createAdmin(ctx);
    const suspended = await ctx.app.inject({
      method: 'POST',
      url: `/v1/admin/vendors/${pro.vendorId}/suspend`,
      headers: bearer(admin.token),
      payload: { reason: 'Insurance lapsed' },
    });
    expect(suspended.statusCode).toBe(200);
    for (const url of [`/v1/pros/${pro.slug}`, `/v1/pros/${pro.slug}/reviews`]) {
      const res = await get(url);
      expect(res.statusCode).toBe(404);
      expect(res.json().error.code).toBe('vendor_not_found');
    }

    const pending = await createVendor(ctx, { businessName: 'Pending Pipes', status: 'pending' });
    const slug = await syncVendorSlug(ctx.app.db, pending.vendorId, 'Pending Pipes', null);
    expect((await get(`/v1/pros/${slug}`)).statusCode).toBe(404);
  });
});

describe('GET /v1/pros/:slug/reviews', () => {
  it('pages the pro reviews, newest first, as the vendor review list does', async () => {
    const first = (await get(`/v1/pros/${demoSlug}/reviews?page=1&pageSize=3`)).json().data;
    const res = await get(`/v1/pros/${demoSlug}/reviews?page=2&pageSize=3`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
    const second = res.json().data;
    expect(second.total).toBeGreaterThan(6);
    expect(second).toMatchObject({
      page: 2,
      pageSize: 3,
      totalPages: Math.ceil(second.total / 3),
    });
    expect(second.items).toHaveLength(3);
    expect(second).toEqual(
      (await get(`/v1/vendors/${demoId}/reviews?page=2&pageSize=3`)).json().data,
    );
    // Pages do not overlap, and run newest first across them.
    const both = [...first.items, ...second.items];
    expect(new Set(both.map((r: { id: string }) => r.id)).size).toBe(6);
    const times = both.map((r: { createdAt: string }) => Date.parse(r.createdAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));

    const defaults = (await get(`/v1/pros/${demoSlug}/reviews`)).json().data;
    expect(defaults).toMatchObject({ page: 1, pageSize: 20 });
    const tooBig = await get(`/v1/pros/${demoSlug}/reviews?pageSize=51`);
    expect(tooBig.statusCode).toBe(400);
  });
});

describe('cached pro page', () => {
  let cached: TestContext;
  beforeAll(async () => {
    cached = await createTestContext({ catalogueCacheTtlMs: 60_000 });
  });
  afterAll(async () => cached?.close());

  it('is kept like catalogue reads and purged when the pro is suspended', async () => {
    const pro = await createVendor(cached, { businessName: 'Cached Pipes' });
    const slug = await syncVendorSlug(cached.app.db, pro.vendorId, 'Cached Pipes', null);
    const url = `/v1/pros/${slug}`;
    const first = await cached.app.inject({ method: 'GET', url });
    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toBe('public, max-age=60, stale-while-revalidate=600');
    // Written behind the app's back: the cached answer still shows the old tagline.
    await cached.app.db
      .update(vendorProfiles)
      .set({ tagline: 'Changed behind the cache' })
      .where(eq(vendorProfiles.id, pro.vendorId));
    const again = await cached.app.inject({ method: 'GET', url });
    expect(again.json().data.tagline).toBe('Reliable and friendly');

    const admin = await createAdmin(cached);
    const suspended = await cached.app.inject({
      method: 'POST',
      url: `/v1/admin/vendors/${pro.vendorId}/suspend`,
      headers: bearer(admin.token),
      payload: { reason: 'Insurance lapsed' },
    });
    expect(suspended.statusCode).toBe(200);
    expect((await cached.app.inject({ method: 'GET', url })).statusCode).toBe(404);
  });
});
