/**
 * Pure rules of the search domain: how a query's words are read and matched (stems, relatives,
 * spelling corrections), how results are ranked, and the area defaults of a customer with a
 * place. No I/O.
 */
import { truncate } from '../../lib/text';

/**
 * The customer's area: with a place (`lat`/`lng`), the default `relevance` order, `area=auto`
 * and no `radiusKm`, results keep within this many km — a metro area: Boston to its suburbs
 * (Cambridge 5 km, Quincy 13 km, Lowell 40 km), London within the M25 (≈ 30 km from the centre).
 */
export const AREA_RADIUS_KM = 50;

/** At most this many words of `q` are searched (the query is at most 100 characters). */
export const MAX_SEARCH_WORDS = 8;
/** Longer words are cut to this many characters (no real word is longer; bounds the work). */
export const MAX_WORD_LENGTH = 32;

/**
 * Relevance (`sort=relevance`, the default) = W.text × T + W.distance × D + W.rating × R +
 * W.response × P, each factor in [0, 1]; a factor that does not apply (no `q`: T, no place: D)
 * adds nothing, so without `q` and a place the order is by R and P (the old "recommended").
 * - T, text: see {@link TEXT_WEIGHTS};
 * - D, distance: 1 / (1 + km / {@link DISTANCE_SCALE_KM}): 1 next door, ½ at 10 km, ⅙ at 50 km;
 * - R, rating: the Bayesian average (see {@link RATING_PRIOR}) ÷ 5, so 4.9★ from 300 reviews
 *   beats 5★ from two, and a pro without reviews counts as average rather than as zero;
 * - P, responsiveness: the share of customer messages answered within 4 hours (the vendors
 *   domain's stored measure), pulled towards ½ by {@link RESPONSE_PRIOR} the way R is, so a new
 *   pro is neither rewarded nor punished for having no history.
 * Text weighs most: what was asked for comes first; among equally good matches, the nearer and
 * better-rated pro wins (a pro 2 km away beats one 30 km away unless rated far lower).
 * Responsiveness weighs least (0.1): it separates otherwise close pros — customers pick the pro
 * who answers first — without letting a fast reply outrank a better match or a much nearer pro.
 */
export const RELEVANCE_WEIGHTS = { text: 0.5, distance: 0.3, rating: 0.2, response: 0.1 } as const;
/**
 * P = (weight × mean + n × share) / (weight + n), `n` the measured messages: 5 phantom messages
 * answered half of the time within 4 hours before a pro's own.
 */
export const RESPONSE_PRIOR = { mean: 0.5, weight: 5 } as const;
/** D halves at this distance (km), see {@link RELEVANCE_WEIGHTS}. */
export const DISTANCE_SCALE_KM = 10;
/**
 * R = (weight × mean + count × average) / (weight + count): `weight` phantom reviews of `mean`
 * stars before a pro's own (a common "Bayesian average" prior: a platform-wide mean of 3.5★,
 * worth 10 reviews).
 */
export const RATING_PRIOR = { mean: 3.5, weight: 10 } as const;
/**
 * T = name × [the business name matches every word] + exact × [the words match as typed, not
 * only through a correction] + coverage × min(1, 10 × ts_rank) — PostgreSQL's `ts_rank` of the
 * document against the words (more and denser occurrences rank higher; one occurrence ≈ 0.06).
 */
export const TEXT_WEIGHTS = { name: 0.5, exact: 0.3, coverage: 0.2 } as const;

/** A word of the search vocabulary: a stemmed lexeme and how many approved vendors use it. */
export interface LexiconEntry {
  lexeme: string;
  vendors: number;
}

/** The search vocabulary (lexemes of every approved vendor's `search_text`), by lexeme. */
export type Lexicon = ReadonlyMap<string, number>;

/**
 * The words of a query: Unicode-normalised (NFKC), lower-cased, split on anything that is not a
 * letter or digit, duplicates dropped, at most {@link MAX_SEARCH_WORDS} words of at most
 * {@link MAX_WORD_LENGTH} UTF-16 code units (cut at a grapheme boundary). Punctuation-only input
 * gives no words.
 */
export function searchWords(q: string): string[] {
  const words = q
    .normalize('NFKC')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w.length > 0)
    .map((w) => truncate(w, MAX_WORD_LENGTH, { ellipsis: '' }));
  return [...new Set(words)].slice(0, MAX_SEARCH_WORDS);
}

/** Edits (Levenshtein) a typo may be from a vocabulary word: none up to 3 letters, 1 up to 7, else 2. */
export function maxEdits(length: number): number {
  return length <= 3 ? 0 : length <= 7 ? 1 : 2;
}

/** How one query word is searched, see {@link wordVariants}. */
export interface WordMatch {
  /** The word's own stem is in the vocabulary. */
  exact: boolean;
  /** Lexemes searched for it (its stem first), best first; empty: the word matches nothing. */
  lexemes: string[];
}

/** Most lexemes searched for one word (its stem plus relatives and corrections). */
export const MAX_VARIANTS = 6;

/**
 * The lexemes one query word searches for, given its English stem (`stem`, from PostgreSQL's
 * `english` configuration) and the vocabulary:
 * - its stem, always (a word added since the vocabulary was read still matches);
 * - relatives: vocabulary stems that extend, or are extended by, its stem by at most 3 letters
 *   (both at least 4 letters): "plumber" → plumb (plumbing), "plumbing" → plumber, "hair" →
 *   haircut — English stemming keeps "plumber" and "plumbing" apart;
 * - only when its stem is not in the vocabulary: corrections within {@link maxEdits} edits of
 *   the word or its stem ("plumbr" → plumber, plumb; "electrican" → electrician), and words it
 *   begins (typing: "elec" → electr, electrician), the most used first.
 * `distance(a, b)` is the Levenshtein distance (fastest-levenshtein).
 */
