import type {
  ReviewListQuery,
  SearchSuggestQuery,
  ServiceAreaQuery,
  ServicePageQuery,
  SlotQuery,
  VendorListQuery,
} from '@vetted/contract';
import type { Call, CallOptions } from './call';

/** `categories.*` of the typed API: service categories. */
export function categoriesApi(call: Call) {
  return {
    /** `GET /categories` — every service category. */
    list: (options?: CallOptions) => call('listCategories', {}, options),
  };
}

/** `vendors.*` of the typed API: vendor search and profiles. */
export function vendorsApi(call: Call) {
  return {
    /**
     * `GET /vendors` — a page of approved vendors: text search (`q`, stemmed and typo
     * tolerant), filters (category, price range, rating, radius, open on a date), sorts, and
     * what was applied (a customer's area defaults with `lat`/`lng`).
     */
    list: (query: VendorListQuery = {}, options?: CallOptions) =>
      call('listVendors', { query }, options),
    /** `GET /vendors/:id` — one vendor. */
    get: (id: string, options?: CallOptions) => call('getVendor', { params: { id } }, options),
    /** `GET /vendors/:id/services` — a vendor's active services. */
    services: (id: string, options?: CallOptions) =>
      call('listVendorServices', { params: { id } }, options),
  };
}

/** `pros.*` of the typed API: public pro pages' data. */
export function prosApi(call: Call) {
  return {
    /**
     * `GET /pros/:slug` — an approved pro's public profile (the `/pros/:slug` page's data). An
     * old slug answers 301 to the current one (followed by the browser's fetch).
     */
    get: (slug: string, options?: CallOptions) => call('getPro', { params: { slug } }, options),
    /** `GET /pros/:slug/reviews` — a page of the pro's reviews with the rating breakdown. */
    reviews: (slug: string, query: ReviewListQuery = {}, options?: CallOptions) =>
      call('listProReviews', { params: { slug }, query }, options),
  };
}

/** `servicePages.*` of the typed API: category landing pages' data. */
export function servicePagesApi(call: Call) {
  return {
    /**
     * `GET /service-pages/:category?place=` — a landing page's data: the category's best-rated
     * pros (serving the place, e.g. `boston-ma-us`), nearby places, related categories.
     */
    get: (category: string, query: ServicePageQuery = {}, options?: CallOptions) =>
      call('getServicePage', { params: { category }, query }, options),
  };
}

/** `search.*` of the typed API: type-ahead search. */
export function searchApi(call: Call) {
  return {
    /**
     * `GET /search/suggest?q=` — type-ahead: a few categories, services and vendors for what
     * was typed (word prefixes, typos tolerated), near `lat`/`lng` when given.
     */
    suggest: (query: SearchSuggestQuery, options?: CallOptions) =>
      call('searchSuggest', { query }, options),
  };
}

/** `services.*` of the typed API: services, their galleries, slots and service area. */
export function servicesApi(call: Call) {
  return {
    /** `GET /services/:id` — one service with its vendor. */
    get: (id: string, options?: CallOptions) => call('getService', { params: { id } }, options),
    /** `GET /services/:id/gallery` — the service's gallery images. */
    gallery: (id: string, options?: CallOptions) =>
      call('getServiceGallery', { params: { id } }, options),
    /** `GET /services/:id/slots` — bookable slots for `days` days from `from`. */
    slots: (id: string, query: SlotQuery = {}, options?: CallOptions) =>
      call('getServiceSlots', { params: { id }, query }, options),
    /**
     * `GET /services/:id/service-area?placeId=|address=` — whether the service's pro serves a
     * saved place or typed address: `served` (null when no town was found), the place, the
     * distance (km) and the sentence to show.
     */
    serviceArea: (id: string, query: ServiceAreaQuery, options?: CallOptions) =>
      call('checkServiceArea', { params: { id }, query }, options),
  };
}
