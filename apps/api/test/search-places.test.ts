/**
 * Search that understands places: place words in `GET /v1/vendors?q=` — "near me"
 * on the customer's default saved place (else the browser's lat/lng, else a request to ask),
 * a named city through the geocoder, the rest of `q` searched as text — and the type-ahead
 * leaving place words out. Through HTTP on a real database.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { categories } from '../src/db/schema';
import { CATEGORY_SEEDS } from '../src/db/seed-data/categories';
import { bearer, createCustomer, createVendor, type TestUser, type TestVendor } from './fixtures';
import { createTestContext, type TestContext } from './helpers';

let ctx: TestContext;
const v: Record<string, TestVendor> = {};
let bostonian: TestUser;
let londoner: TestUser;
let placeless: TestUser;

const BOSTON = { lat: 42.3601, lng: -71.0589 };

beforeAll(async () => {
  ctx = await createTestContext();
  for (const slug of ['plumbing', 'electrical', 'hair-styling']) {
    const seed = CATEGORY_SEEDS.find((c) => c.slug === slug)!;
    await ctx.app.db.insert(categories).values({
      id: randomUUID(),
      slug,
      name: seed.name,
      description: seed.description,
      icon: seed.icon,
    });
  }
  const make = (
    key: string,
    opts: Parameters<typeof createVendor>[1] & { category: string; city: string },
  ) => createVendor(ctx, opts).then((made) => (v[key] = made));
  await make('plumber', {
    businessName: 'Beacon Plumbing',
    category: 'plumbing',
    city: 'Boston',
    lat: 42.3641,
    lng: -71.0649,
    ratingAverage: 4.4,
  });
  await make('sparks', {
    businessName: 'Bright Sparks',
    category: 'electrical',
    city: 'Cambridge',
    lat: 42.3736,
    lng: -71.1097,
  });
  await make('salon', {
    businessName: 'Shear Joy',
    category: 'hair-styling',
    city: 'Boston',
    lat: 42.35,
    lng: -71.06,
    ratingAverage: 4.2,
  });
  // Stylists far away, better rated: they used to come first for a Boston customer.
  await make('denver', {
    businessName: 'Mile High Hair',
    category: 'hair-styling',
    city: 'Denver',
    lat: 39.7392,
    lng: -104.9903,
    ratingAverage: 5,
    ratingCount: 400,
    timeZone: 'America/Denver',
  });
  await make('london', {
    businessName: 'Soho Hair Lounge',
    category: 'hair-styling',
    city: 'London',
    country: 'GB',
    lat: 51.5136,
    lng: -0.1365,
    currency: 'GBP',
    timeZone: 'Europe/London',
  });
  await make('denverPlumber', {
    businessName: 'Rocky Pipes',
    category: 'plumbing',
    city: 'Denver',
    lat: 39.74,
    lng: -104.99,
    ratingAverage: 5,
    ratingCount: 300,
    timeZone: 'America/Denver',
  });

  bostonian = await createCustomer(ctx, 'Boston Customer');
  londoner = await createCustomer(ctx, 'London Customer');
  placeless = await createCustomer(ctx, 'No Place Customer');
  for (const [user, body] of [
    [bostonian, { label: 'Home', line1: '1 Beacon St', city: 'Boston', country: 'US' }],
    [londoner, { label: 'Flat', line1: '10 Soho Square', city: 'London', country: 'GB' }],
  ] as const) {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/v1/me/addresses',
      headers: bearer(user.token),
      payload: body,
    });
    expect(res.statusCode, res.body).toBe(201);
  }
});
afterAll(async () => ctx?.close());

interface Found {
  items: { id: string; distanceKm: number | null }[];
  applied: {
    text: string | null;
    place: {
      name: string;
      region: string | null;
      country: string | null;
      lat: number;
      lng: number;
      source: string;
    } | null;
    placeNeeded: boolean;
    radiusKm: number | null;
    ignoredWords: string[];
  };
}

async function search(query: Record<string, string | number>, user?: TestUser) {
  const qs = new URLSearchParams(Object.entries(query).map(([k, val]) => [k, String(val)]));
  return ctx.app.inject({
    method: 'GET',
    url: `/v1/vendors?pageSize=50&${qs}`,
    headers: user ? bearer(user.token) : {},
  });
}

async function found(query: Record<string, string | number>, user?: TestUser) {
  const res = await search(query, user);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as Found;
}

const ids = (data: Found) => data.items.map((i) => i.id);
const idOf = (key: string) => v[key]!.vendorId;

describe('GET /v1/vendors: place words in q', () => {
  it.each([
    {
      q: 'plumber near me',
      who: 'a customer whose default place is Boston',
      user: () => bostonian,
      text: 'plumber',
      place: { name: 'Home', source: 'saved', country: 'US' },
      first: 'plumber',
      absent: ['denverPlumber', 'salon'],
    },
    {
      q: 'hair stylist in boston',
      who: 'anyone',
      user: () => undefined,
      text: 'hair stylist',
      place: { name: 'Boston', region: 'MA', country: 'US', source: 'query' },
      first: 'salon',
      absent: ['denver', 'london', 'plumber'],
    },
    {
      q: 'boston electrician',
      who: 'anyone',
      user: () => undefined,
      text: 'electrician',
      place: { name: 'Boston', region: 'MA', country: 'US', source: 'query' },
      first: 'sparks',
      absent: ['plumber', 'salon'],
    },
    {
      q: 'Boston MA hair',
      who: 'anyone',
      user: () => undefined,
      text: 'hair',
      place: { name: 'Boston', region: 'MA', source: 'query' },
      first: 'salon',
      absent: ['denver', 'london'],
    },
    {
      q: 'near me',
      who: 'a customer whose default place is Boston',
      user: () => bostonian,
      text: null,
      place: { name: 'Home', source: 'saved' },
      first: undefined,
      absent: ['denver', 'london', 'denverPlumber'],
    },
    {
      q: 'hair stylist near me',
      who: 'a customer whose default place is London',
      user: () => londoner,
      text: 'hair stylist',
      place: { name: 'Flat', source: 'saved', country: 'GB' },
      first: 'london',
      absent: ['salon', 'denver'],
    },
  ])('"$q" for $who', async ({ q, user, text, place, first, absent }) => {
    const data = await found({ q }, user());
    expect(data.applied.text).toBe(text);
    expect(data.applied.place).toMatchObject(place);
    expect(data.applied.placeNeeded).toBe(false);
    expect(data.applied.ignoredWords).not.toContain('near');
    expect(data.items.length).toBeGreaterThan(0);
    if (first) expect(data.items[0]!.id).toBe(idOf(first));
    for (const key of absent) expect(ids(data)).not.toContain(idOf(key));
    // Centred on the place: every result says how far it is.
    for (const item of data.items) expect(item.distanceKm).not.toBeNull();
  });

  it('"hair stylist near me" near Boston: Boston stylists first, with distances', async () => {
    const data = await found({ q: 'hair stylist near me' }, bostonian);
    expect(data.items[0]!.id).toBe(idOf('salon'));
    expect(data.items[0]!.distanceKm).toBeLessThan(5);
    expect(ids(data)).not.toContain(idOf('denver'));
    expect(data.applied.radiusKm).toBe(50);
  });

  it('"near me" without a saved place uses the lat/lng the browser sent', async () => {
    const data = await found({ q: 'plumber near me', ...BOSTON }, placeless);
    expect(data.applied.place).toMatchObject({ source: 'browser', ...BOSTON });
    expect(data.items[0]!.id).toBe(idOf('plumber'));
  });

  it('"near me" without a saved place or lat/lng asks for a place', async () => {
    for (const user of [placeless, undefined]) {
      const data = await found({ q: 'plumber near me' }, user);
      expect(data.applied).toMatchObject({ place: null, placeNeeded: true, text: 'plumber' });
      // Still the plumbers, from everywhere, without distances.
      expect(ids(data)).toEqual(expect.arrayContaining([idOf('plumber'), idOf('denverPlumber')]));
      expect(data.items.every((i) => i.distanceKm === null)).toBe(true);
    }
  });

  it('keeps a signed-in "near me" answer private: never cached nor shared', async () => {
    const boston = await search({ q: 'hair near me' }, bostonian);
    const london = await search({ q: 'hair near me' }, londoner);
    expect(boston.headers['cache-control']).toBe('private, no-store');
    expect(boston.json().data.items[0].id).toBe(idOf('salon'));
    expect(london.json().data.items[0].id).toBe(idOf('london'));
    // A query without "near me" stays a shared public read.
    const shared = await search({ q: 'hair in boston' }, bostonian);
    expect(shared.headers['cache-control']).toMatch(/^public/);
  });

  it('reads every word as text with placeWords=off (the person cleared the place)', async () => {
    const data = await found({ q: 'hair in boston', placeWords: 'off' });
    expect(data.applied).toMatchObject({ place: null, placeNeeded: false, text: 'hair in boston' });
    expect(data.items.every((i) => i.distanceKm === null)).toBe(true);
    // Not the account's place either: "near me" is left out, the rest searched everywhere, and
    // the answer is a public one.
    const res = await search({ q: 'hair stylist near me', placeWords: 'off' }, bostonian);
    const everywhere = res.json().data as Found;
    expect(everywhere.applied).toMatchObject({ place: null, text: 'hair stylist' });
    expect(ids(everywhere)).toEqual(
      expect.arrayContaining([idOf('salon'), idOf('denver'), idOf('london')]),
    );
    expect(res.headers['cache-control']).toMatch(/^public/);
  });

  it('leaves a query without a known place as it was', async () => {
    const data = await found({ q: 'plumber zzyzx', ...BOSTON });
    expect(data.applied).toMatchObject({ place: null, placeNeeded: false });
    expect(data.applied.text).toBe('plumber zzyzx');
    expect(data.applied.ignoredWords).toEqual(['zzyzx']);
  });
});

describe('GET /v1/search/suggest: place words are not suggested on', () => {
  const suggest = async (q: string) => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: `/v1/search/suggest?${new URLSearchParams({ q })}`,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as { categories: { slug: string }[]; vendors: unknown[] };
  };

  it('"hair stylist near me" suggests hair styling only', async () => {
    const data = await suggest('hair stylist near me');
    expect(data.categories.map((c) => c.slug)).toEqual(['hair-styling']);
  });

  it('"plumber in boston" suggests plumbing only', async () => {
    const data = await suggest('plumber in boston');
    expect(data.categories.map((c) => c.slug)).toEqual(['plumbing']);
  });

  it('"near me" alone suggests nothing', async () => {
    const data = await suggest('near me');
    expect(data).toEqual({ categories: [], services: [], vendors: [] });
  });
});