export function wordVariants(
  word: string,
  stem: string,
  lexicon: Lexicon,
  distance: (a: string, b: string) => number,
): WordMatch {
  const exact = lexicon.has(stem);
  const scored: Array<{ lexeme: string; rank: number; vendors: number }> = [];
  const edits = maxEdits(word.length);
  for (const [lexeme, vendors] of lexicon) {
    if (lexeme === stem) continue;
    const related =
      stem.length >= 4 &&
      lexeme.length >= 4 &&
      ((lexeme.startsWith(stem) && lexeme.length - stem.length <= 3) ||
        (stem.startsWith(lexeme) && stem.length - lexeme.length <= 3));
    if (related) {
      scored.push({ lexeme, rank: 0, vendors });
      continue;
    }
    if (exact) continue;
    if (Math.abs(lexeme.length - word.length) <= edits && edits > 0) {
      const d = Math.min(distance(word, lexeme), distance(stem, lexeme));
      if (d <= edits) {
        scored.push({ lexeme, rank: d, vendors });
        continue;
      }
    }
    if (word.length >= 3 && lexeme.startsWith(word)) scored.push({ lexeme, rank: 3, vendors });
  }
  scored.sort((a, b) => a.rank - b.rank || b.vendors - a.vendors || (a.lexeme < b.lexeme ? -1 : 1));
  const lexemes = [stem, ...scored.slice(0, MAX_VARIANTS - 1).map((s) => s.lexeme)];
  return { exact, lexemes: exact || scored.length > 0 ? lexemes : [] };
}

/** A lexeme quoted for PostgreSQL's `tsquery` input (`'…'`, quotes and backslashes escaped). */
export function quoteLexeme(lexeme: string): string {
  return `'${lexeme.replace(/['\\]/g, (c) => `\\${c}`)}'`;
}

/**
 * A `tsquery` (text form) that every group must match, one of each group's lexemes:
 * `[['plumber', 'plumb'], ['leak']]` → `('plumber' | 'plumb') & ('leak')`. Null for no groups.
 */
export function tsQueryText(groups: readonly (readonly string[])[]): string | null {
  const parts = groups
    .filter((g) => g.length > 0)
    .map((g) => `(${g.map(quoteLexeme).join(' | ')})`);
  return parts.length > 0 ? parts.join(' & ') : null;
}

/** How the text of a search is matched, see {@link planTextSearch}. */
export type TextSearch =
  /** Full-text: `any` (with relatives and corrections) filters; `exact` (the stems) ranks. */
  | { kind: 'words'; any: string; exact: string; ignoredWords: string[] }
  /** No searchable word (punctuation, stop words only): a literal, case-insensitive substring. */
  | { kind: 'literal'; text: string; ignoredWords: string[] };

/**
 * The text part of a search, from the query words, their stems (null: a stop word such as
 * "the", which PostgreSQL leaves out) and the vocabulary. Words that match nothing are left out
 * — and reported — as long as another word matches ("plumber near me" searches "plumber"); when
 * none matches, the stems are searched as they are (usually: no result).
 */
export function planTextSearch(
  q: string,
  stems: ReadonlyMap<string, string | null>,
  lexicon: Lexicon,
  distance: (a: string, b: string) => number,
): TextSearch {
  const words = searchWords(q);
  const matched: Array<{ word: string; stem: string; match: WordMatch }> = [];
  const unmatched: string[] = [];
  for (const word of words) {
    const stem = stems.get(word);
    if (!stem) continue;
    const match = wordVariants(word, stem, lexicon, distance);
    if (match.lexemes.length > 0) matched.push({ word, stem, match });
    else unmatched.push(word);
  }
  if (matched.length > 0) {
    return {
      kind: 'words',
      any: tsQueryText(matched.map((m) => m.match.lexemes))!,
      exact: tsQueryText(matched.map((m) => [m.stem]))!,
      ignoredWords: unmatched,
    };
  }
  if (unmatched.length > 0) {
    // None is in the vocabulary: search the stems as typed (a vendor added since the
    // vocabulary was read still matches; otherwise the answer is empty).
    const stemsOnly = tsQueryText(unmatched.map((w) => [stems.get(w)!]))!;
    return { kind: 'words', any: stemsOnly, exact: stemsOnly, ignoredWords: [] };
  }
  return { kind: 'literal', text: q.trim(), ignoredWords: [] };
}

/** A search's sort as applied: `recommended` is `relevance`; `distance` needs a place. */
export function effectiveSort(
  sort: 'relevance' | 'recommended' | 'distance' | 'rating' | 'price',
  hasPlace: boolean,
): 'relevance' | 'distance' | 'rating' | 'price' {
  if (sort === 'recommended') return 'relevance';
  if (sort === 'distance' && !hasPlace) return 'relevance';
  return sort;
}

/**
 * Which area defaults apply (see {@link AREA_RADIUS_KM}): with a place, `area=auto` and the
 * relevance order, the radius unless `radiusKm` was sent and the local currency unless
 * `currency` was sent. The local currency is also needed for a price filter without `currency`.
 */
export function areaDefaults(query: {
  hasPlace: boolean;
  area: 'auto' | 'off';
  sort: 'relevance' | 'distance' | 'rating' | 'price';
  radiusKm?: number;
  currency?: string;
  hasPriceFilter: boolean;
}): { radiusKm: number | undefined; localCurrency: boolean } {
  const inArea = query.hasPlace && query.area === 'auto' && query.sort === 'relevance';
  return {
    radiusKm: query.radiusKm ?? (inArea ? AREA_RADIUS_KM : undefined),
    localCurrency:
      query.hasPlace && query.currency === undefined && (inArea || query.hasPriceFilter),
  };
}
