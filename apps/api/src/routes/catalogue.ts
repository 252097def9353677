import { endpoints } from '@vetted/contract';
import type { FastifyInstance } from 'fastify';
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
  route(app, endpoints.listCategories, () => listCategories(app.db));

  route(app, endpoints.listVendors, ({ query }) => listVendors(app.db, query));

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
