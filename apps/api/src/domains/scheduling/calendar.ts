/**
 * Calendar dates of the scheduling domain: local `YYYY-MM-DD` dates and `HH:MM` times of day as
 * the contract writes them. The zone maths is `shared/time.ts`'s (one definition) and, for the
 * start of a local day, @date-fns/tz's (as grid.ts); the rest is plain calendar arithmetic.
 */
import { TZDate } from '@date-fns/tz';
import { localDate } from '../../shared/time';

/** Minutes after midnight of a local `HH:MM` (`24:00` = 1440), as the contract writes times. */
export function minutesOfTime(time: string): number {
  const [h, m] = time.split(':').map(Number) as [number, number];
  return h * 60 + m;
}

/** `HH:MM` of minutes after local midnight (1440 = `24:00`). */
export function timeOfMinutes(minutes: number): string {
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}

/** `YYYY-MM-DD` of `instant` in `timeZone` (shared/time.ts `localDate`). */
export function localDateOf(instant: Date, timeZone: string): string {
  return localDate(instant, timeZone);
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

/** Weekday (0 = Sunday … 6 = Saturday) of a calendar date `YYYY-MM-DD`. */
export function weekdayOfDate(date: string): number {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d)).getUTCDay();
}

/**
 * The first instant of local `date` (`YYYY-MM-DD`) in `timeZone`: its midnight, or — where a DST
 * change skips or repeats midnight — the reading @date-fns/tz gives it (callers that must not
 * be later than the day's real start check it, see policy.ts `slotDaysStableUntil`).
 */
export function startOfLocalDate(date: string, timeZone: string): Date {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(new TZDate(y, m - 1, d, 0, 0, timeZone).getTime());
}
