import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users, vendorProfiles } from '../src/db/schema';
import { syncVendorSlug } from '../src/domains/vendors/slug';
import { createVendor } from './fixtures';
import { createTestContext, type TestContext } from './helpers';

/**
 * The pro and landing pages rendered per request (platform/spa.ts) against a stand-in of the web
 * build: a template with the page-head block and a server entry whose `renderPublicPage` writes
 * what it was given, and counts its calls (the real bundle is rendered by the e2e suite).
 */

const TEMPLATE = `<!doctype html><html><head>
    <!-- page-head: filled per page -->
    <title>Vetted</title>
    <!-- /page-head -->
  </head><body><div id="root"></div><script type="module" src="/assets/boot.js"></script></body></html>`;

const SERVER_ENTRY = `
globalThis.renderCalls = 0;
export async function renderPublicPage(path, data, origin, locale) {
  globalThis.renderCalls++;
  globalThis.renderLocale = locale;
  const name = data.kind === 'pro' ? data.pro.businessName : data.page.category.name + ' in ' + (data.page.place?.name ?? 'anywhere');
  const count = data.kind === 'pro' ? data.pro.services.length : data.page.pros.length;
  return {
    head: '<title>' + name + '</title><link rel="canonical" href="' + origin + path + '" />',
    markup: '<main><h1>' + name + '</h1><p>' + count + ' listed</p></main>',
    dataScript: '<script type="application/json" id="ssr-data">{}</script>',
  };
}
`;

const renderCalls = () => (globalThis as { renderCalls?: number }).renderCalls ?? 0;
const renderLocale = () => (globalThis as { renderLocale?: string }).renderLocale;

let ctx: TestContext;
let slug: string;
let vendorId: string;
let userId: string;
beforeAll(async () => {
  const webDist = mkdtempSync(join(tmpdir(), 'vetted-web-ssr-'));
  mkdirSync(join(webDist, 'prerendered'));
  mkdirSync(join(webDist, 'server'));
  writeFileSync(join(webDist, 'index.html'), TEMPLATE);
  writeFileSync(join(webDist, 'prerendered', 'template.html'), TEMPLATE);
  writeFileSync(
    join(webDist, 'prerendered', 'manifest.json'),
    JSON.stringify({ publicUrlPlaceholder: '%PUBLIC_URL%', template: 'template.html', pages: [] }),
  );
  writeFileSync(join(webDist, 'server', 'entry-server.js'), SERVER_ENTRY);
  // Kept like catalogue answers: the test context turns that cache off unless asked.
  ctx = await createTestContext({
    webDist,
    publicUrl: 'https://vetted.example',
    catalogueCacheTtlMs: 60_000,
  });
  const vendor = await createVendor(ctx, {
    businessName: 'Back Bay Plumbing',
    city: 'Boston',
    lat: 42.3601,
    lng: -71.0589,
  });
  vendorId = vendor.vendorId;
  userId = vendor.id;
  slug = await syncVendorSlug(ctx.app.db, vendorId, 'Back Bay Plumbing', null);
});
afterAll(async () => ctx?.close());

const get = (url: string, headers: Record<string, string> = {}) =>
  ctx.app.inject({ method: 'GET', url, headers });

