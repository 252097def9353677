import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { delimiter, dirname, join } from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { users } from '../src/db/schema';
import { syncVendorSlug } from '../src/domains/vendors/slug';
import {
  bearer,
  createCustomer,
  createVendor,
  type TestUser,
  type VendorOptions,
} from './fixtures';
import { createTestContext, type TestContext } from './helpers';

/**
 * `/search` rendered per request (platform/spa.ts, spa-render.ts) by the real web build's server
 * bundle: the first page of results is in the HTML before any script runs, and the data block
 * hydration reads is the very answer of `GET /v1/vendors` for the page's first query.
 */

const WEB = join(import.meta.dirname, '../../web');
const WEB_DIST = join(WEB, 'dist');
const SERVER_ENTRY = join(WEB_DIST, 'server', 'entry-server.js');

/**
 * Builds apps/web (vite, the SSR bundle and scripts/prerender.mjs, ~20 s) when its build is
 * missing or older than the search rendering (no `data-session` in the server bundle): the
 * API's test task does not depend on the web build.
 */
function ensureWebBuilt(): void {
  const built =
    existsSync(join(WEB_DIST, 'prerendered', 'manifest.json')) &&
    existsSync(SERVER_ENTRY) &&
    // The newest rendering it needs: the search screens rendered for a signed-in session.
    readFileSync(SERVER_ENTRY, 'utf8').includes('data-session');
  if (built) return;
  const { scripts } = JSON.parse(readFileSync(join(WEB, 'package.json'), 'utf8'));
  // As `pnpm run build` would: the package's script in a shell, its node_modules/.bin on PATH.
  const result = spawnSync(scripts.build, {
    cwd: WEB,
    shell: true,
    stdio: 'inherit',
    env: {
      ...process.env,
      PATH: [join(WEB, 'node_modules/.bin'), dirname(process.execPath), process.env.PATH].join(
        delimiter,
      ),
    },
  });
  if (result.status !== 0) throw new Error('building apps/web for the search page tests failed');
}

/**
 * A `user_session` cookie as @vetted/session writes it: the JSON session, percent-encoded;
 * `accessToken` a made-up one unless given.
 */
function sessionCookie(
  role: 'customer' | 'vendor',
  accessToken = 'a.b.c',
  expiresIn = new Date(Date.now() + 15 * 60_000).toISOString(),
): string {
  const session = { accessToken, refreshToken: 'r'.repeat(43), expiresIn, role };
  return `user_session=${encodeURIComponent(JSON.stringify(session))}`;
}

/** The markup inside `<div id="root">`: what shows before any script runs. */
function rootMarkup(html: string): string {
  const start = html.indexOf('<div id="root">');
  const end = html.indexOf('<script type="application/json" id="ssr-data"');
  expect(start, 'a root element').toBeGreaterThan(-1);
  expect(end, 'a data block after the root').toBeGreaterThan(start);
  return html.slice(start, end);
}

/** The hydration data block (lib/ssr-data.ts in the web app): SWR fallback by serialised key. */
function ssrData(html: string): Record<string, unknown> {
  const block = /<script type="application\/json" id="ssr-data"[^>]*>([\s\S]*?)<\/script>/.exec(
    html,
  );
  expect(block, 'a data block').not.toBeNull();
  return JSON.parse(block?.[1] ?? '{}');
}

/** The entries of `data` whose SWR key names `endpoint` (a path such as `/vendors`). */
function entriesOf(data: Record<string, unknown>, endpoint: string): unknown[] {
  return Object.entries(data)
    .filter(([key]) => key.includes(JSON.stringify(endpoint)))
    .map(([, value]) => value);
}

let ctx: TestContext;

/** An approved pro as search lists them: with the public slug their result links to. */
async function createPro(options: VendorOptions & { businessName: string }): Promise<void> {
  const { vendorId } = await createVendor(ctx, options);
  await syncVendorSlug(ctx.app.db, vendorId, options.businessName, null);
}

const plumbers = ['Back Bay Plumbing', 'Harbor Pipe Works', 'Dorchester Drains'];
const electrician = 'Beacon Sparks';

beforeAll(async () => {
  ensureWebBuilt();
  ctx = await createTestContext({ webDist: WEB_DIST, publicUrl: 'https://vetted.example' });
  for (const [i, businessName] of plumbers.entries()) {
    await createPro({
      businessName,
      city: 'Boston',
      lat: 42.3601 + i / 100,
      lng: -71.0589,
      ratingAverage: 4 + i / 4,
    });
  }
  await createPro({
    businessName: electrician,
    category: 'electrical',
    serviceTitle: 'Rewiring',
    city: 'Boston',
  });
}, 180_000);
afterAll(async () => ctx?.close());

const get = (url: string, headers: Record<string, string> = {}) =>
  ctx.app.inject({ method: 'GET', url, headers });

