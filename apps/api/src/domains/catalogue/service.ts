/**
 * Use cases of the catalogue domain (ARCHITECTURE §1a): the public reads of categories, approved
 * vendors, their services and galleries — composed here with search (`listVendors`, `suggest`)
 * and scheduling (`getServiceSlots`) into the one service the catalogue's routes serve.
 * Read-only: no transactions, no side effects.
 */
import type { ServiceDeps } from '../deps';
import type { Geocoder } from '../places';
import { createSlotsService } from '../scheduling';
import { createSearchService } from '../search';
import type { CatalogueCache } from './cache';
import {
  getService,
  getServiceGallery,
  getVendor,
  listCategories,
  listVendorServices,
} from './reads';

export { type CatalogueCache, createCatalogueCache } from './cache';
export { toSummary } from './dto';

/**
 * The catalogue needs the database, the time (slots), `config.catalogueCacheTtlMs`, and its
 * app's {@link CatalogueCache} (whose purges empty its caches).
 */
export type CatalogueDeps = Pick<ServiceDeps, 'db' | 'clock' | 'config'> & {
  cache: CatalogueCache;
  /** Resolves cities named in a query ("plumber in Boston", search search-place.ts). */
  geocoder: Geocoder;
};

/**
 * The catalogue's public reads, with search's and the slot picker's. The routes keep the
 * serialised answers of the public reads in process (`CATALOGUE_CACHE_TTL_MS`, routes.ts);
 * slot answers are kept until the vendor's calendar changes (scheduling slots-cache.ts).
 */
export function createCatalogueService(deps: CatalogueDeps) {
  const { db } = deps;
  const search = createSearchService(deps);
  const slots = createSlotsService(deps);
  return {
    /** `GET /v1/categories`: {@link listCategories}. */
    listCategories: () => listCategories(db),

    /** A page of approved vendors for `GET /v1/vendors` (search use-cases/list-vendors.ts). */
    listVendors: search.listVendors,

    /** Type-ahead for `q` (search use-cases/suggest.ts). */
    suggest: search.suggest,

    /** `GET /v1/vendors/{id}`: {@link getVendor}. */
    getVendor: (id: string) => getVendor(db, id),

    /** `GET /v1/vendors/{id}/services`: {@link listVendorServices}. */
    listVendorServices: (vendorId: string) => listVendorServices(db, vendorId),

    /** `GET /v1/services/{id}`: {@link getService}. */
    getService: (id: string) => getService(db, id),

    /** `GET /v1/services/{id}/gallery`: {@link getServiceGallery}. */
    getServiceGallery: (id: string) => getServiceGallery(db, id),

    /**
     * `days` days of a bookable service's slots from `from`, ready to send as `present` makes
     * them, cached or computed (scheduling service.ts).
     * @throws AppError 404 `service_not_found`; 400 `invalid_date` for a `from` outside the window
     */
    getServiceSlots: slots.getServiceSlots,

    /** `slots_answers_total{outcome}` of the slot picker, for the app's `/metrics`. */
    slotAnswersMetric: slots.answersMetric,
  };
}

export type CatalogueService = ReturnType<typeof createCatalogueService>;
