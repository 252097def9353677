import { z } from 'zod';
import { vendorSummarySchema } from './catalogue';

/**
 * The public landing pages `/services/:category` and `/services/:category/:place` ("Plumbers in
 * Boston, MA"): the best-rated approved pros of a category serving a place, with prices, and
 * links to nearby places and related categories. Read by visitors and search engines; rendered
 * on the server per request.
 */

/** Most pros one landing page lists (best-rated first). */
export const SERVICE_PAGE_PRO_COUNT = 24;

/**
 * A place slug: the city's name, region code (when it has a readable one) and ISO country code,
 * slugified — `boston-ma-us`, `london-gb`.
 */
export const placeSlugSchema = z
  .string()
  .min(3)
  .max(120)
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'Use a place slug like boston-ma-us');

/** `GET /v1/service-pages/{category}` params: the category's slug, e.g. `plumbing`. */
export const servicePageParamsSchema = z.object({ category: z.string().min(1).max(100) });
export type ServicePageParams = z.infer<typeof servicePageParamsSchema>;

/** `GET /v1/service-pages/{category}` query: `place` narrows the page to pros serving it. */
export const servicePageQuerySchema = z.object({ place: placeSlugSchema.optional() });
export type ServicePageQuery = z.infer<typeof servicePageQuerySchema>;

/** A city a landing page names or links to. */
export const servicePagePlaceSchema = z.object({
  slug: z.string(),
  name: z.string(),
  /** Region code (`MA`), or null where the data has no readable one. */
  region: z.string().nullable(),
  /** ISO 3166-1 alpha-2. */
  country: z.string(),
  lat: z.number(),
  lng: z.number(),
});
export type ServicePagePlace = z.infer<typeof servicePagePlaceSchema>;

/** `GET /v1/service-pages/{category}`: one landing page's data. */
export const servicePageSchema = z.object({
  category: z.object({
    slug: z.string(),
    name: z.string(),
    description: z.string(),
    /** lucide-react icon name in kebab case. */
    icon: z.string(),
  }),
  /** The place asked for; null on the category-wide page. */
  place: servicePagePlaceSchema.nullable(),
  /**
   * Up to {@link SERVICE_PAGE_PRO_COUNT} approved pros of the category — serving `place` (it lies
   * within their service radius) when one is given — best-rated first; `distanceKm` from the
   * place (null without one).
   */
  pros: z.array(vendorSummarySchema),
  /** How many approved pros of the category serve the place (or exist, without one). */
  total: z.number().int().min(0),
  /**
   * Other places with pros of this category: the nearest ones to `place` within 150 km (with
   * one), else the places with the most of them; each links to `/services/<category>/<slug>`.
   */
  nearbyPlaces: z.array(servicePagePlaceSchema.extend({ proCount: z.number().int().min(1) })),
  /** Other categories with pros serving the place (or anywhere, without one). */
  relatedCategories: z.array(
    z.object({ slug: z.string(), name: z.string(), proCount: z.number().int().min(1) }),
  ),
});
export type ServicePage = z.infer<typeof servicePageSchema>;
