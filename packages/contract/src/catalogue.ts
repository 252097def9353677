import { z } from 'zod';
import { isoDate, isoDateTime, moneySchema, pageQuerySchema, text, uuid } from './common';

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

/** A vendor's vetting state; only `approved` vendors are listed and bookable. */
export const vettingStatusSchema = z.enum(['pending', 'approved', 'rejected', 'suspended']);

export const vendorSortSchema = z.enum(['recommended', 'distance', 'rating', 'price']);

/** `GET /v1/vendors` query. `lat`+`lng` together enable distance; `radiusKm` needs them. */
export const vendorListQuerySchema = pageQuerySchema
  .extend({
    category: text().trim().min(1).max(64).optional(),
    q: text().trim().max(100).optional(),
    lat: z.coerce.number().min(-90).max(90).optional(),
    lng: z.coerce.number().min(-180).max(180).optional(),
    radiusKm: z.coerce.number().positive().max(20_000).optional(),
    sort: vendorSortSchema.default('recommended'),
  })
  .refine((v) => (v.lat === undefined) === (v.lng === undefined), {
    message: 'Send lat and lng together',
    path: ['lat'],
  })
  .refine((v) => v.radiusKm === undefined || v.lat !== undefined, {
    message: 'radiusKm needs lat and lng',
    path: ['radiusKm'],
  });
export type VendorListQuery = z.input<typeof vendorListQuerySchema>;

export const vendorSummarySchema = z.object({
  id: uuid,
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
});
export type VendorSummary = z.infer<typeof vendorSummarySchema>;

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
