/**
 * Pure rules of the places domain: how a place name is normalised for
 * matching, how many typos a query may carry, how geocode candidates are scored, and which saved
 * place becomes the default. No I/O; table-tested in test/places-policy.test.ts.
 */

/**
 * Letters that Unicode canonical decomposition (NFD) does not split into a base letter plus a
 * mark, folded to what people type on an English keyboard (ß → ss, ø → o, ł → l, …).
 */
const FOLD: Record<string, string> = {
  ß: 'ss',
  æ: 'ae',
  œ: 'oe',
  ø: 'o',
  đ: 'd',
  ð: 'd',
  ł: 'l',
  ı: 'i',
  ə: 'e',
  þ: 'th',
  ħ: 'h',
};
const FOLD_RE = new RegExp(`[${Object.keys(FOLD).join('')}]`, 'g');
const ASCII_RE = /^[\x20-\x7e]*$/;
/** Already normalised: lower-case words of letters and digits, single spaces between. */
const SIMPLE_RE = /^[a-z0-9]+(?: [a-z0-9]+)*$/;

/**
 * A name or query as matched: lower case, diacritics folded (`Zürich` → `zurich`, `Kraków` →
 * `krakow`), apostrophes dropped (`L'Aquila` → `laquila`), other punctuation as spaces
 * (`Saint-Denis` → `saint denis`, `St. Louis` → `st louis`), spaces collapsed and trimmed.
 * Letters of other scripts are kept as they are.
 */
export function normalizeName(input: string): string {
  // Fast path for plain ASCII (most names and queries): no decomposition or Unicode classes.
  if (ASCII_RE.test(input)) {
    const lower = input.toLowerCase();
    return SIMPLE_RE.test(lower)
      ? lower
      : lower
          .replace(/['`]/g, '')
          .replace(/[^a-z0-9]+/g, ' ')
          .trim();
  }
  return input
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(FOLD_RE, (ch) => FOLD[ch] ?? ch)
    .replace(/['‘’`ʻʼ]/g, '')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/**
 * Abbreviations of a first word that people write either way (`St. Louis` / `Saint Louis`):
 * each name starting with one is also indexed under the other spelling.
 */
const FIRST_WORD_SYNONYMS: Record<string, string> = {
  st: 'saint',
  saint: 'st',
  ste: 'sainte',
  sainte: 'ste',
  mt: 'mount',
  mount: 'mt',
  ft: 'fort',
  fort: 'ft',
};

/** The keys a normalised name is indexed under: itself, plus its first-word synonym spelling. */
export function indexKeys(normalized: string): string[] {
  const space = normalized.indexOf(' ');
  if (space < 0) return [normalized];
  const other = FIRST_WORD_SYNONYMS[normalized.slice(0, space)];
  return other ? [normalized, other + normalized.slice(space)] : [normalized];
}

/**
 * Edits (Levenshtein) a query of `length` characters may carry and still match: 0 below 3
 * characters, 1 up to 5, 2 from 6 — Elasticsearch's `fuzziness: AUTO` (AUTO:3,6).
 */
export function maxEditsFor(length: number): number {
  if (length < 3) return 0;
  return length < 6 ? 1 : 2;
}

/**
 * Score of a candidate city, higher is better. log10 of its population (a city 10× bigger is
 * worth one point), minus {@link EDIT_PENALTY} per typo, plus {@link EXACT_BONUS} when the whole
 * name was typed, plus a nearness bonus when the caller gave a position: {@link PROXIMITY_WEIGHT}
 * at the spot, decaying exponentially with distance (e-fold every {@link PROXIMITY_SCALE_KM}).
 *
 * Tuned by hand on the cases in test/places.test.ts: Portland, Maine (67 k people) must beat
 * Portland, Oregon (632 k) for someone in New England, while London, UK (7.6 M) still beats
 * Londonderry, New Hampshire (~11 k) for someone in Boston.
 */
export const EDIT_PENALTY = 2;
/** See {@link scoreCandidate}. */
export const EXACT_BONUS = 0.5;
/** See {@link scoreCandidate}. */
export const PROXIMITY_WEIGHT = 2;
/** See {@link scoreCandidate}; km. */
export const PROXIMITY_SCALE_KM = 500;

/**
 * A match with typos is shown only when it scores within this many points of the best match
 * (a 1000× smaller population): "paris, france" lists Paris, not Panissières (one typo).
 */
export const TYPO_SCORE_WINDOW = 3;

/**
 * Score of one candidate (see {@link EDIT_PENALTY} for the formula and its constants).
 * `distanceKm` is null when the caller gave no position.
 */
export function scoreCandidate(input: {
  population: number;
  edits: number;
  exact: boolean;
  distanceKm: number | null;
}): number {
  const base = Math.log10(Math.max(input.population, 1));
  const near =
    input.distanceKm === null
      ? 0
      : PROXIMITY_WEIGHT * Math.exp(-input.distanceKm / PROXIMITY_SCALE_KM);
  return base - EDIT_PENALTY * input.edits + (input.exact ? EXACT_BONUS : 0) + near;
}

/**
 * Splits a geocode query at its first comma: the city part, and what follows (a country or
 * region hint, `Portland, ME` / `Paris, France`), both normalised; the hint is null when empty.
 */
export function splitQuery(q: string): { name: string; hint: string | null } {
  const comma = q.indexOf(',');
  if (comma < 0) return { name: normalizeName(q), hint: null };
  const hint = normalizeName(q.slice(comma + 1));
  return { name: normalizeName(q.slice(0, comma)), hint: hint || null };
}

/**
 * Whether a city matches the hint after a comma: its country code or readable region code equal
 * to it (`us`, `me`), or its English country name starting with it (`united k`).
 */
export function matchesHint(
  hint: string,
  city: { country: string; region: string | null; countryName: string },
): boolean {
  if (hint === city.country.toLowerCase()) return true;
  if (city.region && hint === city.region.toLowerCase()) return true;
  return normalizeName(city.countryName).startsWith(hint);
}

/**
 * A GeoNames admin1 code shown to people: letter codes (`MA`, `ENG`) only; the numeric codes
 * most countries use (`08`) mean nothing to a reader, so null.
 */
export function readableRegion(adminCode: string): string | null {
  return /^[A-Z]{2,3}$/.test(adminCode) ? adminCode : null;
}

/**
 * GeoNames feature codes left out of the index: sections of a bigger place (`PPLX`: "Zürich
 * (Kreis 3)" would crowd out Zürich) and places that no longer exist (historical, abandoned,
 * destroyed). The seed skips the same sections (seed-data/places.ts).
 */
export const SKIPPED_FEATURE_CODES = new Set(['PPLX', 'PPLH', 'PPLQ', 'PPLW', 'PPLCH']);

/**
 * Whether a saved place must be the default when written: the account's first place always is;
 * otherwise only when asked (`isDefault: true`).
 */
export function becomesDefault(existingPlaces: number, requested: boolean | undefined): boolean {
  return existingPlaces === 0 || requested === true;
}
