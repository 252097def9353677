/**
 * Pure rules of the catalogue domain: the booking grid of a vendor's opening hours, what makes a
 * slot bookable, how long an unpaid order holds it, and how far the slot picker may look.
 * No I/O: every function takes the instant it reasons about (`now`) as an argument.
 */
import { TZDate } from '@date-fns/tz';

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
 * The grid of one local day: the instants (UTC) of `HH:MM` wall-clock times in `timeZone`,
 * computed by @date-fns/tz so DST changes are handled (a wall time skipped by a spring-forward
 * lands one hour later; a repeated one is taken once).
 */
export function daySlots(
  date: string,
  rules: WeeklyRule[],
  durationMinutes: number,
  timeZone: string,
): Interval[] {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const weekday = weekdayOf(date);
  const step = slotStepMinutes(durationMinutes);
  const seen = new Set<number>();
  const out: Interval[] = [];
  const dayRules = rules
    .filter((r) => r.weekday === weekday)
    .sort((a, b) => a.startMinute - b.startMinute);
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
