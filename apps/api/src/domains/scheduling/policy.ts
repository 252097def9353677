/**
 * Pure rules of the scheduling domain: what makes a slot of a vendor's grid (grid.ts) bookable,
 * how long an unpaid order holds it, and how far the slot picker may look.
 * No I/O: every function takes the instant it reasons about (`now`) as an argument.
 */
import { addDays, localDateOf, startOfLocalDate } from './calendar';
import {
  type BookingRules,
  dayRanges,
  type Interval,
  rangeSlots,
  type SlotInstant,
  type SlotSchedule,
} from './grid';

/**
 * A slot must start at least this far in the future to be bookable (ms, 1 h): the default of a
 * vendor's `minNoticeMinutes` (the column default 60), which replaces it in slots and
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
 * The last local date on which `schedule` offers slots at `now`: the vendor's today plus
 * `horizonDays` (default {@link DEFAULT_BOOKING_RULES}).
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

/** Whether two half-open intervals `[startsAt, endsAt)` share any instant. */
export function overlaps(a: Interval, b: Interval): boolean {
  return a.startsAt.getTime() < b.endsAt.getTime() && b.startsAt.getTime() < a.endsAt.getTime();
}

/**
 * Whether a grid slot can be booked at `now`: at least `minNoticeMinutes` ahead (default
 * {@link LEAD_TIME_MS}) and clear of every blocking order by `bufferMinutes` (default 0) on
 * either side — each booking, the slot's and the others', is followed by the buffer.
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

/** A time blocked in the vendor's calendar that stops blocking on its own at `lapsesAt` (ms). */
export interface LapsingInterval extends Interval {
  /** When an unpaid hold or a held waitlist offer expires; absent for what blocks for good. */
  lapsesAt?: number;
}

/** How long a fallback answer stands when a zone's midnight cannot be read (ms, 1 min). */
const UNREADABLE_MIDNIGHT_MS = 60_000;

/**
 * The first instant (epoch ms, > `now`) from which {@link slotDays}' answer computed at `now`
 * may differ though nothing was written — the answer holds for every instant in
 * `[now, result)`. Time alone changes it when: the vendor's local date changes (the default
 * `from` and the horizon, {@link lastBookableDate}, move); a slot comes within the minimum
 * notice ({@link isSlotAvailable}: bookable while `now <= startsAt − notice`); an unpaid hold or
 * a held offer in `blocking` lapses (it blocks while `lapsesAt > now`). `days` is the answer.
 */
export function slotDaysStableUntil(
  service: SlotSchedule & { blocking: readonly LapsingInterval[] },
  days: ReadonlyArray<{ slots: readonly Interval[] }>,
  now: Date,
): number {
  const t = now.getTime();
  const today = localDateOf(now, service.timeZone);
  let until = startOfLocalDate(addDays(today, 1), service.timeZone).getTime();
  // A midnight skipped or repeated by a DST change may be read past the day's real end: then
  // hold the answer briefly rather than trust it.
  if (until <= t || localDateOf(new Date(until - 1), service.timeZone) !== today) {
    until = t + UNREADABLE_MIDNIGHT_MS;
  }
  const noticeMs = (service.minNoticeMinutes ?? DEFAULT_BOOKING_RULES.minNoticeMinutes) * 60_000;
  for (const day of days) {
    for (const slot of day.slots) {
      const lastBookable = slot.startsAt.getTime() - noticeMs;
      if (lastBookable >= t && lastBookable + 1 < until) until = lastBookable + 1;
    }
  }
  for (const b of service.blocking) {
    if (b.lapsesAt !== undefined && b.lapsesAt > t && b.lapsesAt < until) until = b.lapsesAt;
  }
  return until;
}
