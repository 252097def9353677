import { z } from 'zod';
import { categoryRefSchema, serviceSchema } from './catalogue';
import { isoDateTime, uuid } from './common';
import { reviewPageSchema } from './reviews';
import { documentKindSchema } from './vendor';

/**
 * The public pro page's data (`/pros/:slug`): what visitors and search engines read about one
 * approved pro — profile, vetting, rating, first page of reviews, services, service area.
 */

/** `GET /v1/pros/{slug}` params: the profile's path segment, e.g. `demo-plumbing-co-3fa2c1`. */
export const proSlugParamsSchema = z.object({ slug: z.string().min(1).max(200) });
export type ProSlugParams = z.infer<typeof proSlugParamsSchema>;

/**
 * What was vetted: an approved pro only (others are not public), when they were approved and
 * which kinds of document the review checked (`identity`, `insurance`, `licence`; those the pro
 * submitted, in that order).
 */
export const proVettingSchema = z.object({
  status: z.literal('approved'),
  /** When the pro was (last) approved; null for a pro approved before this was recorded. */
  approvedAt: isoDateTime.nullable(),
  checks: z.array(documentKindSchema),
});
export type ProVetting = z.infer<typeof proVettingSchema>;

/**
 * The pro's rating from their reviews: `count` reviews averaging `average` stars (0 without
 * reviews; not rounded), `breakdown[n]` of them with n stars.
 */
export const proRatingSchema = z.object({
  average: z.number().min(0).max(5),
  count: z.number().int().min(0),
  breakdown: z.object({
    5: z.number().int().min(0),
    4: z.number().int().min(0),
    3: z.number().int().min(0),
    2: z.number().int().min(0),
    1: z.number().int().min(0),
  }),
});
export type ProRating = z.infer<typeof proRatingSchema>;

/** Where the pro works: within `radiusKm` kilometres of their base in `city`, `country`. */
export const proServiceAreaSchema = z.object({
  city: z.string(),
  /** ISO 3166-1 alpha-2. */
  country: z.string(),
  radiusKm: z.number(),
});
export type ProServiceArea = z.infer<typeof proServiceAreaSchema>;

/** `GET /v1/pros/{slug}`: an approved pro's public profile. */
export const publicProSchema = z.object({
  id: uuid,
  /** The current slug (an old one answers 301 to it). */
  slug: z.string(),
  businessName: z.string(),
  tagline: z.string(),
  bio: z.string(),
  /** The pro's photo (the vendor account's avatar, full size), or null. */
  avatarUrl: z.string().nullable(),
  /** The cover image (480 px thumbnail, as the vendor lists show it), or null. */
  coverImageUrl: z.string().nullable(),
  /** Primary category first. */
  categories: z.array(categoryRefSchema),
  vetting: proVettingSchema,
  rating: proRatingSchema,
  /** The first page of reviews, newest first (`GET /v1/pros/{slug}/reviews` pages on). */
  reviews: reviewPageSchema,
  /** Active services, cheapest first; prices in minor units. */
  services: z.array(serviceSchema),
  serviceArea: proServiceAreaSchema,
  /** When the pro joined. */
  memberSince: isoDateTime,
});
export type PublicPro = z.infer<typeof publicProSchema>;

/**
 * The body of a 301 for an old slug (with `Location` set to `redirectTo`): the pro's current
 * slug and its API path, `/v1/pros/<slug>`.
 */
export const proMovedSchema = z.object({ slug: z.string(), redirectTo: z.string() });
export type ProMoved = z.infer<typeof proMovedSchema>;

/** How many reviews the pro page carries (its first page; the rest through the reviews list). */
export const PRO_PAGE_REVIEW_COUNT = 10;
