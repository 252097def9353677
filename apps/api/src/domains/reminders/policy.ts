/**
 * When reminders are due (pure rules; table tests in test/reminders.test.ts).
 *
 * "24 h before" is the same wall-clock time on the calendar day before, in the job's zone (the
 * pro's): a 09:00 job is reminded at 09:00 the day before, so the reminder always reads
 * "Tomorrow at 9:00 AM" at the hour people expect it. Across a DST change that is 23 or 25 real
 * hours (a 09:00 job on 2027-03-14 in New York is reminded at 09:00 EST on 03-13, 23 h before).
 * "2 h before" is exactly two real hours, whatever the clocks do.
 */
import { TZDate } from '@date-fns/tz';
import type { OrderStatus } from '@vetted/contract';
import { addDays, startOfDay, subDays } from 'date-fns';
import { localDate } from '../../shared/time';

/** The two customer reminders before a booking. */
export type ReminderLead = '24h' | '2h';

/** Order states whose customer is reminded, and whose jobs are in the pro's summary. */
export const REMINDER_STATUSES: readonly OrderStatus[] = ['paid', 'accepted'];

/** The hour (0–23, the pro's zone) from which the evening summary of tomorrow's jobs is sent. */
export const SUMMARY_HOUR = 18;

const HOUR_MS = 3_600_000;

/**
 * When each reminder of a job starting at `startsAt` is due, `timeZone` being the job's (IANA)
 * zone: `24h` at the same local time the day before, `2h` two real hours before (see the module
 * comment).
 */
export function reminderTimes(
  startsAt: Date,
  timeZone: string,
): { lead: ReminderLead; at: Date }[] {
  const dayBefore = subDays(new TZDate(startsAt.getTime(), timeZone), 1);
  return [
    { lead: '24h', at: new Date(dayBefore.getTime()) },
    { lead: '2h', at: new Date(startsAt.getTime() - 2 * HOUR_MS) },
  ];
}

/**
 * The reminders of a job still ahead at `now` (one whose time has passed is not sent late: a
 * booking made 3 h ahead gets only the 2 h one).
 */
export function upcomingReminders(
  startsAt: Date,
  timeZone: string,
  now: Date,
): { lead: ReminderLead; at: Date }[] {
  return reminderTimes(startsAt, timeZone).filter((r) => r.at.getTime() > now.getTime());
}

/** The outbox key of a reminder: one per order, lead and slot, so a moved booking gets new ones. */
export const reminderKey = (orderId: string, lead: ReminderLead, startsAt: Date) =>
  `order:${orderId}:reminder:${lead}:${startsAt.toISOString()}`;

/**
 * Whether the `lead` reminder queued for the slot `slotStartsAt` may go out at `now` for the
 * order as it is now: still booked (paid or accepted), still at that slot, and not overtaken —
 * the job not started, and for the 24 h one the 2 h one not due yet (a delivery delayed past it,
 * e.g. by an outage, would otherwise send both at once). A rescheduled or cancelled booking's
 * old reminders send nothing.
 */
export function reminderStillValid(
  order: { status: OrderStatus; startsAt: Date },
  slot: { startsAt: Date; lead: ReminderLead },
  now: Date,
): boolean {
  const start = order.startsAt.getTime();
  const overtakenAt = slot.lead === '24h' ? start - 2 * HOUR_MS : start;
  return (
    REMINDER_STATUSES.includes(order.status) &&
    start === slot.startsAt.getTime() &&
    now.getTime() < overtakenAt
  );
}

/** The day an evening summary covers, as a date and the instants bounding it. */
export interface SummaryDay {
  /** `YYYY-MM-DD` in the pro's zone. */
  date: string;
  /** Start of that local day (inclusive). */
  from: Date;
  /** Start of the next local day (exclusive). */
  to: Date;
}

/**
 * The day a pro in `timeZone` is told about at `now`: tomorrow (local) once it is
 * {@link SUMMARY_HOUR}:00 or later there, else null (too early for today's summary).
 */
export function summaryDayAt(now: Date, timeZone: string): SummaryDay | null {
  const local = new TZDate(now.getTime(), timeZone);
  if (local.getHours() < SUMMARY_HOUR) return null;
  const from = startOfDay(addDays(local, 1));
  const to = startOfDay(addDays(local, 2));
  return {
    date: localDate(from, timeZone),
    from: new Date(from.getTime()),
    to: new Date(to.getTime()),
  };
}

/** The outbox key of a pro's evening summary of `date` (the day it lists): once per day. */
export const summaryKey = (vendorId: string, date: string) => `vendor:${vendorId}:summary:${date}`;

/**
 * The area of a typed address, for a list that should not spell out the house: everything after
 * the first comma-separated part (the street), e.g. `12 Main St, Brooklyn, NY` → `Brooklyn, NY`;
 * a one-part address without its words holding digits (house numbers, postcodes).
 */
export function addressArea(address: string): string {
  const parts = address
    .split(/[,\n;]/)
    .map((p) => p.trim())
    .filter(Boolean);
  if (parts.length > 1) return parts.slice(1).join(', ');
  const words = (parts[0] ?? '').split(/\s+/).filter((w) => w && !/\d/.test(w));
  return words.join(' ');
}
