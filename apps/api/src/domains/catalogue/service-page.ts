/**
 * Use cases of the landing pages (`/services/:category` and `/services/:category/:place`,
 * "Plumbers in Boston, MA") and of the sitemap's dynamic part: which category × place pages
 * have pros, and each page's data; and the data of the server-rendered `/search`. Read-only. The parts live in service-page/: the places
 * index (built once per catalogue generation), a landing page, the sitemap entries.
 */
import type { Category, ServicePage, VendorListParams, VendorSearchPage } from '@vetted/contract';
import type { DbOrTx } from '../../db/client';
import { AppError } from '../../lib/errors';
import type { Geocoder } from '../places';
import type { CatalogueCache } from './cache';
import { landingPage } from './service-page/landing-page';
import { buildPlacesIndex, placesIndexOf } from './service-page/places-index';
import { type SitemapEntries, sitemapEntries } from './service-page/sitemap-entries';

export { NEARBY_PLACE_MAX_KM } from './service-page/landing-page';
export { SERVED_CITY_MIN_POPULATION, type ServicePlaceEntry } from './service-page/places-index';

/**
 * What the landing pages need: the database, the categories (and the search, for `/search`), the
 * cities, the purges.
 */
export interface ServicePageDeps {
  db: DbOrTx;
  catalogue: {
    listCategories(): Promise<Category[]>;
    listVendors(query: VendorListParams, userId: string | null): Promise<VendorSearchPage>;
  };
  geocoder: Geocoder;
  cache: Pick<CatalogueCache, 'generation'>;
}

/**
 * The landing pages' use cases over `deps`, sharing one places index per catalogue generation
 * (built at its first read after each purge).
 */
export function createServicePageService({ db, catalogue, geocoder, cache }: ServicePageDeps) {
  const placesIndex = placesIndexOf(() => buildPlacesIndex(db, geocoder), cache);
  return {
    /**
     * A landing page's data (service-page/landing-page.ts).
     * @throws AppError 404 `category_not_found` for an unknown category slug, 404
     *   `place_not_found` for a place slug that names no city
     */
    getPage: (categorySlug: string, placeSlugText?: string): Promise<ServicePage> =>
      landingPage({ db, catalogue, geocoder, placesIndex }, categorySlug, placeSlugText),

    /**
     * What the sitemap lists beyond the static pages: every approved pro's slug, every category
     * with approved pros, and every category × place page that has pros (sorted by category,
     * then place slug).
     */
    sitemapEntries: (): Promise<SitemapEntries> => sitemapEntries({ catalogue, placesIndex }),

    /**
     * What a search screen is rendered with (apps/api/src/platform/spa-render.ts): the answers
     * of `GET /v1/vendors` for `query` as user `userId` asks it (null: a signed-out visitor) and of
     * `GET /v1/categories`, from the same use cases as those routes; `vendors` null without a
     * query (the route would refuse it) or when the search refuses it (an AppError 4xx): the
     * page then asks for it and shows the refusal itself.
     * @throws whatever the use cases throw besides that
     */
    searchPage: async (
      query: VendorListParams | null,
      userId: string | null = null,
    ): Promise<{ vendors: VendorSearchPage | null; categories: Category[] }> => {
      const refused = (error: unknown) => {
        if (error instanceof AppError && error.status < 500) return null;
        throw error;
      };
      const [vendors, categories] = await Promise.all([
        query ? catalogue.listVendors(query, userId).catch(refused) : null,
        catalogue.listCategories(),
      ]);
      return { vendors, categories };
    },
  };
}

/** The landing pages' use cases, as {@link createServicePageService} makes them. */
export type ServicePageService = ReturnType<typeof createServicePageService>;
