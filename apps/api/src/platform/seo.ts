import type { FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import { SitemapIndexStream, SitemapStream, streamToPromise } from 'sitemap';
import { ROUTES } from '@vetted/session';
import type { ServicePageService } from '../domains/catalogue/service-page';

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

/** How long (s) browsers and crawlers may keep robots.txt and the sitemaps. */
const MAX_AGE_S = 3600;

/**
 * Most URLs per sitemap file. The protocol allows 50,000 (sitemaps.org); fewer keeps each file
 * small to build and send.
 */
export const SITEMAP_URLS_PER_FILE = 10_000;

/** The sitemap files of the index, by name: `pages`, `pros-<n>`, `services-<n>` (n from 1). */
const SITEMAP_FILE = /^(pages|pros-[1-9][0-9]*|services-[1-9][0-9]*)$/;

async function xmlOf(urls: readonly string[], hostname: string): Promise<string> {
  const stream = new SitemapStream({ hostname });
  for (const url of urls) stream.write({ url, changefreq: 'weekly' });
  stream.end();
  return (await streamToPromise(stream)).toString('utf8');
}

/** `items` cut into files of {@link SITEMAP_URLS_PER_FILE}; at least one (maybe empty). */
function chunks<T>(items: readonly T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += SITEMAP_URLS_PER_FILE) {
    out.push(items.slice(i, i + SITEMAP_URLS_PER_FILE));
  }
  return out.length > 0 ? out : [[]];
}

/**
 * `GET /robots.txt`, and `GET /sitemap.xml` as a sitemap index (absolute URLs from
 * `PUBLIC_URL`) of `GET /sitemaps/<file>.xml`: `pages` (the static public pages), `pros-<n>`
 * (every approved pro's `/pros/<slug>`) and `services-<n>` (every category with pros,
 * `/services/<category>`, and every category × place page with pros,
 * `/services/<category>/<place>`), at most {@link SITEMAP_URLS_PER_FILE} URLs each. The dynamic
 * lists come from the landing pages' places index (catalogue/service-page.ts), so they change
 * with the catalogue. The `sitemap` package writes and escapes the XML.
 */
export default fp(
  async (app: FastifyInstance, { servicePages }: { servicePages: ServicePageService }) => {
    const base = app.config.publicUrl.replace(/\/+$/, '');
    const hostname = `${base}/`;
    const pagesXml = await xmlOf(SITEMAP_PATHS, hostname);
    const robotsTxt = [
      'User-agent: *',
      'Allow: /',
      ...DISALLOWED.map((path) => `Disallow: ${path}`),
      '',
      `Sitemap: ${base}/sitemap.xml`,
      '',
    ].join('\n');

    /** The dynamic URL lists, cut into files. */
    async function dynamicFiles() {
      const entries = await servicePages.sitemapEntries();
      const serviceUrls = [
        ...entries.categories.map((c) => `/services/${encodeURIComponent(c)}`),
        ...entries.places.map(
          (e) => `/services/${encodeURIComponent(e.category)}/${encodeURIComponent(e.place.slug)}`,
        ),
      ];
      return {
        pros: chunks(entries.proSlugs.map((slug) => `/pros/${encodeURIComponent(slug)}`)),
        services: chunks(serviceUrls),
      };
    }

    const xml = (reply: FastifyReply, body: string) =>
      reply
        .type('application/xml; charset=utf-8')
        .header('cache-control', `public, max-age=${MAX_AGE_S}`)
        .send(body);

    app.get('/robots.txt', { schema: { hide: true } }, async (_request, reply) =>
      reply
        .type('text/plain; charset=utf-8')
        .header('cache-control', `public, max-age=${MAX_AGE_S}`)
        .send(robotsTxt),
    );
    app.get('/sitemap.xml', { schema: { hide: true } }, async (_request, reply) => {
      const files = await dynamicFiles();
      const names = [
        'pages',
        ...files.pros.map((_, i) => `pros-${i + 1}`),
        ...files.services.map((_, i) => `services-${i + 1}`),
      ];
      const stream = new SitemapIndexStream();
      for (const name of names) stream.write({ url: `${base}/sitemaps/${name}.xml` });
      stream.end();
      return xml(reply, (await streamToPromise(stream)).toString('utf8'));
    });
    app.get<{ Params: { file: string } }>(
      '/sitemaps/:file',
      { schema: { hide: true } },
      async (request, reply) => {
        const name = request.params.file.replace(/\.xml$/, '');
        if (!request.params.file.endsWith('.xml') || !SITEMAP_FILE.test(name)) {
          return reply.callNotFound();
        }
        if (name === 'pages') return xml(reply, pagesXml);
        const [kind, n] = name.split('-') as ['pros' | 'services', string];
        const urls = (await dynamicFiles())[kind][Number(n) - 1];
        if (!urls) return reply.callNotFound();
        return xml(reply, await xmlOf(urls, hostname));
      },
    );
  },
  { name: 'seo' },
);
