import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { SitemapStream, streamToPromise } from 'sitemap';
import { ROUTES } from '@vetted/session';

/**
 * The public pages search engines may list (spec §2's public routes that have a page of their
 * own; `/search` without a query and the OTP step are not pages to index).
 */
export const SITEMAP_PATHS = [
  ROUTES.home,
  ROUTES.about,
  ROUTES.services,
  ROUTES.support,
  ROUTES.privacy,
  ROUTES.refund,
  ROUTES.userAgreement,
  ROUTES.login,
  ROUTES.signup,
] as const;

/** Signed-in areas and one-time steps: nothing there for a crawler. */
const DISALLOWED = ['/user', '/vendor', '/admin', ROUTES.otpVerification, '/v1/', '/media/'];

/** How long (s) browsers and crawlers may keep robots.txt and sitemap.xml. */
const MAX_AGE_S = 3600;

/**
 * `GET /robots.txt` and `GET /sitemap.xml` with absolute URLs from `PUBLIC_URL` (issue #10). Both
 * are built once at start (the `sitemap` package writes and escapes the XML) and served from
 * memory.
 */
export default fp(
  async (app: FastifyInstance) => {
    const base = app.config.publicUrl.replace(/\/+$/, '');
    const stream = new SitemapStream({ hostname: `${base}/` });
    for (const url of SITEMAP_PATHS) stream.write({ url, changefreq: 'weekly' });
    stream.end();
    const sitemapXml = (await streamToPromise(stream)).toString('utf8');
    const robotsTxt = [
      'User-agent: *',
      'Allow: /',
      ...DISALLOWED.map((path) => `Disallow: ${path}`),
      '',
      `Sitemap: ${base}/sitemap.xml`,
      '',
    ].join('\n');

    app.get('/robots.txt', { schema: { hide: true } }, async (_request, reply) =>
      reply
        .type('text/plain; charset=utf-8')
        .header('cache-control', `public, max-age=${MAX_AGE_S}`)
        .send(robotsTxt),
    );
    app.get('/sitemap.xml', { schema: { hide: true } }, async (_request, reply) =>
      reply
        .type('application/xml; charset=utf-8')
        .header('cache-control', `public, max-age=${MAX_AGE_S}`)
        .send(sitemapXml),
    );
  },
  { name: 'seo' },
);
