import { z } from 'zod';
import {
  isoDate,
  isoDateTime,
  moneySchema,
  pagedSchema,
  pageQuerySchema,
  text,
  uuid,
} from './common';
import { responseTimeSchema } from './response-time';

export const categorySchema = z.object({
  id: uuid,
  slug: z.string(),
  name: z.string(),
  description: z.string(),
  /** lucide-react icon name in kebab case, e.g. `wrench`. */
  icon: z.string(),
  /** Approved vendors offering at least one active service in this category. */
  vendorCount: z.number().int(),
});
export type Category = z.infer<typeof categorySchema>;

export const categoryRefSchema = z.object({ slug: z.string(), name: z.string() });

/** A vendor's vetting state (draft → pending → approved | rejected, and suspended); only `approved` vendors are listed and bookable. */
export const vettingStatusSchema = z.enum([
  'draft',
  'pending',
  'approved',
  'rejected',
  'suspended',
]);

/**
 * Orders of `GET /v1/vendors`: `relevance` blends text relevance, distance and rating
 * (formula in the API's catalogue policy); `recommended` is its older name, kept so saved links
 * keep working; `distance` needs `lat`/`lng` (relevance without them); `rating`: average, then
 * count; `price`: cheapest active service first.
 */
export const vendorSortSchema = z.enum(['relevance', 'recommended', 'distance', 'rating', 'price']);
export type VendorSort = z.infer<typeof vendorSortSchema>;

/** An ISO 4217 currency code, upper case (`usd` is read as `USD`). */
const currencyCode = text()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]{3}$/, 'Use a 3-letter currency code such as USD');

/** A price bound in minor units (cents for USD). */
const priceBound = z.coerce.number().int().min(0).max(100_000_000);

/**
 * `GET /v1/vendors` query. `lat`+`lng` together enable distance; `radiusKm` needs them.
 * `q` is searched in business names, taglines, cities, category names and service titles and
 * descriptions (English stemming, typos tolerated). `minPrice`/`maxPrice` (minor units) keep
 * vendors with an active service in that range, in `currency` — sent, or the customer's local
 * one when `lat`/`lng` are. `minRating`: average of at least this (0–5). `date` (YYYY-MM-DD):
 * vendors with opening hours on that weekday. With `lat`/`lng`, the `relevance` order and
 * `area=auto` (the defaults), the search keeps to the customer's area: the API's default radius
 * unless `radiusKm` is sent, and the local currency (that of the nearest vendor) unless
 * `currency` is sent; `applied` in the answer says what was used.
 */
export const vendorListQuerySchema = pageQuerySchema
  .extend({
    category: text().trim().min(1).max(64).optional(),
    q: text().trim().max(100).optional(),
    lat: z.coerce.number().min(-90).max(90).optional(),
    lng: z.coerce.number().min(-180).max(180).optional(),
    radiusKm: z.coerce.number().positive().max(20_000).optional(),
    minPrice: priceBound.optional(),
    maxPrice: priceBound.optional(),
    currency: currencyCode.optional(),
    minRating: z.coerce.number().min(0).max(5).optional(),
    date: isoDate.optional(),
    sort: vendorSortSchema.default('relevance'),
    /** `auto`: keep to the customer's area when it applies (see above); `off`: anywhere. */
    area: z.enum(['auto', 'off']).default('auto'),
    /**
     * `auto`: place words in `q` ("near me", "in Boston", "boston electrician") centre the
     * search (see `applied.place`); `off`: `q` is all text (the person cleared that place).
     */
    placeWords: z.enum(['auto', 'off']).default('auto'),
  })
  .refine((v) => (v.lat === undefined) === (v.lng === undefined), {
    message: 'Send lat and lng together',
    path: ['lat'],
  })
  .refine((v) => v.radiusKm === undefined || v.lat !== undefined, {
    message: 'radiusKm needs lat and lng',
    path: ['radiusKm'],
  })
  .refine((v) => v.minPrice === undefined || v.maxPrice === undefined || v.minPrice <= v.maxPrice, {
    message: 'minPrice must not be more than maxPrice',
    path: ['minPrice'],
  })
  .refine(
    (v) =>
      (v.minPrice === undefined && v.maxPrice === undefined) ||
      v.currency !== undefined ||
      v.lat !== undefined,
    { message: 'Send currency (or lat and lng) with minPrice or maxPrice', path: ['currency'] },
  );
