import { MAX_SAVED_PLACES } from '@vetted/contract';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { bearer, createCustomer, type TestUser } from './fixtures';
import { createTestContext, type TestContext } from './helpers';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => ctx?.close());
afterEach(() => vi.restoreAllMocks());

interface City {
  id: number;
  name: string;
  region: string | null;
  country: string;
  lat: number;
  lng: number;
  timeZone: string;
}

async function geocode(query: Record<string, string | number>) {
  const qs = new URLSearchParams(
    Object.entries(query).map(([k, v]) => [k, String(v)] as [string, string]),
  );
  return ctx.app.inject({ method: 'GET', url: `/v1/geocode?${qs}` });
}

async function cities(query: Record<string, string | number>): Promise<City[]> {
  const res = await geocode(query);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

const place = (c: City) => `${c.name}|${c.region ?? ''}|${c.country}`;

describe('GET /v1/geocode', () => {
  it.each([
    ['Bost', 'Boston|MA|US', 'America/New_York'],
    ['bostn', 'Boston|MA|US', 'America/New_York'],
    ['londn', 'London|ENG|GB', 'Europe/London'],
    ['new york', 'New York City|NY|US', 'America/New_York'],
    ['zurich', 'Zürich|ZH|CH', 'Europe/Zurich'],
    ['Kraków', 'Kraków||PL', 'Europe/Warsaw'],
    ['  SAINT LOUIS ', 'St. Louis|MO|US', 'America/Chicago'],
  ])('"%s" → %s first', async (q, expected, timeZone) => {
    const [first] = await cities({ q });
    expect(first && place(first)).toBe(expected);
    expect(first?.timeZone).toBe(timeZone);
  });

  it('answers name, country, lat, lng and timeZone of each city', async () => {
    const [boston] = await cities({ q: 'Boston', limit: 1 });
    expect(Object.keys(boston!).sort()).toEqual(
      ['country', 'id', 'lat', 'lng', 'name', 'region', 'timeZone'].sort(),
    );
    // Boston, MA is at about 42.36° N, 71.06° W.
    expect(boston!.lat).toBeCloseTo(42.36, 1);
    expect(boston!.lng).toBeCloseTo(-71.06, 1);
  });

  it('ranks by population without a position', async () => {
    const found = await cities({ q: 'Portland' });
    expect(place(found[0]!)).toBe('Portland|OR|US');
    expect(found.map(place)).toContain('Portland|ME|US');
  });

  it('puts the nearer of two same-named cities first when given lat/lng', async () => {
    // Augusta, Maine and Salem, Oregon: each about 80 km from its own state's Portland.
    const nearMaine = await cities({ q: 'Portland', lat: 44.31, lng: -69.78 });
    expect(place(nearMaine[0]!)).toBe('Portland|ME|US');
    expect(nearMaine[0]!.timeZone).toBe('America/New_York');
    const nearOregon = await cities({ q: 'Portland', lat: 44.94, lng: -123.04 });
    expect(place(nearOregon[0]!)).toBe('Portland|OR|US');
    expect(nearOregon[0]!.timeZone).toBe('America/Los_Angeles');
  });

  it('narrows by country or region after a comma', async () => {
    const maine = await cities({ q: 'Portland, ME' });
    expect(maine.length).toBeGreaterThan(0);
    expect(maine.every((c) => c.region === 'ME' || c.country === 'ME')).toBe(true);
    const [paris] = await cities({ q: 'Paris, United States' });
    expect(paris).toMatchObject({ name: 'Paris', country: 'US' });
  });

  it('answers at most `limit` cities, 8 by default', async () => {
    expect(await cities({ q: 'San' })).toHaveLength(8);
    expect(await cities({ q: 'San', limit: 3 })).toHaveLength(3);
  });

  it('answers an empty list for text that matches no city', async () => {
    expect(await cities({ q: 'qqxqzv' })).toEqual([]);
    expect(await cities({ q: '!!!' })).toEqual([]);
  });

  it.each([
    ['an empty q', { q: '' }, 'q'],
    ['a blank q', { q: '   ' }, 'q'],
    ['a q of 101 characters', { q: 'a'.repeat(101) }, 'q'],
    ['no q', {}, 'q'],
    ['lat without lng', { q: 'Boston', lat: 42 }, 'lat'],
    ['a latitude out of range', { q: 'Boston', lat: 91, lng: 0 }, 'lat'],
    ['a limit over 20', { q: 'Boston', limit: 21 }, 'limit'],
  ])('refuses %s with a 400 naming the field', async (_, query, field) => {
    const res = await geocode(query);
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().error.fields)).toContain(field);
  });

  it('accepts exactly 100 characters', async () => {
    const res = await geocode({ q: `Boston${' '.repeat(94)}` });
    expect(res.statusCode).toBe(200);
  });

  it('is public and cacheable', async () => {
    const res = await geocode({ q: 'Lond' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toMatch(/^public, max-age=\d+/);
    const again = await ctx.app.inject({
      method: 'GET',
      url: '/v1/geocode?q=Lond',
      headers: { 'if-none-match': String(res.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
  });
});

describe('OpenAPI', () => {
  it('documents the places routes from the contract', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/v1/openapi.json' });
    const paths = res.json().paths;
    expect(Object.keys(paths)).toEqual(
      expect.arrayContaining([
        '/v1/geocode',
        '/v1/geocode/reverse',
        '/v1/me/addresses',
        '/v1/me/addresses/{id}',
      ]),
    );
    expect(Object.keys(paths['/v1/me/addresses/{id}']).sort()).toEqual(['delete', 'patch']);
    expect(paths['/v1/geocode'].get.security).toEqual([]);
  });
});

describe('GET /v1/geocode/reverse', () => {
  it.each([
    [42.3601, -71.0589, 'Boston|MA|US', 'America/New_York'],
    [51.5072, -0.1276, 'London|ENG|GB', 'Europe/London'],
    [47.3769, 8.5417, 'Zürich|ZH|CH', 'Europe/Zurich'],
  ])('%f, %f → %s', async (lat, lng, expected, timeZone) => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: `/v1/geocode/reverse?lat=${lat}&lng=${lng}`,
    });
    expect(res.statusCode).toBe(200);
    const city: City = res.json().data;
    expect(place(city)).toBe(expected);
    expect(city.timeZone).toBe(timeZone);
  });

  it('answers null far from any city', async () => {
    // The middle of the South Atlantic.
    const res = await ctx.app.inject({ method: 'GET', url: '/v1/geocode/reverse?lat=-30&lng=-20' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toBeNull();
  });

  it('needs both coordinates in range', async () => {
    for (const qs of ['lat=42', 'lng=-71', 'lat=100&lng=0', 'lat=a&lng=b']) {
      const res = await ctx.app.inject({ method: 'GET', url: `/v1/geocode/reverse?${qs}` });
      expect(res.statusCode, qs).toBe(400);
    }
  });
});

interface Address {
  id: string;
  label: string;
  line1: string;
  city: string;
  postcode: string | null;
  country: string;
  lat: number;
  lng: number;
  timeZone: string | null;
  isDefault: boolean;
  createdAt: string;
}

const HOME = { label: 'Home', line1: '12 Harbour Road', city: 'Boston', country: 'US' };

async function create(user: TestUser, body: Record<string, unknown>) {
  return ctx.app.inject({
    method: 'POST',
    url: '/v1/me/addresses',
    headers: bearer(user.token),
    payload: body,
  });
}

async function created(user: TestUser, body: Record<string, unknown>): Promise<Address> {
  const res = await create(user, body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data;
}

async function list(user: TestUser): Promise<Address[]> {
  const res = await ctx.app.inject({
    method: 'GET',
    url: '/v1/me/addresses',
    headers: bearer(user.token),
  });
  expect(res.statusCode).toBe(200);
  return res.json().data;
}

async function patch(user: TestUser, id: string, body: Record<string, unknown>) {
  return ctx.app.inject({
    method: 'PATCH',
    url: `/v1/me/addresses/${id}`,
    headers: bearer(user.token),
    payload: body,
  });
}

async function remove(user: TestUser, id: string) {
  return ctx.app.inject({
    method: 'DELETE',
    url: `/v1/me/addresses/${id}`,
    headers: bearer(user.token),
  });
}

const defaults = (places: Address[]) => places.filter((p) => p.isDefault).map((p) => p.label);

/** Makes the app's clock answer `iso` (so "newest" does not depend on timing). */
const at = (iso: string) => vi.spyOn(ctx.app.clock, 'now').mockReturnValue(new Date(iso));

describe('saved places: /v1/me/addresses', () => {
  it('needs a session on every route', async () => {
    const id = crypto.randomUUID();
    for (const [method, url] of [
      ['GET', '/v1/me/addresses'],
      ['POST', '/v1/me/addresses'],
      ['PATCH', `/v1/me/addresses/${id}`],
      ['DELETE', `/v1/me/addresses/${id}`],
    ] as const) {
      const res = await ctx.app.inject({
        method,
        url,
        payload: method === 'GET' ? undefined : HOME,
      });
      expect(res.statusCode, `${method} ${url}`).toBe(401);
      expect(res.json().error.message).toBe('Session not found');
    }
  });

  it('starts empty', async () => {
    const user = await createCustomer(ctx);
    expect(await list(user)).toEqual([]);
  });

  it('resolves lat/lng and the time zone from the city when none are sent', async () => {
    const user = await createCustomer(ctx);
    const saved = await created(user, { ...HOME, postcode: '02110' });
    const [boston] = await cities({ q: 'Boston', limit: 1 });
    expect(saved).toMatchObject({
      label: 'Home',
      line1: '12 Harbour Road',
      city: 'Boston',
      postcode: '02110',
      country: 'US',
      lat: boston!.lat,
      lng: boston!.lng,
      timeZone: 'America/New_York',
      isDefault: true,
    });
    expect(await list(user)).toEqual([saved]);
  });

  it('matches the city whatever its case and accents, and upper-cases the country', async () => {
    const user = await createCustomer(ctx);
    const saved = await created(user, {
      ...HOME,
      city: 'ZURICH',
      country: 'ch',
      line1: 'Bahnhofstrasse 1',
    });
    expect(saved).toMatchObject({ city: 'ZURICH', country: 'CH', timeZone: 'Europe/Zurich' });
    expect(saved.lat).toBeCloseTo(47.37, 1);
  });

  it('keeps sent lat/lng and looks up their time zone', async () => {
    const user = await createCustomer(ctx);
    // Denver, Colorado: a city the name alone would not need, given exactly.
    const saved = await created(user, { ...HOME, city: 'Denver', lat: 39.7392, lng: -104.9903 });
    expect(saved).toMatchObject({ lat: 39.7392, lng: -104.9903, timeZone: 'America/Denver' });
  });

  it('accepts a city the dataset lacks when lat/lng are sent', async () => {
    const user = await createCustomer(ctx);
    const saved = await created(user, { ...HOME, city: 'Qqxqzv', lat: 51.5, lng: -0.12 });
    expect(saved).toMatchObject({ city: 'Qqxqzv', timeZone: 'Europe/London' });
  });

  it('refuses an unknown city with a 422 naming the field', async () => {
    const user = await createCustomer(ctx);
    const res = await create(user, { ...HOME, city: 'Qqxqzv' });
    expect(res.statusCode).toBe(422);
    const { error } = res.json();
    expect(error.code).toBe('unknown_city');
    expect(error.message).toMatch(/^city: /);
    expect(error.message).toContain('"Qqxqzv" in United States');
    expect(error.fields.city).toContain('Qqxqzv');
    expect(await list(user)).toEqual([]);
  });

  it('refuses a city of another country than the one given', async () => {
    const user = await createCustomer(ctx);
    const res = await create(user, { ...HOME, city: 'Zürich', country: 'US' });
    expect(res.statusCode).toBe(422);
  });

  it.each([
    ['no label', { ...HOME, label: '' }, 'label'],
    ['no street', { ...HOME, line1: '' }, 'line1'],
    ['no city', { ...HOME, city: ' ' }, 'city'],
    ['a made-up country', { ...HOME, country: 'ZZ' }, 'country'],
    ['lat without lng', { ...HOME, lat: 42 }, 'lat'],
    ['a label of 41 characters', { ...HOME, label: 'x'.repeat(41) }, 'label'],
  ])('refuses %s with a 400 naming the field', async (_, body, field) => {
    const user = await createCustomer(ctx);
    const res = await create(user, body);
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().error.fields)).toContain(field);
  });

  it('makes the first place the default, and later ones only when asked', async () => {
    const user = await createCustomer(ctx);
    at('2026-05-01T10:00:00Z');
    const home = await created(user, { ...HOME, isDefault: false });
    at('2026-05-01T11:00:00Z');
    const office = await created(user, { ...HOME, label: 'Office' });
    expect(home.isDefault).toBe(true);
    expect(office.isDefault).toBe(false);
    expect((await list(user)).map((p) => p.label)).toEqual(['Home', 'Office']);
  });

  it('moves the default to a new place created with isDefault', async () => {
    const user = await createCustomer(ctx);
    await created(user, HOME);
    const office = await created(user, { ...HOME, label: 'Office', isDefault: true });
    expect(office.isDefault).toBe(true);
    const places = await list(user);
    expect(defaults(places)).toEqual(['Office']);
    expect(places[0]!.id).toBe(office.id);
  });

  it('moves the default with PATCH isDefault, keeping exactly one', async () => {
    const user = await createCustomer(ctx);
    await created(user, HOME);
    const office = await created(user, { ...HOME, label: 'Office' });
    const res = await patch(user, office.id, { isDefault: true });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ id: office.id, isDefault: true, label: 'Office' });
    expect(defaults(await list(user))).toEqual(['Office']);
  });

  it('refuses to unset the default place (there is always one)', async () => {
    const user = await createCustomer(ctx);
    const home = await created(user, HOME);
    const res = await patch(user, home.id, { isDefault: false });
    expect(res.statusCode).toBe(422);
    expect(res.json().error.fields.isDefault).toBeTruthy();
    expect(defaults(await list(user))).toEqual(['Home']);
  });

  it('resolves the position again when the city changes', async () => {
    const user = await createCustomer(ctx);
    const home = await created(user, HOME);
    const res = await patch(user, home.id, { city: 'London', country: 'GB', postcode: 'E1 6AN' });
    expect(res.statusCode, res.body).toBe(200);
    const [london] = await cities({ q: 'London, GB', limit: 1 });
    expect(res.json().data).toMatchObject({
      city: 'London',
      country: 'GB',
      postcode: 'E1 6AN',
      lat: london!.lat,
      lng: london!.lng,
      timeZone: 'Europe/London',
      isDefault: true,
    });
  });

  it('keeps the position when only the label or street changes', async () => {
    const user = await createCustomer(ctx);
    const home = await created(user, { ...HOME, lat: 42.35, lng: -71.05 });
    const res = await patch(user, home.id, { label: 'Flat', line1: '1 Main St', postcode: '' });
    expect(res.json().data).toMatchObject({
      label: 'Flat',
      line1: '1 Main St',
      postcode: null,
      lat: 42.35,
      lng: -71.05,
    });
  });

  it('refuses a change to an unknown city with a 422 and keeps the place', async () => {
    const user = await createCustomer(ctx);
    const home = await created(user, HOME);
    const res = await patch(user, home.id, { city: 'Qqxqzv' });
    expect(res.statusCode).toBe(422);
    expect(res.json().error.code).toBe('unknown_city');
    expect(await list(user)).toEqual([home]);
  });

  it('deleting the default promotes the newest remaining place', async () => {
    const user = await createCustomer(ctx);
    at('2026-05-01T10:00:00Z');
    const home = await created(user, HOME);
    at('2026-05-01T12:00:00Z');
    const gym = await created(user, { ...HOME, label: 'Gym' });
    at('2026-05-01T11:00:00Z');
    await created(user, { ...HOME, label: 'Office' });
    const res = await remove(user, home.id);
    expect(res.statusCode).toBe(200);
    const remaining: Address[] = res.json().data;
    expect(remaining.map((p) => p.label)).toEqual(['Gym', 'Office']);
    expect(defaults(remaining)).toEqual(['Gym']);
    expect(await list(user)).toEqual(remaining);
    expect(remaining[0]!.id).toBe(gym.id);
  });

  it('deleting another place keeps the default', async () => {
    const user = await createCustomer(ctx);
    await created(user, HOME);
    const office = await created(user, { ...HOME, label: 'Office' });
    const res = await remove(user, office.id);
    expect(defaults(res.json().data)).toEqual(['Home']);
  });

  it('deleting the last place leaves none', async () => {
    const user = await createCustomer(ctx);
    const home = await created(user, HOME);
    expect((await remove(user, home.id)).json().data).toEqual([]);
    expect((await remove(user, home.id)).statusCode).toBe(404);
  });

  it("answers 404 for someone else's place and never shows or changes it", async () => {
    const owner = await createCustomer(ctx);
    const other = await createCustomer(ctx);
    const home = await created(owner, HOME);
    expect(await list(other)).toEqual([]);
    const patched = await patch(other, home.id, { label: 'Mine now', isDefault: true });
    expect(patched.statusCode).toBe(404);
    expect(patched.json().error.message).toBe('Saved place not found');
    expect((await remove(other, home.id)).statusCode).toBe(404);
    expect(await list(owner)).toEqual([home]);
  });

  it('answers 404 for an id that does not exist and 400 for one that is not a uuid', async () => {
    const user = await createCustomer(ctx);
    expect((await patch(user, crypto.randomUUID(), { label: 'X' })).statusCode).toBe(404);
    expect((await remove(user, 'not-a-uuid')).statusCode).toBe(400);
  });

  it(`keeps at most ${MAX_SAVED_PLACES} places`, async () => {
    const user = await createCustomer(ctx);
    for (let i = 0; i < MAX_SAVED_PLACES; i++) {
      await created(user, { ...HOME, label: `Place ${i + 1}`, lat: 42.3, lng: -71 });
    }
    const res = await create(user, { ...HOME, label: 'One too many', lat: 42.3, lng: -71 });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('too_many_places');
    expect(res.json().error.message).toContain(String(MAX_SAVED_PLACES));
    expect(await list(user)).toHaveLength(MAX_SAVED_PLACES);
  });

  it('keeps one default and the cap when places are saved at the same time', async () => {
    const user = await createCustomer(ctx);
    const answers = await Promise.all(
      Array.from({ length: MAX_SAVED_PLACES + 3 }, (_, i) =>
        create(user, { ...HOME, label: `Place ${i + 1}`, lat: 42.3, lng: -71 }),
      ),
    );
    const statuses = answers.map((r) => r.statusCode).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(MAX_SAVED_PLACES);
    expect(statuses.filter((s) => s === 409)).toHaveLength(3);
    const places = await list(user);
    expect(places).toHaveLength(MAX_SAVED_PLACES);
    expect(defaults(places)).toHaveLength(1);
  });
});
