import { useEndpoint } from '../use-endpoint';

/** Fewest characters typed before suggestions are asked for. */
export const SUGGEST_MIN_CHARS = 2;

/**
 * `GET /v1/search/suggest` — type-ahead for `q`: a few categories, services and pros.
 * Nothing is fetched for null or under {@link SUGGEST_MIN_CHARS} characters. `place` (rounded to
 * ~1 km, so nearby customers share cached answers) keeps vendor suggestions to their area.
 * Debounce `q` in the caller. Keeps the previous answer while the next one loads.
 */
export function useSearchSuggestions(
  q: string | null,
  place?: { lat: number; lng: number } | null,
) {
  const text = q?.trim() ?? '';
  const round = (n: number) => Math.round(n * 100) / 100;
  const query =
    text.length >= SUGGEST_MIN_CHARS
      ? { q: text, ...(place ? { lat: round(place.lat), lng: round(place.lng) } : {}) }
      : null;
  return useEndpoint('searchSuggest', query ? { query } : null, {
    keepPreviousData: true,
    revalidateOnFocus: false,
  });
}