describe('pages rendered per request', () => {
  it("renders a pro's page with their data, head and hydration data, and keeps it", async () => {
    const before = renderCalls();
    const res = await get(`/pros/${slug}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body).toContain(
      '<div id="root"><main><h1>Back Bay Plumbing</h1><p>1 listed</p></main></div>',
    );
    expect(res.body).toContain('<script type="application/json" id="ssr-data">{}</script>');
    expect(res.body).toContain(
      `<title>Back Bay Plumbing</title><link rel="canonical" href="https://vetted.example/pros/${slug}" />`,
    );
    expect(res.body).not.toContain('page-head');
    expect(res.body).toContain('<script type="module" src="/assets/boot.js"></script>');
    expect(renderCalls()).toBe(before + 1);

    // Kept: the same bytes and ETag, not rendered again; a 304 for the ETag.
    const again = await get(`/pros/${slug}`);
    expect(again.body).toBe(res.body);
    expect(renderCalls()).toBe(before + 1);
    const revalidated = await get(`/pros/${slug}`, { 'if-none-match': String(res.headers.etag) });
    expect(revalidated.statusCode).toBe(304);
  });

  it("formats in the visitor's language: renders and keeps one page per locale", async () => {
    ctx.app.catalogueCache.purge();
    const first = await get(`/pros/${slug}`, { 'accept-language': 'de-de,de;q=0.9,en;q=0.5' });
    expect(first.statusCode).toBe(200);
    expect(renderLocale()).toBe('de-DE');
    expect(first.headers.vary).toBe('Cookie, Accept-Encoding, Accept-Language');
    const before = renderCalls();

    // The same language again is kept; another one is rendered in its own.
    await get(`/pros/${slug}`, { 'accept-language': 'de-DE' });
    expect(renderCalls()).toBe(before);
    await get(`/pros/${slug}`, { 'accept-language': 'fr;q=0.4, en-GB;q=0.8, *;q=0.1' });
    expect(renderCalls()).toBe(before + 1);
    expect(renderLocale()).toBe('en-GB');

    // Nothing usable (a wildcard, a malformed tag): the server's own locale.
    await get(`/pros/${slug}`, { 'accept-language': '*, x-@@' });
    expect(renderLocale()).toBeUndefined();
  });

  it('renders it afresh after a catalogue purge (a pro edited their profile)', async () => {
    await get(`/pros/${slug}`);
    const before = renderCalls();
    await ctx.app.db
      .update(vendorProfiles)
      .set({ tagline: 'Now with emergency call-outs' })
      .where(eq(vendorProfiles.id, vendorId));
    ctx.app.catalogueCache.purge();
    await get(`/pros/${slug}`);
    expect(renderCalls()).toBe(before + 1);
  });

  it('renders landing pages, with and without a place', async () => {
    const place = await get('/services/plumbing/boston-ma-us');
    expect(place.statusCode).toBe(200);
    expect(place.body).toContain('<h1>Plumbing in Boston</h1><p>1 listed</p>');
    const category = await get('/services/plumbing');
    expect(category.statusCode).toBe(200);
    expect(category.body).toContain('<h1>Plumbing in anywhere</h1>');
  });

  it('answers 404 with the shell for an unknown pro, category or place', async () => {
    for (const url of [
      '/pros/nobody-000000',
      '/services/astrology',
      '/services/plumbing/atlantis-zz',
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.body, url).toBe(TEMPLATE);
    }
  });

  it("redirects a renamed pro's old slug with 301", async () => {
    const renamed = await syncVendorSlug(ctx.app.db, vendorId, 'Back Bay Pipes', slug);
    ctx.app.catalogueCache.purge();
    const res = await get(`/pros/${slug}`);
    expect(res.statusCode).toBe(301);
    expect(res.headers.location).toBe(`/pros/${renamed}`);
    expect((await get(`/pros/${renamed}`)).statusCode).toBe(200);
    slug = renamed;
  });

  it('gives a signed-in visitor the shell: their header is not the visitor one', async () => {
    const before = renderCalls();
    const session = encodeURIComponent(
      JSON.stringify({
        accessToken: 'a.b.c',
        refreshToken: 'r'.repeat(43),
        expiresIn: new Date(Date.now() + 15 * 60_000).toISOString(),
        role: 'customer',
      }),
    );
    const res = await get(`/pros/${slug}`, { cookie: `user_session=${session}` });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(TEMPLATE);
    expect(renderCalls()).toBe(before);
  });

  it('never serves the server bundle as a file', async () => {
    const res = await get('/server/entry-server.js');
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('renderPublicPage');
  });

  it('answers 410 once the pro deleted their account', async () => {
    await ctx.app.db.update(users).set({ deletedAt: new Date() }).where(eq(users.id, userId));
    await ctx.app.db
      .update(vendorProfiles)
      .set({ vettingStatus: 'suspended' })
      .where(eq(vendorProfiles.id, vendorId));
    ctx.app.catalogueCache.purge();
    const res = await get(`/pros/${slug}`);
    expect(res.statusCode).toBe(410);
    expect(res.body).toBe(TEMPLATE);
  });
});
