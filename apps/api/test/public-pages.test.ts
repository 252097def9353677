import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users, vendorProfiles } from '../src/db/schema';
import { sharedGeocoder } from '../src/domains/places/geocoder';
import { placeSlug } from '../src/domains/places/place-slug';
import { syncVendorSlug } from '../src/domains/vendors/slug';
import { createVendor, type TestVendor, type VendorOptions } from './fixtures';
import { createTestContext, type TestContext } from './helpers';

/**
 * The landing pages' data (`GET /v1/service-pages/{category}?place=`), the sitemap index that
 * lists every pro and every category × place page with pros, and the 410 of a deleted pro.
 */

let ctx: TestContext;
const BOSTON = { city: 'Boston', lat: 42.3601, lng: -71.0589, timeZone: 'America/New_York' };

type Pro = TestVendor & { slug: string };
let topBoston: Pro;
let otherBoston: Pro;
let newYork: Pro;
let bostonElectrician: Pro;
let pendingBoston: Pro;

async function pro(businessName: string, opts: VendorOptions): Promise<Pro> {
  const vendor = await createVendor(ctx, { businessName, ...opts });
  const slug = await syncVendorSlug(ctx.app.db, vendor.vendorId, businessName, null);
  return { ...vendor, slug };
}

beforeAll(async () => {
  ctx = await createTestContext({ publicUrl: 'https://vetted.example/' });
  topBoston = await pro('Back Bay Plumbing', { ...BOSTON, ratingAverage: 4.9, ratingCount: 40 });
  otherBoston = await pro('Southie Pipes', { ...BOSTON, ratingAverage: 4.2, ratingCount: 12 });
  newYork = await pro('Harlem Plumbers', { ratingAverage: 4.5, ratingCount: 8 });
  bostonElectrician = await pro('Beacon Electric', {
    ...BOSTON,
    category: 'electrical',
    ratingAverage: 4.7,
  });
  pendingBoston = await pro('Not Yet Plumbing', { ...BOSTON, status: 'pending' });
});
afterAll(async () => ctx?.close());

const get = (url: string) => ctx.app.inject({ method: 'GET', url });
const locsOf = (xml: string) => [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);

describe('GET /v1/service-pages/:category', () => {
  it("lists a place's best-rated pros serving it, with nearby places and related categories", async () => {
    const res = await get('/v1/service-pages/plumbing?place=boston-ma-us');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toMatch(/^public/);
    const page = res.json().data;
    expect(page.category).toMatchObject({ slug: 'plumbing', name: 'Plumbing' });
    expect(page.place).toMatchObject({
      slug: 'boston-ma-us',
      name: 'Boston',
      region: 'MA',
      country: 'US',
    });
    // Best rated first; the New York pro (306 km away) and the pending one are not listed.
    expect(page.pros.map((p: { id: string }) => p.id)).toEqual([
      topBoston.vendorId,
      otherBoston.vendorId,
    ]);
    expect(page.total).toBe(2);
    expect(page.pros[0]).toMatchObject({ slug: topBoston.slug, businessName: 'Back Bay Plumbing' });
    expect(page.pros[0].distanceKm).toBeLessThan(1);
    // The fixture names a category it creates after its slug (only plumbing is migrated).
    expect(page.relatedCategories).toEqual([
      { slug: 'electrical', name: 'electrical', proCount: 1 },
    ]);
    // Places within 150 km with pros, nearest first: Cambridge (4 km) — the only other city of
    // 100,000 within the Boston pros' reach; the New York pro's cities are ~300 km away.
    expect(page.nearbyPlaces.map((p: { slug: string }) => p.slug)).toEqual(['cambridge-ma-us']);
    expect(
      page.nearbyPlaces.find((p: { slug: string }) => p.slug === 'cambridge-ma-us').proCount,
    ).toBe(2);
  });

  it('without a place lists the best-rated approved pros anywhere and the places with most of them', async () => {
    const page = (await get('/v1/service-pages/plumbing')).json().data;
    expect(page.place).toBeNull();
    expect(page.pros.map((p: { id: string }) => p.id)).toEqual([
      topBoston.vendorId,
      newYork.vendorId,
      otherBoston.vendorId,
    ]);
    expect(page.total).toBe(3);
    expect(page.nearbyPlaces[0]).toMatchObject({ slug: 'boston-ma-us', proCount: 2 });
  });

  it('answers 404 for an unknown category or place and 400 for a malformed place slug', async () => {
    const category = await get('/v1/service-pages/astrology?place=boston-ma-us');
    expect(category.statusCode).toBe(404);
    expect(category.json().error.code).toBe('category_not_found');
    const place = await get('/v1/service-pages/plumbing?place=atlantis-zz');
    expect(place.statusCode).toBe(404);
    expect(place.json().error.code).toBe('place_not_found');
    const malformed = await get('/v1/service-pages/plumbing?place=Boston%20MA');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().error.message).toMatch(/place slug like boston-ma-us/);
  });

  it('gives every search result its pro page slug', async () => {
    const list = (await get('/v1/vendors?category=electrical')).json().data;
    expect(list.items.map((v: { slug: string }) => v.slug)).toEqual([bostonElectrician.slug]);
  });
});

