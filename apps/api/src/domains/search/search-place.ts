/**
 * Where a search is centred when its words name a place :
 * "near me" → the customer's default saved place, else the lat/lng the browser sent, else none
 * (the screen asks); "in Boston" / "boston ma" / "boston electrician" → the city, through the
 * geocoder. The parsing is places/query-place.ts; this file only resolves what it found.
 */
import type { AppliedPlace } from '@vetted/contract';
import type { DbOrTx } from '../../db/client';
import { defaultAddress, type Geocoder, type PlaceIntent, parsePlaceQuery } from '../places';

/** Name of the place a browser sent (its lat/lng only). */
export const BROWSER_PLACE_NAME = 'Your location';

/** The outcome for a query: the text to search and the place to centre on. */
export interface SearchPlace {
  /** The words left to search; '' when the query was only a place. */
  text: string;
  /** Null: the query held no place words (or named no known city). */
  place: AppliedPlace | null;
  /** "near me" with nothing to go on. */
  placeNeeded: boolean;
}

/**
 * `q` when the person turned place words off (`placeWords=off`): every word is text except
 * "near me" and its kin, which are never worth searching for ("hair stylist near me" searches
 * "hair stylist" everywhere).
 */
export function withoutPlaceWords(q: string): SearchPlace {
  const intent = parsePlaceQuery(q);
  return { text: intent.kind === 'near-me' ? intent.text : q, place: null, placeNeeded: false };
}

/**
 * Resolves the place words of `q` (see {@link parsePlaceQuery}).
 * @param point lat/lng the client sent (the browser's position or a place it chose)
 * @param userId the signed-in caller, whose default saved place "near me" means
 */
export async function resolveSearchPlace(
  deps: { db: DbOrTx; geocoder: Geocoder },
  q: string,
  point: { lat: number; lng: number } | undefined,
  userId: string | null,
): Promise<SearchPlace> {
  const intent: PlaceIntent = parsePlaceQuery(q);
  if (intent.kind === 'near-me') {
    const saved = userId ? await defaultAddress(deps.db, userId) : null;
    if (saved) {
      const place: AppliedPlace = {
        name: saved.label,
        region: null,
        country: saved.country,
        lat: saved.lat,
        lng: saved.lng,
        source: 'saved',
      };
      return { text: intent.text, place, placeNeeded: false };
    }
    if (point) {
      const place: AppliedPlace = {
        name: BROWSER_PLACE_NAME,
        region: null,
        country: null,
        ...point,
        source: 'browser',
      };
      return { text: intent.text, place, placeNeeded: false };
    }
    return { text: intent.text, place: null, placeNeeded: true };
  }
  if (intent.kind === 'named') {
    for (const reading of intent.readings) {
      const city = await deps.geocoder.resolvePlace({ ...reading, near: point });
      if (city) {
        const place: AppliedPlace = {
          name: city.name,
          region: city.region,
          country: city.country,
          lat: city.lat,
          lng: city.lng,
          source: 'query',
        };
        return { text: reading.text, place, placeNeeded: false };
      }
    }
  }
  // No place: the query as sent, so text search sees exactly what it always did.
  return { text: q, place: null, placeNeeded: false };
}
