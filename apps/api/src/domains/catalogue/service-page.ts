/**
 * Use cases of the landing pages (`/services/:category` and `/services/:category/:place`,
 * "Plumbers in Boston, MA") and of the sitemap's dynamic part: which category × place pages
 * have pros, and each page's data. Read-only.
 *
 * Which places a pro serves: their own city, and every city of at least
 * {@link SERVED_CITY_MIN_POPULATION} people within their service radius. Worked out for every
 * approved pro at the first read after each catalogue purge (cache.ts) — a scan of the few
 * thousand large cities per pro, a few ms for the seeded 330 — and kept until the next purge.
 */
import {
  type Category,
  SERVICE_PAGE_PRO_COUNT,
  type ServicePage,
  type ServicePagePlace,
} from '@vetted/contract';
import type { DbOrTx } from '../../db/client';
import { haversineKm } from '../../db/seed-data/places';
import { ASCII_PLACE_SLUG, type Geocoder, placeSlug } from '../places';
import type { CatalogueCache } from './cache';
import * as msg from './messages';
import * as repo from '../search';
import { toSummary } from './dto';
import { approvedProReach } from './service-page-repository';

/**
 * Least population of a city a landing page is made for besides the pros' own cities: the
 * geocoder's bar for a city named without "in" (places/geocoder.ts), ~4,000 cities worldwide.
 */
export const SERVED_CITY_MIN_POPULATION = 100_000;

/** Most other cities listed as a pro's reach (nearest first). */
const SERVED_CITIES_PER_PRO = 25;

/** Most nearby places and related categories a landing page links to. */
const LINKS_PER_LIST = 12;

/** How far (km, great circle) a place may be to be listed as "nearby" on a place's page. */
export const NEARBY_PLACE_MAX_KM = 150;

/** A category × place landing page that has pros: what the sitemap lists. */
export interface ServicePlaceEntry {
  category: string;
  place: ServicePagePlace;
  proCount: number;
}

/** What the landing pages need: the database, the categories, the cities, the purges. */
export interface ServicePageDeps {
  db: DbOrTx;
  catalogue: { listCategories(): Promise<Category[]> };
  geocoder: Geocoder;
  cache: Pick<CatalogueCache, 'generation'>;
}

/** The places index: every (category, place) with pros, and the approved pros' slugs. */
interface PlacesIndex {
  /** By `category` then place slug. */
  byCategory: Map<string, Map<string, ServicePlaceEntry>>;
  proSlugs: string[];
}