export type VendorListQuery = z.input<typeof vendorListQuerySchema>;
/** `GET /v1/vendors` query as the server reads it (defaults filled in). */
export type VendorListParams = z.output<typeof vendorListQuerySchema>;

export const vendorSummarySchema = z.object({
  id: uuid,
  /** The public profile's path segment: the pro page is `/pros/<slug>`. */
  slug: z.string(),
  businessName: z.string(),
  tagline: z.string(),
  primaryCategory: categoryRefSchema,
  city: z.string(),
  country: z.string(),
  lat: z.number(),
  lng: z.number(),
  /** Great-circle distance from the query point in km, or null without lat/lng. */
  distanceKm: z.number().nullable(),
  ratingAverage: z.number(),
  ratingCount: z.number().int(),
  /** Cheapest active service. */
  startingPrice: moneySchema.nullable(),
  coverImageUrl: z.string().nullable(),
  /**
   * How quickly the pro answers customers ("Usually replies within 2 hours"), null until enough
   * messages were measured. Optional, so fixtures written before it stay valid.
   */
  responseTime: responseTimeSchema.nullable().optional(),
});
export type VendorSummary = z.infer<typeof vendorSummarySchema>;

/** Where a search's place came from, see {@link vendorSearchAppliedSchema} `place`. */
export const placeSourceSchema = z.enum(['saved', 'browser', 'query']);
export type PlaceSource = z.infer<typeof placeSourceSchema>;

/** The place a search was centred on (a saved place, the browser's position or a named city). */
export const appliedPlaceSchema = z.object({
  /** "Home" (a saved place's label), "Your location" (the browser's), or the city's name. */
  name: z.string(),
  /** The city's readable region code (`MA`), when known. */
  region: z.string().nullable(),
  /** ISO 3166-1 alpha-2 of the place, when known (picks miles or km on screens). */
  country: z.string().nullable(),
  lat: z.number(),
  lng: z.number(),
  source: placeSourceSchema,
});
export type AppliedPlace = z.infer<typeof appliedPlaceSchema>;

/** What `GET /v1/vendors` applied beyond the query as sent, so screens say it. */
export const vendorSearchAppliedSchema = z.object({
  /** The order used: `recommended` is answered as `relevance`, as is `distance` without a place. */
  sort: z.enum(['relevance', 'distance', 'rating', 'price']),
  /** Distance limit in km, sent or the area default; null: no limit. */
  radiusKm: z.number().nullable(),
  /** Only vendors pricing in this ISO 4217 currency; null: any currency. */
  currency: z.string().nullable(),
  /** True when `radiusKm` or `currency` is an area default rather than sent. */
  areaDefaults: z.boolean(),
  /** Words of `q` that matched nothing and were left out (e.g. `cheap` when no pro says it). */
  ignoredWords: z.array(z.string()),
  /**
   * The words searched once place words ("near me", "in Boston", "boston ma") were taken out of
   * `q`; null without `q` or when `q` was only a place.
   */
  text: z.string().nullable(),
  /**
   * The place the search was centred on when `q` named one or said "near me": the customer's
   * default saved place (`saved`), the sent lat/lng (`browser`), or a city named in `q`
   * (`query`). Null when `q` held no place words (the sent lat/lng, if any, are used as they are).
   */
  place: appliedPlaceSchema.nullable(),
  /** `q` said "near me" but there was no saved place and no lat/lng: the screen should ask. */
  placeNeeded: z.boolean(),
});
export type VendorSearchApplied = z.infer<typeof vendorSearchAppliedSchema>;