describe('the search page rendered per request', () => {
  it('has the first results of /search?q=plumbing in its HTML, with the API answer as data', async () => {
    const res = await get('/search?q=plumbing');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    const markup = rootMarkup(res.body);
    expect(markup).toMatch(/<h1[^>]*>Results for “plumbing”<\/h1>/);

    // What the page's first render asks for: page 1 of 12, no place (a signed-out visitor).
    const api = await get('/v1/vendors?q=plumbing&page=1&pageSize=12');
    expect(api.statusCode).toBe(200);
    const answer = api.json().data;
    expect(answer.items.map((v: { businessName: string }) => v.businessName).sort()).toEqual(
      [...plumbers].sort(),
    );
    // Every result's name, in the API's order, is in the markup; the electrician is not.
    let from = 0;
    for (const { businessName } of answer.items) {
      const at = markup.indexOf(`>${businessName}<`, from);
      expect(at, businessName).toBeGreaterThan(-1);
      from = at;
    }
    expect(markup).not.toContain(electrician);

    const vendors = entriesOf(ssrData(res.body), '/vendors');
    expect(vendors).toEqual([answer]);
    const categories = entriesOf(ssrData(res.body), '/categories');
    expect(categories).toEqual([(await get('/v1/categories')).json().data]);
  });

  it('renders every query the page reads: a category filter and a page past the results', async () => {
    const filtered = await get('/search?category=electrical');
    const markup = rootMarkup(filtered.body);
    expect(markup).toContain(electrician);
    for (const name of plumbers) expect(markup).not.toContain(name);
    const [answer] = entriesOf(ssrData(filtered.body), '/vendors');
    expect(answer).toEqual(
      (await get('/v1/vendors?category=electrical&page=1&pageSize=12')).json().data,
    );

    const beyond = await get('/search?q=plumbing&page=2');
    expect(entriesOf(ssrData(beyond.body), '/vendors')).toEqual([
      (await get('/v1/vendors?q=plumbing&page=2&pageSize=12')).json().data,
    ]);
    for (const name of plumbers) expect(rootMarkup(beyond.body)).not.toContain(name);
  });

  it('leaves a query the API refuses to the browser: results loading, no vendors data', async () => {
    // A price bound without a currency or a place: `GET /v1/vendors` answers 400.
    const refused = await get('/v1/vendors?q=plumbing&minPrice=5000&page=1&pageSize=12');
    expect(refused.statusCode).toBe(400);
    const res = await get('/search?q=plumbing&minPrice=5000');
    expect(res.statusCode).toBe(200);
    expect(rootMarkup(res.body)).toContain('aria-label="Loading pros"');
    expect(entriesOf(ssrData(res.body), '/vendors')).toEqual([]);
    expect(entriesOf(ssrData(res.body), '/categories')).toHaveLength(1);
  });

  it('is sent for revalidation on every use, per encoding, with a 304 while unchanged', async () => {
    const res = await get('/search?q=plumbing', { 'accept-encoding': 'br' });
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers.vary).toBe('Cookie, Accept-Encoding, Accept-Language');
    expect(res.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(res.rawPayload).toString('utf8')).toContain('Back Bay Plumbing');
    const again = await get('/search?q=plumbing', {
      'accept-encoding': 'br',
      'if-none-match': String(res.headers.etag),
    });
    expect(again.statusCode).toBe(304);
    // Another query is another page, with another ETag.
    const other = await get('/search?q=electrical', { 'accept-encoding': 'br' });
    expect(other.headers.etag).not.toBe(res.headers.etag);
  });

  it('shows a new pro on the next request (rendered per request, not at build time)', async () => {
    await createPro({ businessName: 'Charlestown Plumbing Co', city: 'Boston' });
    const res = await get('/search?q=plumbing');
    expect(rootMarkup(res.body)).toContain('Charlestown Plumbing Co');
  });

  it('gives a session whose access token does not verify the plain shell, rendered by the browser', async () => {
    const customer = await createCustomer(ctx);
    const { token: revoked, sessionId } = await ctx.app.auth.signAccessToken({
      id: customer.id,
      role: 'customer',
    });
    await ctx.app.auth.revokeSessions([sessionId]);
    const cookies = [
      sessionCookie('customer'), // not a token we signed
      sessionCookie('vendor', customer.token), // a customer's token in a pro's cookie
      sessionCookie('customer', revoked),
    ];
    for (const cookie of cookies) {
      const res = await get('/search?q=plumbing', { cookie });
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('<div id="root"></div>');
      expect(res.body).not.toContain('Back Bay Plumbing');
      expect(res.body).not.toContain('data-session');
    }
  });
});

