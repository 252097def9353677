import { endpoints } from '@vetted/contract';
import type { FastifyInstance } from 'fastify';
import { LRUCache } from 'lru-cache';
import { badRequest } from '../lib/errors';
import { route } from '../lib/route';
import {
  getService,
  getServiceGallery,
  getVendor,
  listCategories,
  listVendors,
  listVendorServices,
  requireBookableService,
} from '../services/catalogue';
import { computeSlots } from '../services/slots';

/** Public catalogue: categories, approved vendors, their services, galleries and slots. */
export default async function catalogueRoutes(app: FastifyInstance): Promise<void> {
  // The two hottest public reads are the same for every visitor and change rarely: serve them
  // from a short in-process cache (config.catalogueCacheTtlMs) instead of re-aggregating per
  // request. Each API instance keeps its own; staleness is bounded by the TTL.
  const ttl = app.config.catalogueCacheTtlMs;
  const cache =
    ttl > 0 ? new LRUCache<string, object>({ max: 1000, ttl, ttlAutopurge: false }) : null;
  async function cached<T extends object>(key: string, load: () => Promise<T>): Promise<T> {
    if (!cache) return load();
    const hit = cache.get(key);
    if (hit) return hit as T;
    const value = await load();
    cache.set(key, value);
    return value;
  }

  route(app, endpoints.listCategories, () => cached('categories', () => listCategories(app.db)));

  route(app, endpoints.listVendors, ({ query }) =>
    cached(`vendors:${JSON.stringify(query)}`, () => listVendors(app.db, query)),
  );

  route(app, endpoints.getVendor, ({ params }) => getVendor(app.db, params.id));

  route(app, endpoints.listVendorServices, ({ params }) => listVendorServices(app.db, params.id));

  route(app, endpoints.getService, ({ params }) => getService(app.db, params.id));

  route(app, endpoints.getServiceGallery, ({ params }) => getServiceGallery(app.db, params.id));

  route(app, endpoints.getServiceSlots, async ({ params, query }) => {
    const service = await requireBookableService(app.db, params.id);
    if (query.from) {
      // Keep the window sane: at most a week back, at most a year ahead.
      const from = Date.parse(`${query.from}T00:00:00Z`);
      if (from < Date.now() - 7 * 86_400_000 || from > Date.now() + 366 * 86_400_000) {
        throw badRequest('Pick a date within the next year', 'invalid_date', {
          from: 'Out of range',
        });
      }
    }
    return computeSlots(app.db, service, { from: query.from, days: query.days });
  });
}
