import { endpoints, type ProMoved, type ProSlugParams } from '@vetted/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  createResponseCache,
  type ResponseCache,
  readyResponse,
  sendReady,
} from '../../lib/response-cache';
import { bearerOf, type PublicRead, route } from '../../lib/route';
import { mentionsNearMe } from '../places';
import type { PublicProService } from './public-pro';
import type { CatalogueCache, CatalogueService } from './service';
import type { ServicePageService } from './service-page';

/**
 * `cache` emptied at its first use after each purge of `purges` (cache.ts), on this
 * instance or another: a vendor's edits show at once, not a TTL later.
 */
function purgeable(cache: ResponseCache, purges: CatalogueCache): ResponseCache {
  let generation = purges.generation;
  const fresh = () => {
    if (generation === purges.generation) return;
    generation = purges.generation;
    cache.clear();
  };
  return {
    get: (key) => {
      fresh();
      return cache.get(key);
    },
    fetch: (key, load) => {
      fresh();
      return cache.fetch(key, load);
    },
    clear: () => cache.clear(),
  };
}

/** How the catalogue's public reads are cached: see {@link catalogueRoutes}. */
function publicReadOf(cacheTtlMs: number, purges: CatalogueCache): PublicRead {
  const maxAgeS = Math.floor(cacheTtlMs / 1000);
  return {
    cacheControl:
      maxAgeS > 0
        ? `public, max-age=${maxAgeS}, stale-while-revalidate=${maxAgeS * 10}`
        : 'public, no-cache',
    cache:
      cacheTtlMs > 0 ? purgeable(createResponseCache({ ttlMs: cacheTtlMs }), purges) : undefined,
  };
}

/**
 * The public pro page's data (`/pros/:slug`): an old slug answers 301 to the current one before
 * the handler runs (and past the response cache, which keeps only 200s); the 301 may be kept as
 * long as the catalogue's answers (`cacheControl`), because a name changed back takes its slug
 * back.
 */
function redirectMovedPros(app: FastifyInstance, pros: PublicProService, cacheControl: string) {
  const proPaths = new Map([
    [`/v1${endpoints.getPro.path}`, ''],
    [`/v1${endpoints.listProReviews.path}`, '/reviews'],
  ]);
  app.addHook('preHandler', async (request, reply) => {
    const tail = proPaths.get(request.routeOptions.url ?? '');
    if (tail === undefined) return;
    const current = await pros.movedTo((request.params as ProSlugParams).slug);
    if (current === null) return;
    const search = request.url.includes('?') ? request.url.slice(request.url.indexOf('?')) : '';
    const redirectTo = `/v1/pros/${encodeURIComponent(current)}${tail}${search}`;
    const moved: ProMoved = { slug: current, redirectTo };
    return reply
      .code(301)
      .header('location', redirectTo)
      .header('cache-control', cacheControl)
      .send({ ok: true, data: moved });
  });
}

/**
 * Public catalogue: categories, approved vendors (search and type-ahead), their
 * services, galleries and slots.
 *
 * Caching: the catalogue is the same for every visitor, so its answers
 * are kept in process for `cacheTtlMs` (`CATALOGUE_CACHE_TTL_MS`; 0 turns it off) ready to send
 * — serialised, compressed (brotli, gzip, deflate) and tagged once per fill
 * (lib/response-cache.ts) — and browsers and shared caches may keep them as long, and serve
 * them stale for ten times that while they revalidate. Every answer carries a weak ETag and a
 * matching `If-None-Match` gets 304. Changes to vendors, services and categories show up at most
 * `cacheTtlMs` late — on every instance at once when the writer calls `CatalogueCache.purge()`
 * (other instances hear of it on the events bus). Slots change with every booking: cached only
 * while the vendor's calendar version is unchanged (scheduling slots-cache.ts), sent `no-cache`,
 * so each use revalidates (a 304 when nothing changed).
 */
export default async function catalogueRoutes(
  app: FastifyInstance,
  {
    catalogue,
    pros,
    servicePages,
    cacheTtlMs,
    purges,
  }: {
    catalogue: CatalogueService;
    pros: PublicProService;
    servicePages: ServicePageService;
    cacheTtlMs: number;
    purges: CatalogueCache;
  },
): Promise<void> {
  const publicRead = publicReadOf(cacheTtlMs, purges);

  route(app, endpoints.listCategories, () => catalogue.listCategories(), { publicRead });
  // "near me" means the signed-in customer's saved place: that answer is theirs alone.
  const nearMeOfSomeone = (request: FastifyRequest) => {
    const query = request.query as { q?: unknown; placeWords?: unknown };
    return bearerOf(request) !== null && query.placeWords !== 'off' && mentionsNearMe(query.q);
  };
  route(
    app,
    endpoints.listVendors,
    ({ query, user }) => catalogue.listVendors(query, user?.id ?? null),
    { publicRead: { ...publicRead, personal: nearMeOfSomeone } },
  );
  route(app, endpoints.searchSuggest, ({ query }) => catalogue.suggest(query), { publicRead });
  route(app, endpoints.getVendor, ({ params }) => catalogue.getVendor(params.id), { publicRead });
  route(
    app,
    endpoints.listVendorServices,
    ({ params }) => catalogue.listVendorServices(params.id),
    {
      publicRead,
    },
  );
  route(app, endpoints.getService, ({ params }) => catalogue.getService(params.id), {
    publicRead,
  });
  route(app, endpoints.getServiceGallery, ({ params }) => catalogue.getServiceGallery(params.id), {
    publicRead,
  });

  redirectMovedPros(app, pros, publicRead.cacheControl);
  route(app, endpoints.getPro, ({ params }) => pros.getPro(params.slug), { publicRead });
  // Like `GET /v1/vendors/{id}/reviews`: not kept in the response cache, so a new review or
  // reply shows at once (`no-cache`: browsers revalidate, a 304 when nothing changed).
  route(app, endpoints.listProReviews, async ({ params, query, reply }) => {
    const page = await pros.listReviews(params.slug, query);
    reply.header('cache-control', 'no-cache');
    return page;
  });
  // Landing pages ("Plumbers in Boston, MA"): the same for every visitor, cached and purged
  // like the rest of the catalogue.
  route(
    app,
    endpoints.getServicePage,
    ({ params, query }) => servicePages.getPage(params.category, query.place),
    { publicRead },
  );
  // Slots change with every booking: kept ready to send until the vendor's calendar changes on
  // any instance (scheduling slots-cache.ts), and `no-cache` so browsers revalidate each use.
  app.metrics.registerMetric(catalogue.slotAnswersMetric);
  route(app, endpoints.getServiceSlots, async ({ params, query, request, reply }) => {
    const ready = await catalogue.getServiceSlots(params.id, query, async (slots) =>
      readyResponse(reply.serialize({ ok: true, data: slots }) as string),
    );
    return sendReady(request, reply, ready, 'no-cache');
  });
}
