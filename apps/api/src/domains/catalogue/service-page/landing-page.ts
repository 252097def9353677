/**
 * A landing page's data (`/services/:category` and `/services/:category/:place`, "Plumbers in
 * Boston, MA"): the category's best-rated pros, nearby places and related categories with pros.
 */
import {
  type Category,
  SERVICE_PAGE_PRO_COUNT,
  type ServicePage,
  type ServicePagePlace,
} from '@vetted/contract';
import type { DbOrTx } from '../../../db/client';
import { haversineKm } from '../../../db/seed-data/places';
import type { Geocoder } from '../../places';
import { searchVendors } from '../../search';
import { toSummary } from '../dto';
import * as msg from '../messages';
import { type PlacesIndex, placeOf, type ServicePlaceEntry } from './places-index';

/** Most nearby places and related categories a landing page links to. */
const LINKS_PER_LIST = 12;

/** How far (km, great circle) a place may be to be listed as "nearby" on a place's page. */
export const NEARBY_PLACE_MAX_KM = 150;

/** What a landing page is read from. */
export interface LandingPageDeps {
  db: DbOrTx;
  catalogue: { listCategories(): Promise<Category[]> };
  geocoder: Geocoder;
  /** The places index of the current catalogue generation. */
  placesIndex: () => Promise<PlacesIndex>;
}

/**
 * The pages of `category` listed beside a page: near `place` (within {@link NEARBY_PLACE_MAX_KM},
 * nearest first), or without a place the ones with the most pros first. Ties by place slug.
 */
function nearbyPlacesOf(
  entries: ServicePlaceEntry[],
  place: ServicePagePlace | null,
): ServicePlaceEntry[] {
  if (!place) {
    return entries.sort(
      (a, b) => b.proCount - a.proCount || a.place.slug.localeCompare(b.place.slug),
    );
  }
  return entries
    .filter((e) => e.place.slug !== place.slug)
    .map((e) => ({ e, km: haversineKm(place.lat, place.lng, e.place.lat, e.place.lng) }))
    .filter(({ km }) => km <= NEARBY_PLACE_MAX_KM)
    .sort((a, b) => a.km - b.km || a.e.place.slug.localeCompare(b.e.place.slug))
    .map(({ e }) => e);
}

/**
 * The other categories with pros (at `place` when given), unsorted: each with its pro count
 * there, or its whole count without a place.
 */
function relatedCategoriesOf(
  categories: Category[],
  category: Category,
  place: ServicePagePlace | null,
  index: PlacesIndex,
): ServicePage['relatedCategories'] {
  if (!place) {
    return categories
      .filter((c) => c.slug !== category.slug && c.vendorCount > 0)
      .map((c) => ({ slug: c.slug, name: c.name, proCount: c.vendorCount }));
  }
  return categories.flatMap((c) => {
    const entry = index.byCategory.get(c.slug)?.get(place.slug);
    return c.slug !== category.slug && entry
      ? [{ slug: c.slug, name: c.name, proCount: entry.proCount }]
      : [];
  });
}

/**
 * A landing page's data: the category's best-rated approved pros — serving `placeSlugText`
 * (within their radius) when given —, nearby places and related categories with pros, at most
 * {@link LINKS_PER_LIST} of each.
 * @throws AppError 404 `category_not_found` for an unknown category slug, 404
 *   `place_not_found` for a place slug that names no city
 */
export async function landingPage(
  { db, catalogue, geocoder, placesIndex }: LandingPageDeps,
  categorySlug: string,
  placeSlugText?: string,
): Promise<ServicePage> {
  const categories = await catalogue.listCategories();
  const category = categories.find((c) => c.slug === categorySlug);
  if (!category) throw msg.categoryNotFound();
  let place: ServicePagePlace | null = null;
  if (placeSlugText !== undefined) {
    const city = await geocoder.bySlug(placeSlugText);
    if (!city) throw msg.placeNotFound();
    place = placeOf(city);
  }
  const [{ rows, total }, index] = await Promise.all([
    searchVendors(db, {
      page: 1,
      pageSize: SERVICE_PAGE_PRO_COUNT,
      category: { slug: category.slug },
      ...(place ? { point: place, servingPoint: true } : {}),
      sort: 'rating',
    }),
    placesIndex(),
  ]);
  const places = [...(index.byCategory.get(category.slug)?.values() ?? [])];
  return {
    category: {
      slug: category.slug,
      name: category.name,
      description: category.description,
      icon: category.icon,
    },
    place,
    pros: rows.map(toSummary),
    total,
    nearbyPlaces: nearbyPlacesOf(places, place)
      .slice(0, LINKS_PER_LIST)
      .map((e) => ({ ...e.place, proCount: e.proCount })),
    relatedCategories: relatedCategoriesOf(categories, category, place, index)
      .sort((a, b) => b.proCount - a.proCount || a.slug.localeCompare(b.slug))
      .slice(0, LINKS_PER_LIST),
  };
}
