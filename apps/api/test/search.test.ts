/**
 * Search that understands: `GET /v1/vendors?q=` with English stemming and spelling
 * tolerance, the filters, the sorts, the area defaults of a customer with a place, and the
 * type-ahead `GET /v1/search/suggest`. Through HTTP on a real database.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { categories, services } from '../src/db/schema';
import { CATEGORY_SEEDS } from '../src/db/seed-data/categories';
import { refreshVendorSearch } from '../src/domains/search';
import { createVendor, type TestVendor } from './fixtures';
import { createTestContext, type TestContext } from './helpers';

let ctx: TestContext;
const v: Record<string, TestVendor> = {};

/** Downtown Boston: the customer's place in these tests. */
const BOSTON = { lat: 42.3601, lng: -71.0589 };
const LONDON = { lat: 51.5074, lng: -0.1278 };
const WEEKDAYS = [1, 2, 3, 4, 5].map((weekday) => ({
  weekday,
  startMinute: 9 * 60,
  endMinute: 17 * 60,
}));

beforeAll(async () => {
  ctx = await createTestContext();
  // The seed's own categories (names and descriptions), as search sees them in production.
  for (const slug of ['plumbing', 'electrical', 'hair-styling', 'handyman']) {
    const seed = CATEGORY_SEEDS.find((c) => c.slug === slug)!;
    await ctx.app.db.insert(categories).values({
      id: randomUUID(),
      slug,
      name: seed.name,
      description: seed.description,
      icon: seed.icon,
    });
  }
  v.demo = await createVendor(ctx, {
    businessName: 'Demo Plumbing Co.',
    tagline: 'Friendly, fast plumbing across Boston',
    category: 'plumbing',
    city: 'Boston',
    lat: 42.3641,
    lng: -71.0649,
    ratingAverage: 4.8,
    ratingCount: 127,
    serviceTitle: 'Leak repair',
    price: 12_000,
  });
  v.harbor = await createVendor(ctx, {
    businessName: 'Harbor Pipe Pros',
    tagline: 'Upfront prices, tidy work',
    category: 'plumbing',
    city: 'Quincy',
    lat: 42.2529,
    lng: -71.0023,
    ratingAverage: 4.2,
    ratingCount: 40,
    serviceTitle: 'Drain unblocking',
    price: 9_000,
    hours: WEEKDAYS,
  });
  v.fresh = await createVendor(ctx, {
    businessName: 'Fresh Start Plumbing',
    tagline: 'New in town',
    category: 'plumbing',
    city: 'Boston',
    lat: 42.3401,
    lng: -71.0802,
    ratingAverage: 0,
    ratingCount: 0,
    serviceTitle: 'Water heater service',
    price: 15_000,
  });
  v.sparks = await createVendor(ctx, {
    businessName: 'Bright Sparks',
    tagline: 'Wiring and lighting done right',
    category: 'electrical',
    city: 'Cambridge',
    lat: 42.3736,
    lng: -71.1097,
    ratingAverage: 4.6,
    ratingCount: 80,
    serviceTitle: 'Socket installation',
    price: 8_000,
  });
  v.salon = await createVendor(ctx, {
    businessName: 'Shear Joy',
    tagline: 'Cuts and colour at home',
    category: 'hair-styling',
    city: 'Boston',
    lat: 42.35,
    lng: -71.06,
    ratingAverage: 4.9,
    ratingCount: 200,
    serviceTitle: 'Haircut',
    price: 6_000,
  });
  v.gotham = await createVendor(ctx, {
    businessName: 'Gotham Plumbing',
    category: 'plumbing',
    city: 'New York City',
    lat: 40.7128,
    lng: -74.006,
    ratingAverage: 5,
    ratingCount: 3,
    serviceTitle: 'Leak repair',
    price: 9_500,
  });
  v.thames = await createVendor(ctx, {
    businessName: 'Thames Plumbing',
    category: 'plumbing',
    city: 'London',
    country: 'GB',
    lat: 51.5085,
    lng: -0.1257,
    ratingAverage: 4.7,
    ratingCount: 90,
    serviceTitle: 'Leak repair',
    price: 7_000,
    currency: 'GBP',
    timeZone: 'Europe/London',
  });
  v.pending = await createVendor(ctx, {
    businessName: 'Pending Plumbing',
    category: 'plumbing',
    lat: 42.36,
    lng: -71.06,
    status: 'pending',
  });
});
afterAll(async () => ctx?.close());

