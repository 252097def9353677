import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { services } from '../src/db/schema';
import { createVendor, type TestVendor } from './fixtures';
import { createTestContext, type TestContext } from './helpers';

let ctx: TestContext;
let boston: TestVendor;
let cambridge: TestVendor;
let nyc: TestVendor;
let london: TestVendor;
let pending: TestVendor;

beforeAll(async () => {
  ctx = await createTestContext();
  // Known places: Boston and Cambridge MA are ~5 km apart; New York is ~300 km from Boston.
  boston = await createVendor(ctx, {
    businessName: 'Boston Pipe Pros',
    city: 'Boston',
    lat: 42.3584,
    lng: -71.0598,
    category: 'plumbing',
    ratingAverage: 4.9,
    ratingCount: 300,
    price: 12_000,
    imageKeys: ['test/a.webp', 'test/b.webp'],
  });
  cambridge = await createVendor(ctx, {
    businessName: 'Cambridge Sparks 100%_Safe',
    city: 'Cambridge',
    lat: 42.3736,
    lng: -71.1097,
    category: 'electrical',
    ratingAverage: 4.2,
    ratingCount: 20,
    price: 8_000,
    serviceTitle: 'Socket installation',
  });
  nyc = await createVendor(ctx, {
    businessName: 'Gotham Plumbing',
    city: 'New York City',
    lat: 40.7128,
    lng: -74.006,
    category: 'plumbing',
    ratingAverage: 5,
    ratingCount: 2,
    price: 9_000,
  });
  london = await createVendor(ctx, {
    businessName: 'Thames Fixers',
    city: 'London',
    country: 'GB',
    lat: 51.5085,
    lng: -0.1257,
    category: 'handyman',
    ratingAverage: 3.9,
    ratingCount: 50,
    price: 5_000,
    currency: 'GBP',
    timeZone: 'Europe/London',
  });
  pending = await createVendor(ctx, { businessName: 'Pending Plumbing', status: 'pending' });
});
afterAll(async () => ctx?.close());

const get = (url: string) => ctx.app.inject({ method: 'GET', url });

describe('GET /v1/categories', () => {
  it('lists categories with counts of approved vendors', async () => {
    const res = await get('/v1/categories');
    expect(res.statusCode).toBe(200);
    const cats = res.json().data as { slug: string; vendorCount: number; icon: string }[];
    const bySlug = Object.fromEntries(cats.map((c) => [c.slug, c]));
    expect(bySlug.plumbing?.vendorCount).toBe(2); // the pending one is not counted
    expect(bySlug.electrical?.vendorCount).toBe(1);
    expect(bySlug.handyman?.vendorCount).toBe(1);
    expect(bySlug.plumbing?.icon).toBe('wrench');
  });
});

describe('GET /v1/vendors', () => {
  it('lists only approved vendors, paged with totals', async () => {
    const res = await get('/v1/vendors?pageSize=2');
    expect(res.statusCode).toBe(200);
    const page = res.json().data;
    expect(page.total).toBe(4);
    expect(page.totalPages).toBe(2);
    expect(page.items).toHaveLength(2);
    const page2 = (await get('/v1/vendors?pageSize=2&page=2')).json().data;
    const ids = [...page.items, ...page2.items].map((v: { id: string }) => v.id);
    expect(new Set(ids).size).toBe(4);
    expect(ids).not.toContain(pending.vendorId);
  });

  it('filters by category slug', async () => {
    const page = (await get('/v1/vendors?category=plumbing')).json().data;
    expect(page.items.map((v: { id: string }) => v.id).sort()).toEqual(
      [boston.vendorId, nyc.vendorId].sort(),
    );
    expect((await get('/v1/vendors?category=nope')).json().data.total).toBe(0);
  });

  it('searches name, city and service titles; LIKE wildcards are literal', async () => {
    const byName = (await get('/v1/vendors?q=gotham')).json().data;
    expect(byName.items.map((v: { id: string }) => v.id)).toEqual([nyc.vendorId]);
    const byCity = (await get('/v1/vendors?q=london')).json().data;
    expect(byCity.items.map((v: { id: string }) => v.id)).toEqual([london.vendorId]);
    const byService = (await get('/v1/vendors?q=socket')).json().data;
    expect(byService.items.map((v: { id: string }) => v.id)).toEqual([cambridge.vendorId]);
    const percent = (await get(`/v1/vendors?q=${encodeURIComponent('100%_')}`)).json().data;
    expect(percent.items.map((v: { id: string }) => v.id)).toEqual([cambridge.vendorId]);
    const wildcard = (await get(`/v1/vendors?q=${encodeURIComponent('%')}`)).json().data;
    expect(wildcard.items.map((v: { id: string }) => v.id)).toEqual([cambridge.vendorId]);
  });

  it('computes distance and sorts / filters by it', async () => {
    const res = await get('/v1/vendors?lat=42.3601&lng=-71.0589&sort=distance');
    const items = res.json().data.items as { id: string; distanceKm: number }[];
    expect(items.map((v) => v.id)).toEqual([
      boston.vendorId,
      cambridge.vendorId,
      nyc.vendorId,
      london.vendorId,
    ]);
    expect(items[0]!.distanceKm).toBeLessThan(0.5);
    expect(items[1]!.distanceKm).toBeGreaterThan(3);
    expect(items[1]!.distanceKm).toBeLessThan(6);
    // Boston → New York City is about 306 km, Boston → London about 5,270 km.
    expect(items[2]!.distanceKm).toBeGreaterThan(290);
    expect(items[2]!.distanceKm).toBeLessThan(320);
    expect(items[3]!.distanceKm).toBeGreaterThan(5200);
    expect(items[3]!.distanceKm).toBeLessThan(5350);

    const near = (await get('/v1/vendors?lat=42.3601&lng=-71.0589&radiusKm=10')).json().data;
    expect(near.total).toBe(2);
    expect(near.items.map((v: { id: string }) => v.id).sort()).toEqual(
      [boston.vendorId, cambridge.vendorId].sort(),
    );
  });

  it('has no distance without a point and rejects half a point', async () => {
    const items = (await get('/v1/vendors')).json().data.items as { distanceKm: null }[];
    expect(items.every((v) => v.distanceKm === null)).toBe(true);
    expect((await get('/v1/vendors?lat=42')).statusCode).toBe(400);
    expect((await get('/v1/vendors?radiusKm=5')).statusCode).toBe(400);
  });

  it('sorts by rating, price and recommended', async () => {
    const ids = async (sort: string) =>
      ((await get(`/v1/vendors?sort=${sort}`)).json().data.items as { id: string }[]).map(
        (v) => v.id,
      );
    expect((await ids('rating'))[0]).toBe(nyc.vendorId); // 5.0
    expect(await ids('price')).toEqual([
      london.vendorId,
      cambridge.vendorId,
      nyc.vendorId,
      boston.vendorId,
    ]);
    // 4.9 from 300 reviews outranks 5.0 from 2.
    expect((await ids('recommended'))[0]).toBe(boston.vendorId);
  });

  it('shows the starting price and a cover thumbnail', async () => {
    const items = (await get('/v1/vendors?q=boston')).json().data.items;
    expect(items[0].startingPrice).toEqual({ amount: 12_000, currency: 'USD' });
    expect(items[0].coverImageUrl).toBe('/media/test/a.webp.thumb.webp');
    expect(items[0].primaryCategory).toEqual({ slug: 'plumbing', name: 'plumbing' });
  });
});

