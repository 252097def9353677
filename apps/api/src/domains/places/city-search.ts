/**
 * Lookups over a built city index (city-index.ts), one per {@link Geocoder} method: type-ahead
 * search with typos, exact names, places named in queries, nearest city, slugs and cities near
 * a point. Pure and synchronous: the index is built already.
 */
import type { GeocodeResult } from '@vetted/contract';
import { distance } from 'fastest-levenshtein';
import { haversineKm } from '../../db/seed-data/places';
import { type CityIndex, lowerBound, resultOf } from './city-index';
import { countryName } from './messages';
import type { GeocodeSearch, PlaceLookup } from './geocoder-types';
import { placeSlug, readPlaceSlug } from './place-slug';
import {
  matchesHint,
  maxEditsFor,
  normalizeName,
  scoreCandidate,
  splitQuery,
  TYPO_SCORE_WINDOW,
} from './policy';

/** Candidates of one search: city slot, best score and its typos, one entry per city. */
interface Candidates {
  cities: number[];
  scores: number[];
  typos: number[];
}

/**
 * The candidate recorder of one search: `consider(city, edits, exact)` scores the city and keeps
 * its best score (`slot` maps a city to its entry + 1; it is the index's scratch array, reset by
 * {@link bestOf}). Cities outside `hint` are skipped.
 */
function candidateRecorder(
  index: CityIndex,
  hint: string | null,
  origin: { lat: number; lng: number } | null,
) {
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
        countryName: countryName(index.countries[city]!),
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
  return { found: { cities, scores, typos } as Candidates, consider };
}

/**
 * Keys within maxEditsFor(query length) edits of `name` that do not start with it, whole or by
 * their start of the query's length; `consider` receives each.
 */
function scanTypos(
  index: CityIndex,
  name: string,
  consider: (city: number, edits: number, exact: boolean) => void,
): void {
  const { keys, keyCity } = index;
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
}

/**
 * The best `limit` candidates' cities, best first; clears the scratch slots of every candidate.
 */
function bestOf(index: CityIndex, found: Candidates, limit: number): number[] {
  const { cities, scores, typos } = found;
  const slot = index.scratch;
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
    if (top.length === limit && before(c, top[top.length - 1]!) <= 0) continue;
    let at = top.length;
    while (at > 0 && before(c, top[at - 1]!) > 0) at--;
    top.splice(at, 0, c);
    if (top.length > limit) top.pop();
  }
  return top.map((c) => cities[c]!);
}

/** Search over a built index; see {@link Geocoder.search}. */
export function searchIndex(index: CityIndex, options: GeocodeSearch): GeocodeResult[] {
  const { name, hint } = splitQuery(options.q);
  if (!name) return [];
  const origin =
    options.lat !== undefined && options.lng !== undefined
      ? { lat: options.lat, lng: options.lng }
      : null;
  const { found, consider } = candidateRecorder(index, hint, origin);
  const { keys, keyCity } = index;
  // Prefix matches: every key from the query's lower bound that starts with it.
  for (let i = lowerBound(keys, name); i < keys.length && keys[i]!.startsWith(name); i++) {
    consider(keyCity[i]!, 0, keys[i]!.length === name.length);
  }

  scanTypos(index, name, consider);
  return bestOf(index, found, options.limit).map((city) => resultOf(index, city));
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
    normalizeName(countryName(country)) === hint
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