type Item = {
  id: string;
  businessName: string;
  distanceKm: number | null;
  ratingAverage: number;
  startingPrice: { amount: number; currency: string } | null;
};

async function search(query: Record<string, string | number>) {
  const qs = new URLSearchParams(Object.entries(query).map(([k, val]) => [k, String(val)]));
  const res = await ctx.app.inject({ method: 'GET', url: `/v1/vendors?${qs}` });
  return res;
}

async function found(query: Record<string, string | number>) {
  const res = await search({ pageSize: 50, ...query });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as {
    items: Item[];
    total: number;
    applied: {
      sort: string;
      radiusKm: number | null;
      currency: string | null;
      areaDefaults: boolean;
      ignoredWords: string[];
    };
    suggestedCategories: { slug: string; vendorCount: number }[];
  };
}

const ids = (items: Item[]) => items.map((i) => i.id);
const place = (p: { lat: number; lng: number }) => ({ lat: p.lat, lng: p.lng });

describe('GET /v1/vendors?q= relevance', () => {
  it.each([
    {
      q: 'plumber',
      where: 'in Boston',
      at: BOSTON,
      first: 'demo',
      present: ['harbor', 'fresh'],
      absent: ['sparks', 'salon', 'pending'],
    },
    {
      q: 'plumbr',
      where: 'in Boston',
      at: BOSTON,
      first: 'demo',
      present: ['harbor', 'fresh'],
      absent: ['sparks', 'salon', 'pending'],
    },
    {
      q: 'electrican',
      where: 'in Boston',
      at: BOSTON,
      first: 'sparks',
      present: [],
      absent: ['demo', 'harbor', 'salon'],
    },
    {
      q: 'Demo Plumbing Co.',
      where: 'anywhere',
      at: undefined,
      first: 'demo',
      present: [],
      absent: ['sparks', 'salon', 'pending'],
    },
    {
      q: 'harbor pipe pros',
      where: 'anywhere',
      at: undefined,
      first: 'harbor',
      present: [],
      absent: ['demo', 'sparks', 'gotham'],
    },
    {
      q: 'socket',
      where: 'anywhere (a service title)',
      at: undefined,
      first: 'sparks',
      present: [],
      absent: ['demo', 'salon'],
    },
    {
      q: 'unblock',
      where: 'anywhere (a service title word, stemmed)',
      at: undefined,
      first: 'harbor',
      present: [],
      absent: ['demo', 'sparks', 'salon'],
    },
    {
      q: 'hairdresser haircut',
      where: 'in Boston (one word matches nothing)',
      at: BOSTON,
      first: 'salon',
      present: [],
      absent: ['demo', 'sparks'],
    },
  ])('"$q" $where: $first first', async ({ q, at, first, present, absent }) => {
    const { items } = await found({ q, ...(at ? place(at) : {}) });
    expect(items[0]?.id).toBe(v[first]!.vendorId);
    for (const name of present) expect(ids(items)).toContain(v[name]!.vendorId);
    for (const name of absent) expect(ids(items)).not.toContain(v[name]!.vendorId);
  });

  it('reports the words it left out ("zzyzx" in "plumber zzyzx")', async () => {
    const data = await found({ q: 'plumber zzyzx', ...place(BOSTON) });
    expect(data.applied.ignoredWords).toEqual(['zzyzx']);
    expect(ids(data.items)).toContain(v.demo!.vendorId);
    expect(ids(data.items)).not.toContain(v.salon!.vendorId);
  });

  it('finds nothing for a word no vendor uses, and suggests categories in reach', async () => {
    const data = await found({ q: 'zzyzx', ...place(BOSTON) });
    expect(data.total).toBe(0);
    const suggested = data.suggestedCategories.map((c) => c.slug);
    // Plumbing has the most pros near Boston (three), then electrical and hair (one each).
    expect(suggested[0]).toBe('plumbing');
    expect(data.suggestedCategories[0]!.vendorCount).toBe(3);
    expect(suggested).toEqual(expect.arrayContaining(['electrical', 'hair-styling']));
    expect(suggested).not.toContain('handyman');
  });

  it('answers any text without a server error', async () => {
    for (const q of [
      '!!!',
      '%',
      '&|!:*()',
      "plumber's \\ 'leak'",
      'the',
      '   ',
      'a'.repeat(100),
      Array.from({ length: 30 }, (_, i) => `word${i}`)
        .join(' ')
        .slice(0, 100),
      '配管工',
    ]) {
      const res = await search({ q });
      expect(res.statusCode, `${q}: ${res.body}`).toBe(200);
    }
    const tooLong = await search({ q: 'a'.repeat(101) });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().error.fields.q).toBeTruthy();
  });
});

