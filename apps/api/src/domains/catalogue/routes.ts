import { endpoints } from '@vetted/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../lib/route';
import type { CatalogueService } from './service';

/** Public catalogue: categories, approved vendors, their services, galleries and slots. */
export default async function catalogueRoutes(
  app: FastifyInstance,
  { catalogue }: { catalogue: CatalogueService },
): Promise<void> {
  route(app, endpoints.listCategories, () => catalogue.listCategories());
  route(app, endpoints.listVendors, ({ query }) => catalogue.listVendors(query));
  route(app, endpoints.getVendor, ({ params }) => catalogue.getVendor(params.id));
  route(app, endpoints.listVendorServices, ({ params }) => catalogue.listVendorServices(params.id));
  route(app, endpoints.getService, ({ params }) => catalogue.getService(params.id));
  route(app, endpoints.getServiceGallery, ({ params }) => catalogue.getServiceGallery(params.id));
  route(app, endpoints.getServiceSlots, ({ params, query }) =>
    catalogue.getServiceSlots(params.id, query),
  );
}
