/**
 * What the geocoder (geocoder.ts) offers and takes: city search over an in-memory index.
 */
import type { GeocodeResult } from '@vetted/contract';

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
   * city-search.ts `IMPLICIT_PLACE_MIN_POPULATION` or more unless a hint narrows it. Null when none.
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
