/**
 * Place words in a search query: "hair stylist near me", "plumber in Boston", "boston ma
 * electrician". A pure parser — it knows no cities: it answers the text without the place words
 * and, for a named place, the ways to read it, best first, for the geocoder to try
 * (places/geocoder.ts `resolvePlace`). The first reading the geocoder knows wins; when none does,
 * the whole query is text again.
 */

/**
 * Phrases meaning "around where I am", as people type them into Thumbtack- and Yelp-like search
 * boxes. Matched as whole words, longest first, anywhere in the query.
 */
export const NEAR_ME_PHRASES = [
  'near my location',
  'close to me',
  'in my area',
  'around me',
  'near me',
  'near here',
  'close by',
  'near by',
  'nearby',
] as const;

/** Words introducing a named place ("plumber in Boston", "electrician near Quincy"). */
const PLACE_PREPOSITIONS = new Set(['in', 'near', 'around']);

/**
 * Everyday words that are also the names of big cities (Mobile, AL; Nice; Malé; Reading; Split;
 * Orange, CA; Sparks, NV …): in a query without "in" they mean the word ("mobile hairdresser",
 * "male barber"), so they are not read as a place unless a hint follows ("mobile al") or "in"
 * comes before. A short list of the common cases, not a dictionary.
 */
export const ORDINARY_WORDS = new Set([
  'mobile',
  'nice',
  'male',
  'reading',
  'split',
  'orange',
  'surprise',
  'paradise',
  'independence',
  'enterprise',
  'sparks',
  'sale',
  'tours',
  'cork',
  'harrow',
  'corona',
  'victoria',
  'garland',
  'temple',
  'mission',
]);

/** Longest place name tried, in words ("salt lake city" is 3, "boston ma" 1 + a 1-word hint). */
export const MAX_PLACE_WORDS = 3;
/** Longest hint after a place name, in words ("ma", "new south wales" is 3). */
const MAX_HINT_WORDS = 3;

/**
 * One way to read a named place: the city `name`, optionally narrowed by `hint` (a region or
 * country code or country name: "ma", "uk"), and the `text` searched when it resolves.
 */
export interface PlaceReading {
  name: string;
  hint: string | null;
  text: string;
  /**
   * Named after "in"/"near"/"around": any known city will do. Without one ("boston
   * electrician") a word could just be a word, so the geocoder asks more of the city (see
   * geocoder.ts `IMPLICIT_PLACE_MIN_POPULATION`) unless a hint narrows it.
   */
  explicit: boolean;
}

/** What a query asks about place, see {@link parsePlaceQuery}. */
export type PlaceIntent =
  /** No place words: `text` is the query (tidied). */
  | { kind: 'none'; text: string }
  /** "near me" / "nearby": `text` is the rest. */
  | { kind: 'near-me'; text: string }
  /** Maybe a city: the readings to try in order; `text` is the query if none resolves. */
  | { kind: 'named'; text: string; readings: PlaceReading[] };

/** The query's words, lower case, without punctuation ("Boston, MA" → boston, ma). */
function wordsOf(q: string): string[] {
  return q
    .normalize('NFKC')
    .toLowerCase()
    .split(/[^\p{L}\p{N}'’.-]+/u)
    .map((w) => w.replace(/^[.'’-]+|[.'’-]+$/g, ''))
    .filter((w) => w.length > 0);
}

/** Where `phrase` (words) starts in `words`, or -1. */
function indexOfPhrase(words: readonly string[], phrase: readonly string[]): number {
  outer: for (let i = 0; i + phrase.length <= words.length; i++) {
    for (let j = 0; j < phrase.length; j++) if (words[i + j] !== phrase[j]) continue outer;
    return i;
  }
  return -1;
}

/**
 * The readings of `place` (the words naming it): the whole as a name first ("salt lake city"),
 * then shorter names with the last words as a hint ("boston" + "ma"), names of at most
 * {@link MAX_PLACE_WORDS} words.
 */
function readingsOf(place: readonly string[], text: string, explicit: boolean): PlaceReading[] {
  const out: PlaceReading[] = [];
  for (let hintWords = 0; hintWords <= MAX_HINT_WORDS && hintWords < place.length; hintWords++) {
    const nameWords = place.slice(0, place.length - hintWords);
    if (nameWords.length > MAX_PLACE_WORDS) continue;
    const ordinary = nameWords.length === 1 && ORDINARY_WORDS.has(nameWords[0]!);
    if (ordinary && !explicit && hintWords === 0) continue;
    out.push({
      name: nameWords.join(' '),
      hint: hintWords > 0 ? place.slice(place.length - hintWords).join(' ') : null,
      text,
      explicit,
    });
  }
  return out;
}

/** Whether a query (as sent, any type) says "near me" in one of {@link NEAR_ME_PHRASES}. */
export function mentionsNearMe(q: unknown): boolean {
  return typeof q === 'string' && parsePlaceQuery(q).kind === 'near-me';
}

/**
 * Splits a search query into the words to search and what it says about place:
 * - "near me", "nearby" (see {@link NEAR_ME_PHRASES}) anywhere → `near-me`, the rest is text;
 * - "… in|near|around <place>" → `named`, explicit readings of the words after the last one;
 * - otherwise the query's last or first words may be a city ("electrician boston ma", "boston
 *   electrician", or only "boston") → `named`, implicit readings: longer places first, the end
 *   of the query before its start;
 * - a query of one word that is not a known city stays text (the geocoder decides).
 * Text is the remaining words joined by single spaces, lower case.
 */
export function parsePlaceQuery(q: string): PlaceIntent {
  const words = wordsOf(q);
  for (const phrase of NEAR_ME_PHRASES) {
    const parts = phrase.split(' ');
    const at = indexOfPhrase(words, parts);
    if (at >= 0) {
      const rest = [...words.slice(0, at), ...words.slice(at + parts.length)];
      return { kind: 'near-me', text: rest.join(' ') };
    }
  }
  const text = words.join(' ');
  if (words.length === 0) return { kind: 'none', text };

  // The last preposition with words after it: "repair in boston" (not the "in" of "walk-in").
  for (let i = words.length - 2; i >= 0; i--) {
    if (!PLACE_PREPOSITIONS.has(words[i]!)) continue;
    const place = words.slice(i + 1);
    if (place.length > MAX_PLACE_WORDS + MAX_HINT_WORDS) break;
    const before = words.slice(0, i).join(' ');
    return { kind: 'named', text, readings: readingsOf(place, before, true) };
  }

  const readings: PlaceReading[] = [];
  const longest = Math.min(MAX_PLACE_WORDS + MAX_HINT_WORDS, words.length);
  for (let size = longest; size >= 1; size--) {
    readings.push(
      ...readingsOf(words.slice(words.length - size), words.slice(0, -size).join(' '), false),
    );
    if (size < words.length) {
      readings.push(...readingsOf(words.slice(0, size), words.slice(size).join(' '), false));
    }
  }
  return { kind: 'named', text, readings };
}
