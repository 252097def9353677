import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { brotliCompressSync } from 'node:zlib';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