describe('the search screens rendered for a signed-in person', () => {
  const expiresIn = new Date(Date.now() + 15 * 60_000).toISOString();
  let customer: TestUser;
  let cookie: string;

  beforeAll(async () => {
    customer = await createCustomer(ctx, 'Dana Whitfield');
    cookie = sessionCookie('customer', customer.token, expiresIn);
    // A place away from the pros, and the default one: its results must be around it.
    for (const [label, lat, isDefault] of [
      ['Cottage', 44.0, false],
      ['Home', 42.4, true],
    ] as const) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/v1/me/addresses',
        headers: bearer(customer.token),
        payload: { label, line1: '1 Main St', city: 'Boston', country: 'US', lat, lng: -71.0589 },
      });
      expect(res.statusCode).toBe(201);
      if (isDefault) {
        const { id } = res.json().data;
        const made = await ctx.app.inject({
          method: 'PATCH',
          url: `/v1/me/addresses/${id}`,
          headers: bearer(customer.token),
          payload: { isDefault: true },
        });
        expect(made.statusCode).toBe(200);
      }
    }
  });

  const asCustomer = (url: string) =>
    ctx.app.inject({ method: 'GET', url, headers: bearer(customer.token) });

  it('renders /search around their default saved place, with their account as data', async () => {
    const res = await get('/search?q=plumbing', { cookie });
    expect(res.statusCode).toBe(200);
    const markup = rootMarkup(res.body);
    expect(markup).toMatch(/<h1[^>]*>Results for “plumbing”<\/h1>/);
    // Signed in: the header leads to their dashboard, not to signing in.
    expect(markup).toContain('Go to dashboard');
    expect(markup).not.toContain('>Log in<');

    // What their browser's first render asks for: page 1 of 12 around Home (42.4, -71.0589).
    const api = await asCustomer('/v1/vendors?q=plumbing&page=1&pageSize=12&lat=42.4&lng=-71.0589');
    expect(api.statusCode).toBe(200);
    const answer = api.json().data;
    expect(answer.items).toHaveLength(plumbers.length);
    expect(
      answer.items.every((v: { distanceKm: unknown }) => typeof v.distanceKm === 'number'),
    ).toBe(true);
    const data = ssrData(res.body);
    expect(entriesOf(data, '/vendors')).toEqual([answer]);
    expect(entriesOf(data, '/me/addresses')).toEqual([
      (await asCustomer('/v1/me/addresses')).json().data,
    ]);
    expect(entriesOf(data, '/me')).toEqual([(await asCustomer('/v1/me')).json().data]);
    // The place chip names the default place; the results show their distance from it.
    expect(markup).toContain('Home');
    expect(markup).not.toContain('Cottage');
    expect(markup.match(/Boston · \d+(?:\.\d+)?\smi</g)).toHaveLength(answer.items.length);
    // The browser hydrates it only for this very session.
    expect(res.body).toContain(`data-session="${encodeURIComponent(expiresIn)}"`);
    // The tokens themselves never go into the page.
    expect(res.body).not.toContain(customer.token);
    expect(res.body).not.toContain('r'.repeat(43));
  });

  it('renders /user/services in the customer layout, never kept for anyone else', async () => {
    const res = await get('/user/services?q=plumbing', { cookie, 'accept-encoding': 'br' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-cache');
    expect(res.headers.vary).toContain('Cookie');
    const html = brotliDecompressSync(res.rawPayload).toString('utf8');
    const markup = rootMarkup(html);
    expect(markup).toMatch(/<nav[^>]*aria-label="Account"/);
    for (const name of plumbers) expect(markup).toContain(name);
    expect(html).toContain('<meta name="robots" content="noindex" />');

    // Another customer, with no saved place: their own page, without Dana's place or data.
    const other = await createCustomer(ctx, 'Eli Moreno');
    const theirs = await get('/user/services?q=plumbing', {
      cookie: sessionCookie('customer', other.token),
    });
    expect(theirs.statusCode).toBe(200);
    expect(theirs.body).not.toContain('Dana Whitfield');
    expect(entriesOf(ssrData(theirs.body), '/me/addresses')).toEqual([[]]);
    expect(entriesOf(ssrData(theirs.body), '/vendors')).toEqual([
      (await get('/v1/vendors?q=plumbing&page=1&pageSize=12')).json().data,
    ]);
  });

  it('gives an account deleted since its token was signed the shell, as its API routes refuse it', async () => {
    const gone = await createCustomer(ctx, 'Gale Gone');
    await ctx.app.db.update(users).set({ deletedAt: new Date() }).where(eq(users.id, gone.id));
    expect((await asCustomer('/v1/me')).statusCode).toBe(200);
    expect(
      (await ctx.app.inject({ method: 'GET', url: '/v1/me', headers: bearer(gone.token) }))
        .statusCode,
    ).toBe(401);
    const res = await get('/search?q=plumbing', { cookie: sessionCookie('customer', gone.token) });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<div id="root"></div>');
    expect(res.body).not.toContain('data-session');
  });

  it('keeps signed-out pages for signed-out visitors: a signed-in render is never served to them', async () => {
    await get('/search?q=plumbing', { cookie });
    const signedOut = await get('/search?q=plumbing');
    expect(rootMarkup(signedOut.body)).toContain('>Log in<');
    expect(signedOut.body).not.toContain('data-session');
    expect(signedOut.body).not.toContain('Dana Whitfield');
  });
});