describe('vendor and service details', () => {
  it('GET /v1/vendors/:id answers approved vendors and 404s the rest', async () => {
    const res = await get(`/v1/vendors/${boston.vendorId}`);
    expect(res.statusCode).toBe(200);
    const v = res.json().data;
    expect(v.businessName).toBe('Boston Pipe Pros');
    expect(v.timeZone).toBe('America/New_York');
    expect(v.categories).toEqual([{ slug: 'plumbing', name: 'plumbing' }]);
    expect(typeof v.memberSince).toBe('string');
    expect((await get(`/v1/vendors/${pending.vendorId}`)).statusCode).toBe(404);
    expect((await get(`/v1/vendors/${randomUUID()}`)).statusCode).toBe(404);
    expect((await get('/v1/vendors/not-a-uuid')).statusCode).toBe(400);
  });

  it('lists active services only', async () => {
    const extra = randomUUID();
    await ctx.app.db.insert(services).values({
      id: extra,
      vendorId: boston.vendorId,
      categoryId: boston.categoryId,
      title: 'Retired service',
      description: 'No longer offered',
      price: 1000,
      durationMinutes: 30,
      active: false,
    });
    const res = await get(`/v1/vendors/${boston.vendorId}/services`);
    expect(res.statusCode).toBe(200);
    const list = res.json().data as { id: string; imageCount: number; price: unknown }[];
    expect(list.map((s) => s.id)).toEqual([boston.serviceId]);
    expect(list[0]!.imageCount).toBe(2);
    expect(list[0]!.price).toEqual({ amount: 12_000, currency: 'USD' });
    expect((await get(`/v1/services/${extra}`)).statusCode).toBe(404);
    await ctx.app.db.delete(services).where(eq(services.id, extra));
    expect((await get(`/v1/vendors/${pending.vendorId}/services`)).statusCode).toBe(404);
  });

  it('GET /v1/services/:id includes the vendor summary', async () => {
    const res = await get(`/v1/services/${boston.serviceId}`);
    expect(res.statusCode).toBe(200);
    const s = res.json().data;
    expect(s.title).toBe('Leak repair');
    expect(s.vendor.id).toBe(boston.vendorId);
    expect(s.coverImageUrl).toBe('/media/test/a.webp.thumb.webp');
    expect((await get(`/v1/services/${pending.serviceId}`)).statusCode).toBe(404);
    expect((await get(`/v1/services/${randomUUID()}`)).statusCode).toBe(404);
  });

  it('GET /v1/services/:id/gallery lists images in order', async () => {
    const res = await get(`/v1/services/${boston.serviceId}/gallery`);
    expect(res.statusCode).toBe(200);
    const images = res.json().data;
    expect(images.map((i: { url: string }) => i.url)).toEqual([
      '/media/test/a.webp',
      '/media/test/b.webp',
    ]);
    expect(images[0].thumbUrl).toBe('/media/test/a.webp.thumb.webp');
    expect((await get(`/v1/services/${cambridge.serviceId}/gallery`)).json().data).toEqual([]);
    expect((await get(`/v1/services/${randomUUID()}/gallery`)).statusCode).toBe(404);
  });
});
