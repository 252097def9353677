/**
 * The grid of a vendor's slots: the instants of every bookable start of a local day, laid out
 * from its opening hours and a service's duration in the vendor's zone (DST-safe, memoised).
 * Pure: no I/O, no clock.
 */
import { TZDate } from '@date-fns/tz';
import { LRUCache } from 'lru-cache';
import { weekdayOfDate } from './calendar';

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
 * A vendor's booking rules (`vendor_profiles` columns): slots start at
 * least `minNoticeMinutes` after now, `bufferMinutes` stay free after each booking, and slots
 * are offered on dates up to `horizonDays` days after the vendor's today.
 */
export interface BookingRules {
  minNoticeMinutes: number;
  bufferMinutes: number;
  horizonDays: number;
}

/**
 * What a vendor's grid of slots depends on: its zone, weekly hours, dated exceptions (a local
 * `YYYY-MM-DD` → the ranges that replace that day's hours; none = closed) and booking rules
 * (missing ones: policy.ts `DEFAULT_BOOKING_RULES`).
 */
export interface SlotSchedule extends Partial<BookingRules> {
  timeZone: string;
  rules: WeeklyRule[];
  exceptions?: ReadonlyMap<string, readonly MinuteRange[]>;
}

/**
 * Slots are laid on a grid: every `step` minutes from the start of each opening-hours window,
 * where step is the service duration rounded up to whole half hours (a 45-minute job gets
 * hourly slots, a 90-minute one 09:00, 10:30, …). A slot must end within the window.
 */
export function slotStepMinutes(durationMinutes: number): number {
  return Math.max(30, Math.ceil(durationMinutes / 30) * 30);
}

/**
 * Grids already computed, by zone, date, duration and that weekday's hours: a grid depends on
 * nothing else, so a hit is exact. Building one costs ~10 µs per slot (each TZDate asks Intl for
 * zone offsets), ~1 ms for a week of a vendor's slots; the slot picker asks for the same weeks
 * over and over (slots at 0.7 % of a bare route). 10 000 grids are a few MB.
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
  const weekday = weekdayOfDate(date);
  return rangeSlots(
    date,
    rules.filter((r) => r.weekday === weekday),
    durationMinutes,
    timeZone,
  );
}

/**
 * The opening hours of one local `date` (`YYYY-MM-DD`) under `schedule`: the
 * exception of that date when there is one (an empty list: closed all day), else the weekly
 * ranges of its weekday.
 */
export function dayRanges(date: string, schedule: SlotSchedule): readonly MinuteRange[] {
  const exception = schedule.exceptions?.get(date);
  if (exception) return exception;
  const weekday = weekdayOfDate(date);
  return schedule.rules.filter((r) => r.weekday === weekday);
}

/** The grid of local `date` over `ranges` (any order), memoised ({@link grids}). */
export function rangeSlots(
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