/** A category suggested when a search finds nothing, with its approved vendors in reach. */
export const suggestedCategorySchema = z.object({
  slug: z.string(),
  name: z.string(),
  /** Approved vendors of the category within the search's area (anywhere without one). */
  vendorCount: z.number().int(),
});
export type SuggestedCategory = z.infer<typeof suggestedCategorySchema>;

/** `GET /v1/vendors`: a page of vendors, what was applied, and suggestions when it is empty. */
export const vendorSearchPageSchema = pagedSchema(vendorSummarySchema).extend({
  applied: vendorSearchAppliedSchema,
  /** Empty unless `total` is 0: categories with vendors in the area, most vendors first. */
  suggestedCategories: z.array(suggestedCategorySchema),
});
export type VendorSearchPage = z.infer<typeof vendorSearchPageSchema>;

export const vendorDetailSchema = vendorSummarySchema.extend({
  bio: z.string(),
  address: z.string(),
  serviceRadiusKm: z.number(),
  timeZone: z.string(),
  memberSince: isoDateTime,
  vettingStatus: vettingStatusSchema,
  categories: z.array(categoryRefSchema),
});
export type VendorDetail = z.infer<typeof vendorDetailSchema>;

export const serviceSchema = z.object({
  id: uuid,
  vendorId: uuid,
  category: categoryRefSchema,
  title: z.string(),
  description: z.string(),
  price: moneySchema,
  durationMinutes: z.number().int(),
  coverImageUrl: z.string().nullable(),
  imageCount: z.number().int(),
});
export type Service = z.infer<typeof serviceSchema>;

/** `GET /v1/services/{id}`: the service with its vendor. */
export const serviceDetailSchema = serviceSchema.extend({ vendor: vendorSummarySchema });
export type ServiceDetail = z.infer<typeof serviceDetailSchema>;

export const galleryImageSchema = z.object({
  id: uuid,
  /** Full-size WebP. */
  url: z.string(),
  /** 480px-wide WebP thumbnail. */
  thumbUrl: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  alt: z.string(),
});
export type GalleryImage = z.infer<typeof galleryImageSchema>;

/** `GET /v1/services/{id}/slots` query: `days` days from `from` (vendor's local date). */
export const slotQuerySchema = z.object({
  from: isoDate.optional(),
  days: z.coerce.number().int().min(1).max(14).default(7),
});
export type SlotQuery = z.input<typeof slotQuerySchema>;

export const slotSchema = z.object({
  startsAt: isoDateTime,
  endsAt: isoDateTime,
  available: z.boolean(),
});
export type Slot = z.infer<typeof slotSchema>;

export const slotDaySchema = z.object({ date: isoDate, slots: z.array(slotSchema) });

export const slotsSchema = z.object({
  /** IANA zone of the vendor; slot dates are local to it. */
  timeZone: z.string(),
  days: z.array(slotDaySchema),
});
export type Slots = z.infer<typeof slotsSchema>;

/** `GET /v1/search/suggest` query: the text typed so far, and the customer's place if known. */
export const searchSuggestQuerySchema = z
  .object({
    q: text().trim().min(1).max(100),
    lat: z.coerce.number().min(-90).max(90).optional(),
    lng: z.coerce.number().min(-180).max(180).optional(),
  })
  .refine((v) => (v.lat === undefined) === (v.lng === undefined), {
    message: 'Send lat and lng together',
    path: ['lat'],
  });
export type SearchSuggestQuery = z.input<typeof searchSuggestQuerySchema>;

/**
 * `GET /v1/search/suggest`: type-ahead for the header search, a few of each, best
 * first: categories, services (with their vendor's name) and vendors whose words start with, or
 * nearly match, what was typed.
 */
export const searchSuggestionsSchema = z.object({
  categories: z.array(categoryRefSchema),
  services: z.array(z.object({ id: uuid, title: z.string(), vendorName: z.string() })),
  vendors: z.array(z.object({ id: uuid, businessName: z.string() })),
});
export type SearchSuggestions = z.infer<typeof searchSuggestionsSchema>;