describe('GET /v1/vendors for a customer with a place', () => {
  it('keeps to the area and its currency by default, and says so', async () => {
    const data = await found({ q: 'plumbing', ...place(BOSTON) });
    expect(data.applied).toMatchObject({
      sort: 'relevance',
      radiusKm: 50,
      currency: 'USD',
      areaDefaults: true,
    });
    expect(ids(data.items).sort()).toEqual(
      [v.demo!.vendorId, v.harbor!.vendorId, v.fresh!.vendorId].sort(),
    );
    for (const item of data.items) {
      expect(item.distanceKm).toBeLessThanOrEqual(50);
      expect(item.startingPrice?.currency).toBe('USD');
    }
  });

  it('ranks by text, distance and rating: the near, well-rated match first', async () => {
    const { items } = await found({ q: 'plumbing', ...place(BOSTON) });
    // Demo: 0.6 km, 4.8★ (127); Fresh Start: 2.7 km, no reviews; Harbor: 12 km, 4.2★.
    expect(ids(items)).toEqual([v.demo!.vendorId, v.fresh!.vendorId, v.harbor!.vendorId]);
  });

  it('uses the local currency of another country', async () => {
    const data = await found({ q: 'plumbing', ...place(LONDON) });
    expect(data.applied.currency).toBe('GBP');
    expect(ids(data.items)).toEqual([v.thames!.vendorId]);
    expect(data.items[0]!.startingPrice).toEqual({ amount: 7_000, currency: 'GBP' });
  });

  it('searches anywhere with area=off, nearest distance first in each result', async () => {
    const data = await found({ q: 'plumbing', ...place(BOSTON), area: 'off' });
    expect(data.applied).toMatchObject({ radiusKm: null, currency: null, areaDefaults: false });
    expect(ids(data.items)).toEqual(
      expect.arrayContaining([v.gotham!.vendorId, v.thames!.vendorId]),
    );
    const thames = data.items.find((i) => i.id === v.thames!.vendorId)!;
    expect(thames.distanceKm).toBeGreaterThan(5000);
    expect(thames.startingPrice?.currency).toBe('GBP');
  });

  it('takes a radius or a currency that is sent over the default', async () => {
    const wide = await found({ q: 'plumbing', ...place(BOSTON), radiusKm: 500 });
    expect(wide.applied).toMatchObject({ radiusKm: 500, currency: 'USD' });
    expect(ids(wide.items)).toContain(v.gotham!.vendorId);
    expect(ids(wide.items)).not.toContain(v.thames!.vendorId);

    const pounds = await found({ q: 'plumbing', ...place(BOSTON), currency: 'gbp' });
    expect(pounds.applied).toMatchObject({ radiusKm: 50, currency: 'GBP' });
    expect(pounds.total).toBe(0);
  });

  it('has no area defaults for the other orders (every vendor, nearest first)', async () => {
    const data = await found({ ...place(BOSTON), sort: 'distance' });
    expect(data.applied).toMatchObject({ sort: 'distance', radiusKm: null, currency: null });
    expect(data.total).toBe(7);
    const distances = data.items.map((i) => i.distanceKm!);
    expect(distances).toEqual([...distances].sort((a, b) => a - b));
    expect(data.items[0]!.id).toBe(v.demo!.vendorId);
  });
});

