import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';
import { tmpdir } from 'node:os';
import { delimiter, dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inlineScriptHashes } from '../src/platform/csp';
import { createTestContext, type TestContext } from './helpers';

const INDEX =
  '<!doctype html><html><head><title>Vetted</title></head><body><div id="root"></div></body></html>';
const APP_JS = `console.log(${JSON.stringify('vetted '.repeat(400))});\n`;

/** A `.br` sibling unlike what the server would compress itself: proves it is the file sent. */
const BUILT_BR = brotliCompressSync(Buffer.from(`/* built */${APP_JS}`));

let ctx: TestContext;
let bare: TestContext;
beforeAll(async () => {
  const webDist = mkdtempSync(join(tmpdir(), 'vetted-web-'));
  mkdirSync(join(webDist, 'assets'));
  writeFileSync(join(webDist, 'index.html'), INDEX);
  writeFileSync(join(webDist, 'assets', 'app.js'), APP_JS);
  // What the web build (vite-plugin-compression2) writes next to an asset.
  writeFileSync(join(webDist, 'assets', 'app.js.br'), BUILT_BR);
  writeFileSync(join(webDist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  ctx = await createTestContext({ webDist });
  bare = await createTestContext({ webDist: join(webDist, 'missing') });
});
afterAll(async () => {
  await ctx?.close();
  await bare?.close();
});

/** A `user_session` cookie as @vetted/session writes it: the JSON session, percent-encoded. */
function sessionCookie(role: 'customer' | 'vendor' | 'admin'): string {
  const session = {
    accessToken: 'a.b.c',
    refreshToken: 'r'.repeat(43),
    expiresIn: new Date(Date.now() + 15 * 60_000).toISOString(),
    role,
  };
  return `user_session=${encodeURIComponent(JSON.stringify(session))}`;
}

const get = (url: string, headers: Record<string, string> = {}) =>
  ctx.app.inject({ method: 'GET', url, headers });

describe('SPA', () => {
  it('serves index.html at / and on public client routes, never cached', async () => {
    for (const url of ['/', '/about', '/auth/login', '/search?q=plumber']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.body).toBe(INDEX);
    }
  });

  it('answers HEAD like GET without a body', async () => {
    const res = await ctx.app.inject({ method: 'HEAD', url: '/about' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.body).toBe('');
    const protectedPath = await ctx.app.inject({ method: 'HEAD', url: '/user' });
    expect(protectedPath.statusCode).toBe(303);
  });

  it('redirects a protected path without a session to / with 303', async () => {
    for (const url of ['/user/history', '/vendor', '/user/services/vendor/123/service?x=1']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(303);
      expect(res.headers.location).toBe('/');
    }
    // A cookie that is not a session counts as none.
    const junk = await get('/user/history', { cookie: 'user_session=not-json' });
    expect(junk.statusCode).toBe(303);
  });

  it('serves a protected path to a signed-in role that may open it', async () => {
    const res = await get('/user/history', { cookie: sessionCookie('customer') });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(INDEX);
    const vendor = await get('/vendor/profile', {
      cookie: `theme=dark; ${sessionCookie('vendor')}`,
    });
    expect(vendor.statusCode).toBe(200);
  });

  it('sends a role to its own home on another role’s path', async () => {
    const res = await get('/vendor/history', { cookie: sessionCookie('customer') });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/user');
  });

  it('serves hashed assets with a long cache and compresses them on request', async () => {
    const res = await get('/assets/app.js');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.body).toBe(APP_JS);
    const gz = await get('/assets/app.js', { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.rawPayload.length).toBeLessThan(APP_JS.length);
    const icon = await get('/favicon.svg');
    expect(icon.statusCode).toBe(200);
    expect(icon.headers['cache-control']).toBe('no-cache');
  });

  it('sends the brotli file the build wrote instead of compressing again', async () => {
    const br = await get('/assets/app.js', { 'accept-encoding': 'br, gzip' });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(Buffer.compare(br.rawPayload, BUILT_BR)).toBe(0);
  });

  it('answers a JSON 404 for unknown API routes and missing files', async () => {
    const res = await get('/v1/nope');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({
      ok: false,
      error: { message: 'Route GET /v1/nope not found', code: 'not_found' },
    });
    const post = await ctx.app.inject({ method: 'POST', url: '/v1/nope?x=1' });
    expect(post.json().error.message).toBe('Route POST /v1/nope not found');
    const missing = await get('/assets/missing.js');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.code).toBe('not_found');
  });

  it('still answers the API next to the SPA', async () => {
    const res = await get('/v1/health');
    expect(res.json()).toEqual({ ok: true, data: { status: 'up' } });
  });

  it('explains how to build the web app when it is missing, after the access rules', async () => {
    const res = await bare.app.inject({ method: 'GET', url: '/about' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.body).toContain('pnpm build');
    const protectedPath = await bare.app.inject({ method: 'GET', url: '/user' });
    expect(protectedPath.statusCode).toBe(303);
    expect(protectedPath.headers.location).toBe('/');
    const api = await bare.app.inject({ method: 'GET', url: '/v1/nope' });
    expect(api.statusCode).toBe(404);
    expect(api.json().error.code).toBe('not_found');
  });
});

/**
 * The real web build (apps/web/dist, with its prerendered pages). Built here when it
 * is missing (`pnpm build` of apps/web: vite, the SSR bundle and scripts/prerender.mjs, ~20 s):
 * the API's test task does not depend on the web build.
 */
const WEB = join(import.meta.dirname, '../../web');
const WEB_DIST = join(WEB, 'dist');

function ensureWebBuilt(): void {
  if (existsSync(join(WEB_DIST, 'prerendered', 'manifest.json'))) return;
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
  if (result.status !== 0) throw new Error('building apps/web for the prerender tests failed');
}

const PUBLIC_URL = 'https://vetted.example';

/** Each prerendered public page: its `<h1>` (start of its text) and `<title>`. */
const PAGES: Array<{ path: string; h1: string; title: string }> = [
  { path: '/', h1: 'Book vetted local pros', title: 'Vetted — book vetted local pros' },
  { path: '/about', h1: 'About Vetted', title: 'About — Vetted' },
  { path: '/services', h1: 'Services', title: 'Services — Vetted' },
  { path: '/support', h1: 'Support', title: 'Support — Vetted' },
  { path: '/privacy', h1: 'Privacy policy', title: 'Privacy policy — Vetted' },
  { path: '/refund', h1: 'Refund policy', title: 'Refund policy — Vetted' },
  { path: '/user-agreement', h1: 'User agreement', title: 'User agreement — Vetted' },
  { path: '/auth/login', h1: 'Welcome back', title: 'Log in — Vetted' },
  { path: '/auth/signup', h1: 'Create your account', title: 'Sign up — Vetted' },
];

/** The `content` of `<meta property|name="key">` or the `href` of `<link rel="key">` in `html`. */
function headValue(html: string, key: string): string | undefined {
  const meta = new RegExp(`<meta (?:property|name)="${key}" content="([^"]*)"`).exec(html);
  const link = new RegExp(`<link rel="${key}" href="([^"]*)"`).exec(html);
  return (meta ?? link)?.[1];
}

/** The JSON-LD block of `html`, parsed. */
function jsonLd(html: string): { '@graph': Array<Record<string, unknown>> } {
  const block = /<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(html);
  expect(block, 'a JSON-LD block').not.toBeNull();
  return JSON.parse(block?.[1] ?? '');
}

describe('prerendered public pages (real web build)', () => {
  let web: TestContext;
  const page = (url: string, headers: Record<string, string> = {}) =>
    web.app.inject({ method: 'GET', url, headers });

  beforeAll(async () => {
    ensureWebBuilt();
    web = await createTestContext({ webDist: WEB_DIST, publicUrl: `${PUBLIC_URL}/` });
  }, 180_000);
  afterAll(async () => web?.close());

  it('sends each page with its <h1> and <title> in the HTML itself, before any script runs', async () => {
    for (const { path, h1, title } of PAGES) {
      const res = await page(path);
      expect(res.statusCode, path).toBe(200);
      expect(res.headers['content-type'], path).toBe('text/html; charset=utf-8');
      const html = res.body;
      const root = html.indexOf('<div id="root">');
      expect(html.slice(root), path).toMatch(new RegExp(`^<div id="root"><.+<h1[^>]*>${h1}`, 's'));
      expect(html.match(/<title>([^<]*)<\/title>/g), path).toEqual([`<title>${title}</title>`]);
      expect(headValue(html, 'og:title'), path).toBe(title);
      expect(headValue(html, 'twitter:title'), path).toBe(title);
      expect(headValue(html, 'description'), path).toBe(headValue(html, 'og:description'));
      expect(headValue(html, 'description')?.length, path).toBeGreaterThan(30);
    }
  });

  it('gives every page its own absolute canonical and Open Graph URLs from PUBLIC_URL', async () => {
    for (const { path } of PAGES) {
      const html = (await page(path)).body;
      expect(headValue(html, 'canonical'), path).toBe(`${PUBLIC_URL}${path}`);
      expect(headValue(html, 'og:url'), path).toBe(`${PUBLIC_URL}${path}`);
      expect(headValue(html, 'og:image'), path).toBe(`${PUBLIC_URL}/og-img.png`);
      expect(headValue(html, 'twitter:image'), path).toBe(`${PUBLIC_URL}/og-img.png`);
      expect(html, path).not.toContain('%PUBLIC_URL%');
    }
  });

  it('puts absolute URLs in the JSON-LD, on prerendered pages and in the plain shell', async () => {
    const signedIn = await page('/user/history', { cookie: sessionCookie('customer') });
    const shell = await page('/index.html');
    for (const res of [await page('/'), await page('/about'), signedIn, shell]) {
      expect(res.statusCode).toBe(200);
      expect(res.body).not.toContain('%PUBLIC_URL%');
      const [site, organisation] = jsonLd(res.body)['@graph'];
      expect(site?.url).toBe(`${PUBLIC_URL}/`);
      expect(site?.potentialAction).toMatchObject({
        target: { urlTemplate: `${PUBLIC_URL}/search?q={search_term_string}` },
      });
      expect(organisation?.url).toBe(`${PUBLIC_URL}/`);
      expect(organisation?.logo).toBe(`${PUBLIC_URL}/logo.png`);
    }
    expect(headValue(shell.body, 'og:image')).toBe(`${PUBLIC_URL}/og-img.png`);
  });

  it('sends the brotli, gzip or deflate bytes made at start, decoding to the identity body', async () => {
    const identity = await page('/about', { 'accept-encoding': 'identity' });
    expect(identity.headers['content-encoding']).toBeUndefined();
    const br = await page('/about', { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.rawPayload.length).toBeLessThan(identity.rawPayload.length / 3);
    expect(brotliDecompressSync(br.rawPayload).toString('utf8')).toBe(identity.body);
    const gzip = await page('/about', { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString('utf8')).toBe(identity.body);
    // Deflate too, or @fastify/compress would encode it on the fly under the identity's ETag.
    const deflate = await page('/about', { 'accept-encoding': 'deflate' });
    expect(deflate.headers['content-encoding']).toBe('deflate');
    expect(inflateSync(deflate.rawPayload).toString('utf8')).toBe(identity.body);
    // Precompressed once: the same bytes every time.
    const again = await page('/about', { 'accept-encoding': 'br' });
    expect(Buffer.compare(again.rawPayload, br.rawPayload)).toBe(0);
    for (const res of [identity, br, gzip, deflate]) {
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.headers.vary).toBe('Cookie, Accept-Encoding');
      expect(res.headers.etag).toMatch(/^"[A-Za-z0-9_-]+(-br|-gzip|-deflate)?"$/);
    }
    // A strong ETag per coding: different bytes, different tags.
    expect(new Set([identity, br, gzip, deflate].map((r) => r.headers.etag)).size).toBe(4);
  });

  it('answers 304 to a matching If-None-Match, and the page again after a change', async () => {
    for (const encoding of ['br', 'identity']) {
      const first = await page('/support', { 'accept-encoding': encoding });
      const etag = String(first.headers.etag);
      const revalidated = await page('/support', {
        'accept-encoding': encoding,
        'if-none-match': etag,
      });
      expect(revalidated.statusCode, encoding).toBe(304);
      expect(revalidated.rawPayload.length, encoding).toBe(0);
      expect(revalidated.headers.etag, encoding).toBe(etag);
    }
    const stale = await page('/support', { 'if-none-match': '"something-else"' });
    expect(stale.statusCode).toBe(200);
    // Another page's tag is not this page's.
    const about = await page('/about');
    const other = await page('/support', { 'if-none-match': String(about.headers.etag) });
    expect(other.statusCode).toBe(200);
  });

  it('serves the plain shell, never a prerendered page, to a request with a session cookie', async () => {
    const shell = readFileSync(join(WEB_DIST, 'index.html'), 'utf8');
    for (const path of ['/about', '/auth/login', '/services']) {
      const res = await page(path, { cookie: sessionCookie('customer') });
      expect(res.statusCode, path).toBe(200);
      expect(res.body, path).toContain('<div id="root"></div>');
      expect(res.body, path).not.toContain('<h1');
      expect(res.body, path).toBe(shell.replaceAll('%PUBLIC_URL%', PUBLIC_URL));
      expect(res.headers.vary, path).toBe('Cookie, Accept-Encoding');
    }
    // The same path signed out is the prerendered page, with another ETag.
    const signedOut = await page('/about');
    const signedIn = await page('/about', { cookie: sessionCookie('customer') });
    expect(signedOut.body).toContain('<h1');
    expect(signedOut.headers.etag).not.toBe(signedIn.headers.etag);
  });

  it('renders /search per request with its query, and the plain shell on paths not prerendered', async () => {
    const search = await page('/search?q=plumber');
    expect(search.body).toMatch(/<h1[^>]*>Results for “plumber”<\/h1>/);
    expect(headValue(search.body, 'robots')).toBe('noindex');
    const otp = await page('/auth/otp-verification');
    expect(otp.statusCode).toBe(200);
    expect(otp.body).toContain('<div id="root"></div>');
    const trailing = await page('/about/');
    expect(trailing.body).not.toContain('<h1');
  });

  it('does not serve the raw prerendered files or index.html from disk', async () => {
    for (const url of ['/prerendered/about.html', '/prerendered/manifest.json', '/index.html.br']) {
      const res = await page(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.json().error.code, url).toBe('not_found');
    }
    const index = await page('/index.html', { 'accept-encoding': 'br' });
    expect(index.statusCode).toBe(200);
    expect(index.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(index.rawPayload).toString('utf8')).toContain(
      '<div id="root"></div>',
    );
  });

  it('answers HEAD on a prerendered page with its headers and no body', async () => {
    const res = await web.app.inject({ method: 'HEAD', url: '/privacy' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers.etag).toBeDefined();
    expect(res.body).toBe('');
  });

  it('runs the prerendered pages under the CSP: their inline scripts are the hashed ones', async () => {
    for (const { path } of [...PAGES, { path: '/search' }]) {
      const res = await page(path);
      const scriptSrc = String(res.headers['content-security-policy'])
        .split(';')
        .find((d) => d.startsWith('script-src'))
        ?.split(' ');
      const hashes = inlineScriptHashes(res.body);
      expect(hashes.length, path).toBeGreaterThan(0);
      for (const hash of hashes) expect(scriptSrc, path).toContain(hash);
    }
  });
});
