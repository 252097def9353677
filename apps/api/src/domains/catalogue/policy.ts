/**
 * Pure rules of the catalogue domain: the booking grid of a vendor's opening hours, what makes a
 * slot bookable, how long an unpaid order holds it, and how far the slot picker may look.
 * No I/O: every function takes the instant it reasons about (`now`) as an argument.
 */
import { TZDate } from '@date-fns/tz';
import { LRUCache } from 'lru-cache';
import { truncate } from '../../lib/text';

/**
 * A slot must start at least this far in the future to be bookable (ms, 1 h): the default of a
 * vendor's `minNoticeMinutes` (issue #8, the column default 60), which replaces it in slots and
 * booking.
 */
export const LEAD_TIME_MS = 60 * 60 * 1000;
/** How long an unpaid order holds its slot (ms, 15 min). */
export const HOLD_MS = 15 * 60 * 1000;
/** Order states that occupy the vendor's time for good (mirrors `orders_vendor_slot_live_uq`). */
export const LIVE_STATUSES = ['paid', 'accepted', 'in_progress', 'completed'] as const;
/** The slot picker may start at most this many days back… */
export const SLOT_WINDOW_PAST_DAYS = 7;
/** …and at most this many days ahead (a year, plus a leap day). */
export const SLOT_WINDOW_FUTURE_DAYS = 366;

const DAY_MS = 86_400_000;

export interface WeeklyRule {
  /** 0 = Sunday … 6 = Saturday, in the vendor's zone. */
  weekday: number;
  startMinute: number;
  endMinute: number;
}

export interface Interval {
  startsAt: Date;
  endsAt: Date;
}

export interface SlotInstant extends Interval {
  available: boolean;
}

/** A range of local time in one day: minutes after local midnight, `[startMinute, endMinute)`. */
export interface MinuteRange {
  startMinute: number;
  endMinute: number;
}

/**
 * A vendor's booking rules (issue #8 availability, `vendor_profiles` columns): slots start at
 * least `minNoticeMinutes` after now, `bufferMinutes` stay free after each booking, and slots
 * are offered on dates up to `horizonDays` days after the vendor's today.
 */
export interface BookingRules {
  minNoticeMinutes: number;
  bufferMinutes: number;
  horizonDays: number;
}

/**
 * The rules of a vendor without settings of its own: the column defaults of migration 0009 —
 * 60 minutes' notice ({@link LEAD_TIME_MS}), no buffer, a horizon of a year and a day.
 */
export const DEFAULT_BOOKING_RULES: BookingRules = {
  minNoticeMinutes: LEAD_TIME_MS / 60_000,
  bufferMinutes: 0,
  horizonDays: SLOT_WINDOW_FUTURE_DAYS,
};

/**
 * What a vendor's grid of slots depends on: its zone, weekly hours, dated exceptions (a local
 * `YYYY-MM-DD` → the ranges that replace that day's hours; none = closed) and booking rules
 * (missing ones: {@link DEFAULT_BOOKING_RULES}).
 */
export interface SlotSchedule extends Partial<BookingRules> {
  timeZone: string;
  rules: WeeklyRule[];
  exceptions?: ReadonlyMap<string, readonly MinuteRange[]>;
}

/** Minutes after midnight of a local `HH:MM` (`24:00` = 1440), as the contract writes times. */
export function minutesOfTime(time: string): number {
  const [h, m] = time.split(':').map(Number) as [number, number];
  return h * 60 + m;
}

/** `HH:MM` of minutes after local midnight (1440 = `24:00`). */
export function timeOfMinutes(minutes: number): string {
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}

/**
 * Slots are laid on a grid: every `step` minutes from the start of each opening-hours window,
 * where step is the service duration rounded up to whole half hours (a 45-minute job gets
 * hourly slots, a 90-minute one 09:00, 10:30, …). A slot must end within the window.
 */
export function slotStepMinutes(durationMinutes: number): number {
  return Math.max(30, Math.ceil(durationMinutes / 30) * 30);
}

