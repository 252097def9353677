import { endpoints } from '@vetted/contract';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { route } from '../../lib/route';
import type { CatalogueService } from './service';

/**
 * Public catalogue: categories, approved vendors, their services, galleries and slots.
 *
 * HTTP caching: every answer carries a weak ETag and a matching `If-None-Match` gets 304 (the
 * platform plugin). The catalogue is the same for every visitor, so browsers and shared caches
 * may keep it for `cacheTtlMs` (the in-process cache's TTL, `CATALOGUE_CACHE_TTL_MS`) and serve it
 * stale for ten times that while they revalidate. Slots change with every booking: `no-cache`,
 * so each use revalidates (a 304 when nothing changed).
 */
export default async function catalogueRoutes(
  app: FastifyInstance,
  { catalogue, cacheTtlMs }: { catalogue: CatalogueService; cacheTtlMs: number },
): Promise<void> {
  const maxAgeS = Math.floor(cacheTtlMs / 1000);
  const shared =
    maxAgeS > 0
      ? `public, max-age=${maxAgeS}, stale-while-revalidate=${maxAgeS * 10}`
      : 'public, no-cache';
  /** Loads, then marks the (successful) answer cacheable; an error answer stays uncached. */
  async function publicRead<T>(reply: FastifyReply, load: Promise<T>): Promise<T> {
    const data = await load;
    reply.header('cache-control', shared);
    return data;
  }

  route(app, endpoints.listCategories, ({ reply }) =>
    publicRead(reply, catalogue.listCategories()),
  );
  route(app, endpoints.listVendors, ({ query, reply }) =>
    publicRead(reply, catalogue.listVendors(query)),
  );
  route(app, endpoints.getVendor, ({ params, reply }) =>
    publicRead(reply, catalogue.getVendor(params.id)),
  );
  route(app, endpoints.listVendorServices, ({ params, reply }) =>
    publicRead(reply, catalogue.listVendorServices(params.id)),
  );
  route(app, endpoints.getService, ({ params, reply }) =>
    publicRead(reply, catalogue.getService(params.id)),
  );
  route(app, endpoints.getServiceGallery, ({ params, reply }) =>
    publicRead(reply, catalogue.getServiceGallery(params.id)),
  );
  route(app, endpoints.getServiceSlots, async ({ params, query, reply }) => {
    const slots = await catalogue.getServiceSlots(params.id, query);
    reply.header('cache-control', 'no-cache');
    return slots;
  });
}
