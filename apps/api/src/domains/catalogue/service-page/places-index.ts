/**
 * The places index of the landing pages: every category × place page that has pros, and the
 * approved pros' slugs.
 *
 * Which places a pro serves: their own city, and every city of at least
 * {@link SERVED_CITY_MIN_POPULATION} people within their service radius. Worked out for every
 * approved pro at the first read after each catalogue purge (cache.ts) — a scan of the few
 * thousand large cities per pro, a few ms for the seeded 330 — and kept until the next purge.
 */
import type { ServicePagePlace } from '@vetted/contract';
import type { DbOrTx } from '../../../db/client';
import { haversineKm } from '../../../db/seed-data/places';
import { ASCII_PLACE_SLUG, type Geocoder, placeSlug } from '../../places';
import type { CatalogueCache } from '../cache';
import { approvedProReach, type ProReach } from '../service-page-repository';

/**
 * Least population of a city a landing page is made for besides the pros' own cities: the
 * geocoder's bar for a city named without "in" (places/geocoder.ts), ~4,000 cities worldwide.
 */
export const SERVED_CITY_MIN_POPULATION = 100_000;

/** Most other cities listed as a pro's reach (nearest first). */
const SERVED_CITIES_PER_PRO = 25;

/** A category × place landing page that has pros: what the sitemap lists. */
export interface ServicePlaceEntry {
  category: string;
  place: ServicePagePlace;
  proCount: number;
}

/** The places index: every (category, place) with pros, and the approved pros' slugs. */
export interface PlacesIndex {
  /** By `category` then place slug. */
  byCategory: Map<string, Map<string, ServicePlaceEntry>>;
  proSlugs: string[];
}

/** A geocoder city as a landing page names it. */
export function placeOf(city: {
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

/**
 * The places `pro` serves, by slug: their own city and the large cities around them, each
 * within their service radius (km, great circle) and with an ASCII slug.
 */
async function servedPlaces(
  pro: ProReach,
  geocoder: Geocoder,
): Promise<Map<string, ServicePagePlace>> {
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
  return served;
}

/** Counts one pro in every (category, place) page of their categories and served places. */
function countPro(
  byCategory: PlacesIndex['byCategory'],
  categories: readonly string[],
  served: Map<string, ServicePagePlace>,
): void {
  for (const category of categories) {
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

/** The places index of today's approved pros (one geocoder scan per pro). */
export async function buildPlacesIndex(db: DbOrTx, geocoder: Geocoder): Promise<PlacesIndex> {
  const pros = await approvedProReach(db);
  const byCategory: PlacesIndex['byCategory'] = new Map();
  for (const pro of pros) {
    countPro(byCategory, pro.categories, await servedPlaces(pro, geocoder));
  }
  return { byCategory, proSlugs: pros.flatMap((p) => (p.slug ? [p.slug] : [])) };
}

/**
 * A reader of the places index of the current catalogue generation: built by `build` at its
 * first use after each purge and shared by every read until the next one. A failed build is
 * dropped, so the next read tries again.
 */
export function placesIndexOf(
  build: () => Promise<PlacesIndex>,
  cache: Pick<CatalogueCache, 'generation'>,
): () => Promise<PlacesIndex> {
  let built: { generation: number; index: Promise<PlacesIndex> } | null = null;
  return () => {
    if (built?.generation !== cache.generation) {
      const index = build();
      built = { generation: cache.generation, index };
      // A failed build is tried again at the next read rather than kept.
      index.catch(() => {
        if (built?.index === index) built = null;
      });
    }
    return built!.index;
  };
}