/** `YYYY-MM-DD` of `instant` in `timeZone`. */
export function localDateOf(instant: Date, timeZone: string): string {
  const d = new TZDate(instant.getTime(), timeZone);
  return ymd(d.getFullYear(), d.getMonth() + 1, d.getDate());
}

function ymd(y: number, m: number, d: number): string {
  return `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
}

/** Calendar arithmetic on `YYYY-MM-DD` (no zone involved). */
export function addDays(date: string, days: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const t = new Date(Date.UTC(y, m - 1, d + days));
  return ymd(t.getUTCFullYear(), t.getUTCMonth() + 1, t.getUTCDate());
}

function weekdayOf(date: string): number {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d)).getUTCDay();
}

/**
 * Grids already computed, by zone, date, duration and that weekday's hours: a grid depends on
 * nothing else, so a hit is exact. Building one costs ~10 µs per slot (each TZDate asks Intl for
 * zone offsets), ~1 ms for a week of a vendor's slots; the slot picker asks for the same weeks
 * over and over (issue #10: slots at 0.7 % of a bare route). 10 000 grids are a few MB.
 */
const grids = new LRUCache<string, readonly Interval[]>({ max: 10_000 });

/**
 * The grid of one local day: the instants (UTC) of `HH:MM` wall-clock times in `timeZone`,
 * computed by @date-fns/tz so DST changes are handled (a wall time skipped by a spring-forward
 * lands one hour later; a repeated one is taken once). Memoised ({@link grids}): the result is
 * shared and frozen, never to be changed by the caller.
 */
export function daySlots(
  date: string,
  rules: WeeklyRule[],
  durationMinutes: number,
  timeZone: string,
): readonly Interval[] {
  const weekday = weekdayOf(date);
  return rangeSlots(
    date,
    rules.filter((r) => r.weekday === weekday),
    durationMinutes,
    timeZone,
  );
}

/**
 * The opening hours of one local `date` (`YYYY-MM-DD`) under `schedule` (issue #8): the
 * exception of that date when there is one (an empty list: closed all day), else the weekly
 * ranges of its weekday.
 */
export function dayRanges(date: string, schedule: SlotSchedule): readonly MinuteRange[] {
  const exception = schedule.exceptions?.get(date);
  if (exception) return exception;
  const weekday = weekdayOf(date);
  return schedule.rules.filter((r) => r.weekday === weekday);
}

/**
 * The last local date on which `schedule` offers slots at `now`: the vendor's today plus
 * `horizonDays` (issue #8; default {@link DEFAULT_BOOKING_RULES}).
 */
export function lastBookableDate(schedule: SlotSchedule, now: Date): string {
  return addDays(
    localDateOf(now, schedule.timeZone),
    schedule.horizonDays ?? DEFAULT_BOOKING_RULES.horizonDays,
  );
}

/**
 * The grid of one local `date` under `schedule` at `now`: {@link dayRanges} laid out like
 * {@link daySlots}; empty past {@link lastBookableDate} (no slot beyond the horizon).
 */
export function scheduleDaySlots(
  date: string,
  schedule: SlotSchedule,
  durationMinutes: number,
  now: Date,
): readonly Interval[] {
  if (date > lastBookableDate(schedule, now)) return [];
  return rangeSlots(date, dayRanges(date, schedule), durationMinutes, schedule.timeZone);
}

/** The grid of local `date` over `ranges` (any order), memoised ({@link grids}). */
function rangeSlots(
  date: string,
  ranges: readonly MinuteRange[],
  durationMinutes: number,
  timeZone: string,
): readonly Interval[] {
  const sorted = [...ranges].sort((a, b) => a.startMinute - b.startMinute);
  const key = `${timeZone} ${date} ${durationMinutes} ${sorted.map((r) => `${r.startMinute}-${r.endMinute}`).join(',')}`;
  let grid = grids.get(key);
  if (!grid) {
    grid = Object.freeze(
      gridOf(date, sorted, durationMinutes, timeZone).map((s) => Object.freeze(s)),
    );
    grids.set(key, grid);
  }
  return grid;
}

/** {@link rangeSlots} computed: `dayRules` are the ranges of `date`, by start. */
function gridOf(
  date: string,
  dayRules: readonly MinuteRange[],
  durationMinutes: number,
  timeZone: string,
): Interval[] {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const step = slotStepMinutes(durationMinutes);
  const seen = new Set<number>();
  const out: Interval[] = [];
  for (const rule of dayRules) {
    for (let min = rule.startMinute; min + durationMinutes <= rule.endMinute; min += step) {
      const start = new TZDate(y, m - 1, d, Math.floor(min / 60), min % 60, timeZone).getTime();
      if (seen.has(start)) continue;
      seen.add(start);
      out.push({ startsAt: new Date(start), endsAt: new Date(start + durationMinutes * 60_000) });
    }
  }
  return out.sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime());
}

/** Whether two half-open intervals `[startsAt, endsAt)` share any instant. */
export function overlaps(a: Interval, b: Interval): boolean {
  return a.startsAt.getTime() < b.endsAt.getTime() && b.startsAt.getTime() < a.endsAt.getTime();
}

/**
 * Whether a grid slot can be booked at `now`: at least `minNoticeMinutes` ahead (default
 * {@link LEAD_TIME_MS}) and clear of every blocking order by `bufferMinutes` (default 0) on
 * either side — each booking, the slot's and the others', is followed by the buffer (issue #8).
 */
export function isSlotAvailable(
  slot: Interval,
  blocking: readonly Interval[],
  now: Date,
  rules: Partial<BookingRules> = {},
): boolean {
  const noticeMs = (rules.minNoticeMinutes ?? DEFAULT_BOOKING_RULES.minNoticeMinutes) * 60_000;
  if (slot.startsAt.getTime() < now.getTime() + noticeMs) return false;
  return !blocking.some((b) => overlapsWithBuffer(slot, b, rules.bufferMinutes ?? 0));
}

/** Whether `a` and `b`, each followed by `bufferMinutes` of free time, share any instant. */
export function overlapsWithBuffer(a: Interval, b: Interval, bufferMinutes: number): boolean {
  const buffer = bufferMinutes * 60_000;
  return (
    a.startsAt.getTime() < b.endsAt.getTime() + buffer &&
    b.startsAt.getTime() < a.endsAt.getTime() + buffer
  );
}

/** Why a requested start cannot be booked, see {@link slotVerdict}. */
export type SlotRefusal =
  /** Not a start of the vendor's grid that day (hours, exceptions, duration). */
  | 'off_grid'
  /** On a date past the vendor's horizon ({@link lastBookableDate}). */
  | 'beyond_horizon'
  /** Sooner than the vendor's minimum notice, or passed. */
  | 'too_soon'
  /** Overlaps a blocking order or held offer, buffers included. */
  | 'taken';

/**
 * Whether `startsAt` can be booked at `now` — the rules of {@link slotDays} for one instant, so
 * the slot picker and booking (orders) agree: on the day's grid ({@link dayRanges}), within the
 * horizon, far enough ahead, and free ({@link isSlotAvailable}). The slot, or why not.
 */
export function slotVerdict(
  service: SlotSchedule & { durationMinutes: number; blocking: readonly Interval[] },
  startsAt: Date,
  now: Date,
): { ok: true; slot: Interval } | { ok: false; reason: SlotRefusal } {
  const date = localDateOf(startsAt, service.timeZone);
  const grid = rangeSlots(
    date,
    dayRanges(date, service),
    service.durationMinutes,
    service.timeZone,
  );
  const slot = grid.find((s) => s.startsAt.getTime() === startsAt.getTime());
  if (!slot) return { ok: false, reason: 'off_grid' };
  if (date > lastBookableDate(service, now)) return { ok: false, reason: 'beyond_horizon' };
  if (!isSlotAvailable(slot, [], now, service)) return { ok: false, reason: 'too_soon' };
  if (!isSlotAvailable(slot, service.blocking, now, service)) return { ok: false, reason: 'taken' };
  return { ok: true, slot };
}

/**
 * A UTC interval holding every slot of `days` local days from `from` (`YYYY-MM-DD`; default: the
 * vendor's today at `now`), whatever the vendor's zone — so the orders blocking them can be read
 * before the zone is known. A local date lies within 14 h before and 12 h after the UTC day of the
 * same date (zones span UTC−12 to UTC+14), and today's local date starts less than a day before
 * `now`: a day of margin on each side covers both. Orders outside the slots do not matter.
 */
export function slotHorizon(from: string | undefined, days: number, now: Date): Interval {
  const start = from ? Date.parse(`${from}T00:00:00Z`) : now.getTime();
  return { startsAt: new Date(start - DAY_MS), endsAt: new Date(start + (days + 1) * DAY_MS) };
}

/**
 * `days` local days of slots from `from` (default: today in `timeZone` at `now`) on the grid of
 * the schedule ({@link scheduleDaySlots}: weekly hours, exceptions, horizon), each marked
 * available or not at `now` ({@link isSlotAvailable}: minimum notice, `blocking` orders and the
 * buffer after each).
 */
export function slotDays(
  service: SlotSchedule & { durationMinutes: number; blocking: readonly Interval[] },
  opts: { from?: string; days: number; now: Date },
): Array<{ date: string; slots: SlotInstant[] }> {
  const { now } = opts;
  const from = opts.from ?? localDateOf(now, service.timeZone);
  return Array.from({ length: opts.days }, (_, i) => {
    const date = addDays(from, i);
    const grid = scheduleDaySlots(date, service, service.durationMinutes, now);
    return {
      date,
      slots: grid.map((s) => ({
        ...s,
        available: isSlotAvailable(s, service.blocking, now, service),
      })),
    };
  });
}

/**
 * Whether the slot picker may start at `from` (`YYYY-MM-DD`, read as UTC midnight) at `now`:
 * at most {@link SLOT_WINDOW_PAST_DAYS} back and {@link SLOT_WINDOW_FUTURE_DAYS} ahead.
 */
export function isSlotWindowStart(from: string, now: Date): boolean {
  const start = Date.parse(`${from}T00:00:00Z`);
  return (
    start >= now.getTime() - SLOT_WINDOW_PAST_DAYS * DAY_MS &&
    start <= now.getTime() + SLOT_WINDOW_FUTURE_DAYS * DAY_MS
  );
}

// ─── search (issue #9 "Search that understands") ─────────────────────────────────────────────

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
 * Relevance (`sort=relevance`, the default) = W.text × T + W.distance × D + W.rating × R, each
 * factor in [0, 1]; a factor that does not apply (no `q`: T, no place: D) adds nothing, so
 * without `q` and a place the order is by R alone (the old "recommended").
 * - T, text: see {@link TEXT_WEIGHTS};
 * - D, distance: 1 / (1 + km / {@link DISTANCE_SCALE_KM}): 1 next door, ½ at 10 km, ⅙ at 50 km;
 * - R, rating: the Bayesian average (see {@link RATING_PRIOR}) ÷ 5, so 4.9★ from 300 reviews
 *   beats 5★ from two, and a pro without reviews counts as average rather than as zero.
 * Text weighs most: what was asked for comes first; among equally good matches, the nearer and
 * better-rated pro wins (a pro 2 km away beats one 30 km away unless rated far lower).
 */
export const RELEVANCE_WEIGHTS = { text: 0.5, distance: 0.3, rating: 0.2 } as const;
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

/** Weekday (0 = Sunday … 6 = Saturday) of a calendar date `YYYY-MM-DD`. */
export function weekdayOfDate(date: string): number {
  return weekdayOf(date);
}
