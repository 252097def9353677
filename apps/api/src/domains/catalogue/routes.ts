import { endpoints } from '@vetted/contract';
import type { FastifyInstance } from 'fastify';
import { createResponseCache, type ResponseCache } from '../../lib/response-cache';
import { type PublicRead, route } from '../../lib/route';
import { type CatalogueService, catalogueCacheGeneration } from './service';

/**
 * `cache` emptied at its first use after each `purgeCatalogueCache()` (service.ts, issue #8): a
 * vendor's own edits show at once on this instance, not a TTL later.
 */
function purgeable(cache: ResponseCache): ResponseCache {
  let generation = catalogueCacheGeneration();
  const fresh = () => {
    if (generation === catalogueCacheGeneration()) return;
    generation = catalogueCacheGeneration();
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

/**
 * Public catalogue: categories, approved vendors (search and type-ahead, issue #9), their
 * services, galleries and slots.
 *
 * Caching (issue #10 "hot reads"): the catalogue is the same for every visitor, so its answers
 * are kept in process for `cacheTtlMs` (`CATALOGUE_CACHE_TTL_MS`; 0 turns it off) ready to send
 * — serialised, compressed (brotli, gzip, deflate) and tagged once per fill
 * (lib/response-cache.ts) — and browsers and shared caches may keep them as long, and serve
 * them stale for ten times that while they revalidate. Every answer carries a weak ETag and a
 * matching `If-None-Match` gets 304. Changes to vendors, services and categories show up at most
 * `cacheTtlMs` late on each API instance — at once on the instance that made them when the
 * writer calls `purgeCatalogueCache()` (issue #8). Slots change with every booking: never cached,
 * `no-cache`, so each use revalidates (a 304 when nothing changed).
 */
export default async function catalogueRoutes(
  app: FastifyInstance,
  { catalogue, cacheTtlMs }: { catalogue: CatalogueService; cacheTtlMs: number },
): Promise<void> {
  const maxAgeS = Math.floor(cacheTtlMs / 1000);
  const publicRead: PublicRead = {
    cacheControl:
      maxAgeS > 0
        ? `public, max-age=${maxAgeS}, stale-while-revalidate=${maxAgeS * 10}`
        : 'public, no-cache',
    cache: cacheTtlMs > 0 ? purgeable(createResponseCache({ ttlMs: cacheTtlMs })) : undefined,
  };

  route(app, endpoints.listCategories, () => catalogue.listCategories(), { publicRead });
  route(app, endpoints.listVendors, ({ query }) => catalogue.listVendors(query), { publicRead });
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
  route(app, endpoints.getServiceSlots, async ({ params, query, reply }) => {
    const slots = await catalogue.getServiceSlots(params.id, query);
    reply.header('cache-control', 'no-cache');
    return slots;
  });
}
