import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from './helpers';

/**
 * robots.txt and the sitemap's static pages, as absolute URLs from PUBLIC_URL; the
 * pros and landing pages of the index: public-pages.test.ts.
 */

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ publicUrl: 'https://vetted.example/' });
});
afterAll(async () => ctx?.close());

describe('crawlers', () => {
  it('robots.txt keeps them out of the signed-in areas and points at the sitemap', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/robots.txt' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    const lines = res.body.split('\n');
    expect(lines[0]).toBe('User-agent: *');
    for (const path of ['/user', '/vendor', '/admin', '/auth/otp-verification', '/v1/']) {
      expect(lines).toContain(`Disallow: ${path}`);
    }
    expect(lines).toContain('Sitemap: https://vetted.example/sitemap.xml');
  });

  it("the sitemap index names the static pages' file, which lists every public page once, with absolute URLs", async () => {
    const index = await ctx.app.inject({ method: 'GET', url: '/sitemap.xml' });
    expect(index.body).toContain('<loc>https://vetted.example/sitemaps/pages.xml</loc>');
    const res = await ctx.app.inject({ method: 'GET', url: '/sitemaps/pages.xml' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(res.body).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>/);
    const locs = [...res.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    expect(locs).toEqual([
      'https://vetted.example/',
      'https://vetted.example/about',
      'https://vetted.example/services',
      'https://vetted.example/support',
      'https://vetted.example/privacy',
      'https://vetted.example/refund',
      'https://vetted.example/user-agreement',
      'https://vetted.example/auth/login',
      'https://vetted.example/auth/signup',
    ]);
  });
});
