import { z } from 'zod';
import {
  categorySchema,
  galleryImageSchema,
  searchSuggestionsSchema,
  searchSuggestQuerySchema,
  serviceDetailSchema,
  serviceSchema,
  slotQuerySchema,
  slotsSchema,
  vendorDetailSchema,
  vendorListQuerySchema,
  vendorSearchPageSchema,
} from '../catalogue';
import { serviceQuoteQuerySchema, serviceQuoteSchema } from '../orders';
import { proSlugParamsSchema, publicProSchema } from '../public-pros';
import { reviewListQuerySchema, reviewPageSchema } from '../reviews';
import {
  servicePageParamsSchema,
  servicePageQuerySchema,
  servicePageSchema,
} from '../service-pages';
import { routes } from '../routes';
import { type EndpointDef, idParamsSchema } from './shared';

/** The public catalogue: categories, vendor search, services, slots and quotes. */
export const catalogueEndpoints = {
  listCategories: {
    ...routes.listCategories,
    response: z.array(categorySchema),
    summary: 'Service categories',
  },
  listVendors: {
    ...routes.listVendors,
    query: vendorListQuerySchema,
    response: vendorSearchPageSchema,
    summary:
      'Approved vendors: text search (stemmed, typo tolerant), filters (category, price, rating, distance, open on a date) and sorts',
  },
  searchSuggest: {
    ...routes.searchSuggest,
    query: searchSuggestQuerySchema,
    response: searchSuggestionsSchema,
    summary: 'Type-ahead: categories, services and vendors matching what was typed',
  },
  getVendor: {
    ...routes.getVendor,
    params: idParamsSchema,
    response: vendorDetailSchema,
    summary: 'One approved vendor',
  },
  listVendorServices: {
    ...routes.listVendorServices,
    params: idParamsSchema,
    response: z.array(serviceSchema),
    summary: "A vendor's active services",
  },
  getService: {
    ...routes.getService,
    params: idParamsSchema,
    response: serviceDetailSchema,
    summary: 'One service with its vendor',
  },
  getServiceGallery: {
    ...routes.getServiceGallery,
    params: idParamsSchema,
    response: z.array(galleryImageSchema),
    summary: "A service's gallery images",
  },
  getServiceSlots: {
    ...routes.getServiceSlots,
    params: idParamsSchema,
    query: slotQuerySchema,
    response: slotsSchema,
    summary: "A service's bookable slots, free and taken",
  },
  getServiceQuote: {
    ...routes.getServiceQuote,
    params: idParamsSchema,
    query: serviceQuoteQuerySchema,
    response: serviceQuoteSchema,
    summary: 'Subtotal, booking fee and total of booking a slot, before an order exists',
  },
} as const satisfies Record<string, EndpointDef>;

/** Public pages' data: a pro's page and its reviews, a category landing page. */
export const publicPageEndpoints = {
  getPro: {
    ...routes.getPro,
    params: proSlugParamsSchema,
    response: publicProSchema,
    summary:
      "An approved pro's public profile by slug (an old slug answers 301 with Location and { slug, redirectTo })",
  },
  listProReviews: {
    ...routes.listProReviews,
    params: proSlugParamsSchema,
    query: reviewListQuerySchema,
    response: reviewPageSchema,
    summary: "A page of an approved pro's reviews by slug, newest first, with the rating breakdown",
  },
  getServicePage: {
    ...routes.getServicePage,
    params: servicePageParamsSchema,
    query: servicePageQuerySchema,
    response: servicePageSchema,
    summary:
      'A landing page: the best-rated approved pros of a category (serving a place, with `place`), nearby places and related categories',
  },
} as const satisfies Record<string, EndpointDef>;