describe('GET /v1/vendors filters', () => {
  it('filters by category, including a vendor in it only through a service', async () => {
    const handyman = await createVendor(ctx, {
      businessName: 'Odd Jobs Oscar',
      category: 'handyman',
      lat: 42.36,
      lng: -71.05,
    });
    const [plumbing] = await ctx.app.db
      .select({ id: categories.id })
      .from(categories)
      .where(eq(categories.slug, 'plumbing'));
    await ctx.app.db.insert(services).values({
      id: randomUUID(),
      vendorId: handyman.vendorId,
      categoryId: plumbing!.id,
      title: 'Tap washer replacement',
      description: 'A dripping tap fixed.',
      price: 5_000,
      durationMinutes: 30,
    });
    await refreshVendorSearch(ctx.app.db, [handyman.vendorId]);

    const data = await found({ category: 'plumbing' });
    expect(ids(data.items)).toContain(handyman.vendorId);
    expect(ids(data.items)).not.toContain(v.sparks!.vendorId);
    expect(ids(data.items)).not.toContain(v.pending!.vendorId);
    expect(data.total).toBe(data.items.length);
    const categoryCount = (await ctx.app.inject({ method: 'GET', url: '/v1/categories' }))
      .json()
      .data.find((c: { slug: string }) => c.slug === 'plumbing').vendorCount;
    expect(data.total).toBe(categoryCount);
    // With text or a radius, candidates are checked one by one: the same rule.
    expect(ids((await found({ category: 'plumbing', q: 'washer' })).items)).toEqual([
      handyman.vendorId,
    ]);
    const near = await found({ category: 'plumbing', ...place(BOSTON), radiusKm: 5 });
    expect(ids(near.items)).toContain(handyman.vendorId);
    expect(ids(near.items)).not.toContain(v.sparks!.vendorId);
    // The new service's words are searchable at once.
    expect(ids((await found({ q: 'washer' })).items)).toEqual([handyman.vendorId]);
    expect((await found({ category: 'electrical' })).items.map((i) => i.id)).toEqual([
      v.sparks!.vendorId,
    ]);
    expect((await found({ category: 'nope' })).total).toBe(0);
  });

  it('filters by price range in a currency', async () => {
    const data = await found({ minPrice: 8_500, maxPrice: 9_600, currency: 'USD' });
    expect(ids(data.items).sort()).toEqual([v.harbor!.vendorId, v.gotham!.vendorId].sort());
    for (const item of data.items) {
      expect(item.startingPrice!.amount).toBeGreaterThanOrEqual(8_500);
      expect(item.startingPrice!.amount).toBeLessThanOrEqual(9_600);
    }
  });

  it('needs a currency (or a place) for a price range, and a range the right way round', async () => {
    const noCurrency = await search({ minPrice: 1000 });
    expect(noCurrency.statusCode).toBe(400);
    expect(noCurrency.json().error.fields.currency).toBe(
      'Send currency (or lat and lng) with minPrice or maxPrice',
    );
    const reversed = await search({ minPrice: 5000, maxPrice: 1000, currency: 'USD' });
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json().error.fields.minPrice).toBe('minPrice must not be more than maxPrice');
    expect((await search({ currency: 'dollars' })).statusCode).toBe(400);
  });

  it('prices a place in its local currency', async () => {
    const data = await found({ ...place(BOSTON), maxPrice: 10_000, sort: 'price' });
    expect(data.applied.currency).toBe('USD');
    expect(ids(data.items)).not.toContain(v.thames!.vendorId);
    expect(ids(data.items)).toContain(v.harbor!.vendorId);
  });

  it('filters by minimum rating (pros without reviews are left out)', async () => {
    const data = await found({ minRating: 4.7 });
    expect(ids(data.items).sort()).toEqual(
      [v.demo!.vendorId, v.salon!.vendorId, v.gotham!.vendorId, v.thames!.vendorId].sort(),
    );
    for (const item of data.items) expect(item.ratingAverage).toBeGreaterThanOrEqual(4.7);
  });

  it('filters by distance radius', async () => {
    const data = await found({ ...place(BOSTON), radiusKm: 10, sort: 'distance' });
    expect(ids(data.items)).not.toContain(v.harbor!.vendorId); // 12 km away
    expect(ids(data.items)).toEqual(
      expect.arrayContaining([v.demo!.vendorId, v.sparks!.vendorId, v.salon!.vendorId]),
    );
    for (const item of data.items) expect(item.distanceKm).toBeLessThanOrEqual(10);
  });

  it('filters by opening hours on a date', async () => {
    const saturday = '2030-06-01';
    expect(new Date(`${saturday}T12:00:00Z`).getUTCDay()).toBe(6);
    const weekend = await found({ q: 'plumbing', date: saturday });
    expect(ids(weekend.items)).not.toContain(v.harbor!.vendorId); // open Monday to Friday
    expect(ids(weekend.items)).toContain(v.demo!.vendorId);
    const monday = await found({ q: 'plumbing', date: '2030-06-03' });
    expect(ids(monday.items)).toContain(v.harbor!.vendorId);
    expect((await search({ date: '2030-02-30' })).statusCode).toBe(400);
  });
});

