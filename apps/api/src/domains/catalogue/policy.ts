/**
 * Pure rules of the catalogue domain: the booking grid of a vendor's opening hours, what makes a
 * slot bookable, how long an unpaid order holds it, and how far the slot picker may look.
 * No I/O: every function takes the instant it reasons about (`now`) as an argument.
 */
import { TZDate } from '@date-fns/tz';
import { LRUCache } from 'lru-cache';

/** A slot must start at least this far in the future to be bookable (ms, 1 h). */
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
  const dayRules = rules
    .filter((r) => r.weekday === weekday)
    .sort((a, b) => a.startMinute - b.startMinute);
  const key = `${timeZone} ${date} ${durationMinutes} ${dayRules.map((r) => `${r.startMinute}-${r.endMinute}`).join(',')}`;
  let grid = grids.get(key);
  if (!grid) {
    grid = Object.freeze(
      gridOf(date, dayRules, durationMinutes, timeZone).map((s) => Object.freeze(s)),
    );
    grids.set(key, grid);
  }
  return grid;
}

/** {@link daySlots} computed: `dayRules` are the rules of `date`'s weekday, by start. */
function gridOf(
  date: string,
  dayRules: WeeklyRule[],
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

/** Whether a grid slot can be booked at `now`: far enough ahead and not overlapping a blocking order. */
export function isSlotAvailable(slot: Interval, blocking: Interval[], now: Date): boolean {
  if (slot.startsAt.getTime() < now.getTime() + LEAD_TIME_MS) return false;
  return !blocking.some((b) => overlaps(slot, b));
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
 * `rules`, each marked available or not at `now` (lead time, `blocking` orders).
 */
export function slotDays(
  service: { durationMinutes: number; timeZone: string; rules: WeeklyRule[]; blocking: Interval[] },
  opts: { from?: string; days: number; now: Date },
): Array<{ date: string; slots: SlotInstant[] }> {
  const { now } = opts;
  const from = opts.from ?? localDateOf(now, service.timeZone);
  return Array.from({ length: opts.days }, (_, i) => {
    const date = addDays(from, i);
    const grid = daySlots(date, service.rules, service.durationMinutes, service.timeZone);
    return {
      date,
      slots: grid.map((s) => ({ ...s, available: isSlotAvailable(s, service.blocking, now) })),
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
