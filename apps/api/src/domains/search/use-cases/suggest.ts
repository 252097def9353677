/**
 * `GET /v1/search/suggest`: type-ahead for what a customer is typing — categories, services and
 * vendors, a few each, within the area of the place named or sent.
 */
import type { SearchSuggestions } from '@vetted/contract';
import { distance } from 'fastest-levenshtein';
import type { DbOrTx } from '../../../db/client';
import type { Geocoder } from '../../places';
import { AREA_RADIUS_KM, quoteLexeme, searchWords, wordVariants } from '../policy';
import { resolveSearchPlace } from '../search-place';
import { suggest as suggestRows } from '../suggest-repository';
import type { Vocabulary } from '../vocabulary';

/** Suggestions of each kind in a type-ahead answer. */
const SUGGESTIONS_PER_KIND = 4;

/** What type-ahead needs: the database, the city index and the vocabulary. */
export type SuggestDeps = { db: DbOrTx; geocoder: Geocoder } & Vocabulary;

/**
 * Type-ahead for `q`: categories, services and vendors, a few each. The last word is a prefix
 * being typed; each word also matches its spelling corrections (the vocabulary), so "plumbr"
 * suggests plumbing. Within the area of `lat`/`lng` when given.
 */
export async function suggest(
  deps: SuggestDeps,
  query: { q: string; lat?: number; lng?: number },
): Promise<SearchSuggestions> {
  const sent =
    query.lat !== undefined && query.lng !== undefined
      ? { lat: query.lat, lng: query.lng }
      : undefined;
  // Place words are not what is looked for: "hair stylist near me" suggests hair styling,
  // not whatever "near" and "me" nearly spell; a named city also sets the area. "near me"
  // needs no account here: the sent lat/lng are the area (this answer is shared, cached).
  const where = await resolveSearchPlace(
    { db: deps.db, geocoder: deps.geocoder },
    query.q,
    sent,
    null,
  );
  // Only a city ("boston"): pros named after it are still worth suggesting.
  const typed = where.text.trim() || (where.place?.source === 'query' ? query.q : '');
  if (!typed) return { categories: [], services: [], vendors: [] };
  const words = searchWords(typed);
  const [stems, lexicon] = await Promise.all([deps.stemsOf(words), deps.vocabulary()]);
  const groups = words.map((word) => {
    const stem = stems.get(word);
    const variants = stem ? wordVariants(word, stem, lexicon, distance).lexemes : [];
    // Lexemes are stems ("plumb"): as prefixes they reach every form of the word.
    return [...new Set([word, ...variants])].map((w) => `${quoteLexeme(w)}:*`);
  });
  const prefixQuery =
    groups.length > 0 ? groups.map((g) => `(${g.join(' | ')})`).join(' & ') : null;
  const point = where.place ? { lat: where.place.lat, lng: where.place.lng } : sent;
  return suggestRows(deps.db, {
    q: typed,
    prefixQuery,
    point,
    radiusKm: AREA_RADIUS_KM,
    limit: SUGGESTIONS_PER_KIND,
  });
}