export function createServicePageService({ db, catalogue, geocoder, cache }: ServicePageDeps) {
  let built: { generation: number; index: Promise<PlacesIndex> } | null = null;

  async function buildIndex(): Promise<PlacesIndex> {
    const pros = await approvedProReach(db);
    const byCategory = new Map<string, Map<string, ServicePlaceEntry>>();
    for (const pro of pros) {
      const served = new Map<string, ServicePagePlace>();
      const add = (city: ServicePagePlace) => {
        if (!ASCII_PLACE_SLUG.test(city.slug)) return;
        if (haversineKm(pro.lat, pro.lng, city.lat, city.lng) <= pro.serviceRadiusKm) {
          served.set(city.slug, city);
        }
      };
      const home = await geocoder.resolve(pro.city, pro.country);
      if (home) add(placeOf(home));
      const around = await geocoder.within(pro, {
        maxKm: pro.serviceRadiusKm,
        minPopulation: SERVED_CITY_MIN_POPULATION,
        limit: SERVED_CITIES_PER_PRO,
      });
      for (const city of around) add(placeOf(city));
      for (const category of pro.categories) {
        let places = byCategory.get(category);
        if (!places) {
          places = new Map();
          byCategory.set(category, places);
        }
        for (const place of served.values()) {
          const entry = places.get(place.slug);
          if (entry) entry.proCount++;
          else places.set(place.slug, { category, place, proCount: 1 });
        }
      }
    }
    return { byCategory, proSlugs: pros.flatMap((p) => (p.slug ? [p.slug] : [])) };
  }

  /** The index of the current catalogue generation, built at its first use. */
  function placesIndex(): Promise<PlacesIndex> {
    if (built?.generation !== cache.generation) {
      const index = buildIndex();
      built = { generation: cache.generation, index };
      // A failed build is tried again at the next read rather than kept.
      index.catch(() => {
        if (built?.index === index) built = null;
      });
    }
    return built!.index;
  }

  return {
    /**
     * A landing page's data: the category's best-rated approved pros — serving `placeSlug`
     * (within their radius) when given —, nearby places and related categories with pros.
     * @throws AppError 404 `category_not_found` for an unknown category slug, 404
     *   `place_not_found` for a place slug that names no city
     */
    async getPage(categorySlug: string, placeSlugText?: string): Promise<ServicePage> {
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
        repo.searchVendors(db, {
          page: 1,
          pageSize: SERVICE_PAGE_PRO_COUNT,
          category: { slug: category.slug },
          ...(place ? { point: place, servingPoint: true } : {}),
          sort: 'rating',
        }),
        placesIndex(),
      ]);
      const places = [...(index.byCategory.get(category.slug)?.values() ?? [])];
      const nearbyPlaces = place
        ? places
            .filter((e) => e.place.slug !== place.slug)
            .map((e) => ({ e, km: haversineKm(place.lat, place.lng, e.place.lat, e.place.lng) }))
            .filter(({ km }) => km <= NEARBY_PLACE_MAX_KM)
            .sort((a, b) => a.km - b.km || a.e.place.slug.localeCompare(b.e.place.slug))
            .map(({ e }) => e)
        : places.sort(
            (a, b) => b.proCount - a.proCount || a.place.slug.localeCompare(b.place.slug),
          );
      const relatedCategories = place
        ? categories.flatMap((c) => {
            const entry = index.byCategory.get(c.slug)?.get(place.slug);
            return c.slug !== category.slug && entry
              ? [{ slug: c.slug, name: c.name, proCount: entry.proCount }]
              : [];
          })
        : categories
            .filter((c) => c.slug !== category.slug && c.vendorCount > 0)
            .map((c) => ({ slug: c.slug, name: c.name, proCount: c.vendorCount }));
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
        nearbyPlaces: nearbyPlaces
          .slice(0, LINKS_PER_LIST)
          .map((e) => ({ ...e.place, proCount: e.proCount })),
        relatedCategories: relatedCategories
          .sort((a, b) => b.proCount - a.proCount || a.slug.localeCompare(b.slug))
          .slice(0, LINKS_PER_LIST),
      };
    },

    /**
     * What the sitemap lists beyond the static pages: every approved pro's slug, every
     * category with approved pros, and every category × place page that has pros (sorted by
     * category, then place slug).
     */
    async sitemapEntries(): Promise<{
      proSlugs: string[];
      categories: string[];
      places: ServicePlaceEntry[];
    }> {
      const [index, categories] = await Promise.all([placesIndex(), catalogue.listCategories()]);
      return {
        proSlugs: [...index.proSlugs].sort(),
        categories: categories.filter((c) => c.vendorCount > 0).map((c) => c.slug),
        places: [...index.byCategory.values()]
          .flatMap((places) => [...places.values()])
          .sort(
            (a, b) =>
              a.category.localeCompare(b.category) || a.place.slug.localeCompare(b.place.slug),
          ),
      };
    },
  };
}

/** A geocoder city as a landing page names it. */
function placeOf(city: {
  name: string;
  region: string | null;
  country: string;
  lat: number;
  lng: number;
}): ServicePagePlace {
  return {
    slug: placeSlug(city),
    name: city.name,
    region: city.region,
    country: city.country,
    lat: city.lat,
    lng: city.lng,
  };
}

export type ServicePageService = ReturnType<typeof createServicePageService>;