describe('sitemap index', () => {
  it('lists the static pages, the pros and the landing pages as files of their own', async () => {
    const index = await get('/sitemap.xml');
    expect(index.statusCode).toBe(200);
    expect(index.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(index.body).toContain('<sitemapindex');
    expect(locsOf(index.body)).toEqual([
      'https://vetted.example/sitemaps/pages.xml',
      'https://vetted.example/sitemaps/pros-1.xml',
      'https://vetted.example/sitemaps/services-1.xml',
    ]);

    const pros = locsOf((await get('/sitemaps/pros-1.xml')).body);
    expect(pros).toEqual(
      [topBoston, otherBoston, newYork, bostonElectrician]
        .map((p) => `https://vetted.example/pros/${p.slug}`)
        .sort(),
    );
    expect(pros).not.toContain(`https://vetted.example/pros/${pendingBoston.slug}`);

    const services = locsOf((await get('/sitemaps/services-1.xml')).body);
    for (const path of [
      '/services/plumbing',
      '/services/electrical',
      '/services/plumbing/boston-ma-us',
      '/services/plumbing/cambridge-ma-us',
      '/services/plumbing/new-york-city-ny-us',
      '/services/electrical/boston-ma-us',
    ]) {
      expect(services).toContain(`https://vetted.example${path}`);
    }
    // No electrician serves New York: no page for it.
    expect(services).not.toContain(
      'https://vetted.example/services/electrical/new-york-city-ny-us',
    );
    expect(new Set(services).size).toBe(services.length);

    expect((await get('/sitemaps/pros-2.xml')).statusCode).toBe(404);
    expect((await get('/sitemaps/secrets.xml')).statusCode).toBe(404);
  });
});

describe('a pro who left', () => {
  it('answers 410 on their page and leaves the sitemap', async () => {
    // What account deletion does (users service): the account is marked deleted, the pro suspended.
    await ctx.app.db.update(users).set({ deletedAt: new Date() }).where(eq(users.id, newYork.id));
    await ctx.app.db
      .update(vendorProfiles)
      .set({ vettingStatus: 'suspended' })
      .where(eq(vendorProfiles.id, newYork.vendorId));
    ctx.app.catalogueCache.purge({ search: true });

    const res = await get(`/v1/pros/${newYork.slug}`);
    expect(res.statusCode).toBe(410);
    expect(res.json().error).toEqual({ message: 'This pro has left Vetted', code: 'vendor_gone' });
    // Only suspended, not deleted: 404 as before.
    await ctx.app.db
      .update(vendorProfiles)
      .set({ vettingStatus: 'suspended' })
      .where(eq(vendorProfiles.id, otherBoston.vendorId));
    ctx.app.catalogueCache.purge({ search: true });
    expect((await get(`/v1/pros/${otherBoston.slug}`)).statusCode).toBe(404);

    const pros = locsOf((await get('/sitemaps/pros-1.xml')).body);
    expect(pros).toEqual(
      [topBoston, bostonElectrician].map((p) => `https://vetted.example/pros/${p.slug}`).sort(),
    );
    const services = locsOf((await get('/sitemaps/services-1.xml')).body);
    expect(services).not.toContain('https://vetted.example/services/plumbing/new-york-city-ny-us');
  });
});

describe('place slugs', () => {
  it('name a city by name, region and country, and read back only their own slug', async () => {
    const geocoder = sharedGeocoder();
    expect(await geocoder.bySlug('boston-ma-us')).toMatchObject({ name: 'Boston', region: 'MA' });
    expect(await geocoder.bySlug('new-york-city-ny-us')).toMatchObject({ name: 'New York City' });
    expect(await geocoder.bySlug('london-eng-gb')).toMatchObject({ name: 'London', country: 'GB' });
    // London has a region code, so its slug carries it: no second address for the same page.
    expect(await geocoder.bySlug('london-gb')).toBeNull();
    expect(await geocoder.bySlug('boston-us')).toBeNull();
    expect(await geocoder.bySlug('atlantis-zz')).toBeNull();
    expect(placeSlug({ name: 'Zürich', region: null, country: 'CH' })).toBe('zurich-ch');
    expect(placeSlug({ name: 'St. Louis', region: 'MO', country: 'US' })).toBe('st-louis-mo-us');
    expect(await geocoder.bySlug('zurich-zh-ch')).toMatchObject({ name: 'Zürich', country: 'CH' });
    expect(await geocoder.bySlug('zurich-ch')).toBeNull();
  });
});