describe('GET /v1/vendors sorts', () => {
  it('sorts by rating, then count', async () => {
    const { items } = await found({ sort: 'rating' });
    const ratings = items.map((i) => i.ratingAverage);
    expect(ratings).toEqual([...ratings].sort((a, b) => b - a));
    expect(items[0]!.id).toBe(v.gotham!.vendorId);
  });

  it('sorts by price, cheapest first, in one currency', async () => {
    const { items } = await found({ sort: 'price', currency: 'USD' });
    const prices = items.map((i) => i.startingPrice!.amount);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    expect(items.every((i) => i.startingPrice?.currency === 'USD')).toBe(true);
  });

  it('answers `recommended` as relevance, and distance without a place too', async () => {
    const relevance = await found({ q: 'plumbing' });
    const recommended = await found({ q: 'plumbing', sort: 'recommended' });
    const distance = await found({ q: 'plumbing', sort: 'distance' });
    expect(recommended.applied.sort).toBe('relevance');
    expect(distance.applied.sort).toBe('relevance');
    expect(ids(recommended.items)).toEqual(ids(relevance.items));
    expect(ids(distance.items)).toEqual(ids(relevance.items));
  });

  it('pages without repeating or losing a vendor', async () => {
    const all = await found({ q: 'plumbing', area: 'off', ...place(BOSTON) });
    const pages: string[] = [];
    for (let page = 1; page <= Math.ceil(all.total / 2); page++) {
      const res = await search({ q: 'plumbing', area: 'off', ...place(BOSTON), pageSize: 2, page });
      pages.push(...ids(res.json().data.items));
    }
    expect(pages).toEqual(ids(all.items));
  });
});

describe('GET /v1/search/suggest', () => {
  const suggest = async (query: Record<string, string | number>) => {
    const qs = new URLSearchParams(Object.entries(query).map(([k, val]) => [k, String(val)]));
    const res = await ctx.app.inject({ method: 'GET', url: `/v1/search/suggest?${qs}` });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as {
      categories: { slug: string; name: string }[];
      services: { id: string; title: string; vendorName: string }[];
      vendors: { id: string; businessName: string }[];
    };
  };

  it('suggests categories, services and pros from the first letters', async () => {
    const plu = await suggest({ q: 'plu' });
    expect(plu.categories[0]).toEqual({ slug: 'plumbing', name: 'Plumbing' });
    expect(plu.vendors.map((x) => x.businessName)).toEqual(
      expect.arrayContaining(['Demo Plumbing Co.', 'Gotham Plumbing']),
    );
    expect(plu.vendors.map((x) => x.id)).not.toContain(v.pending!.vendorId);
    const lea = await suggest({ q: 'lea' });
    expect(lea.services.map((s) => s.title)).toEqual(['Leak repair']);
    expect(['Demo Plumbing Co.', 'Gotham Plumbing', 'Thames Plumbing']).toContain(
      lea.services[0]!.vendorName,
    );
  });

  it('tolerates typos and keeps to the area of a place', async () => {
    const typo = await suggest({ q: 'plumbr' });
    expect(typo.categories.map((c) => c.slug)).toContain('plumbing');
    expect(typo.vendors.map((x) => x.businessName)).toContain('Demo Plumbing Co.');
    const near = await suggest({ q: 'plumb', ...place(BOSTON) });
    expect(near.vendors[0]!.businessName).toBe('Demo Plumbing Co.');
    expect(near.vendors.map((x) => x.businessName)).not.toContain('Thames Plumbing');
    const electric = await suggest({ q: 'elec' });
    expect(electric.categories.map((c) => c.slug)).toEqual(['electrical']);
  });

  it('is a cacheable public read and validates its query', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/v1/search/suggest?q=hair' });
    expect(res.headers['cache-control']).toMatch(/^public/);
    expect(res.json().data.vendors).toEqual([]);
    expect(res.json().data.services.map((s: { title: string }) => s.title)).toEqual(['Haircut']);
    for (const url of [
      '/v1/search/suggest',
      '/v1/search/suggest?q=',
      '/v1/search/suggest?q=a&lat=1',
    ]) {
      expect((await ctx.app.inject({ method: 'GET', url })).statusCode).toBe(400);
    }
    expect(
      (await ctx.app.inject({ method: 'GET', url: '/v1/search/suggest?q=%25%26' })).statusCode,
    ).toBe(200);
  });
});
