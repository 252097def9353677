import {
  type Availability,
  type AvailabilityException,
  availabilitySchema,
  timeRangeSchema,
  weeklyRangeSchema,
} from '@vetted/contract';
import { z } from 'zod';
import { formatDuration } from '../../lib/format';

/** Weekday names by the contract's numbers (0 = Sunday). */
export const WEEKDAYS = [
  'Sunday',
  'Monday',
  'Tuesday',
  'Wednesday',
  'Thursday',
  'Friday',
  'Saturday',
];
/** The order days are listed in: Monday first. */
export const WEEK_ORDER = [1, 2, 3, 4, 5, 6, 0];
/** Ranges a day (or an exception) may have (contract: 6 per exception, 42 a week). */
export const RANGES_PER_DAY = 6;
/** Minimum-notice choices, minutes (contract: 0 to 14 days). */
export const NOTICE_CHOICES = [0, 30, 60, 120, 180, 240, 480, 720, 1440, 2880, 4320, 10080, 20160];
/** Buffer choices, minutes (contract: 0 to 240). */
export const BUFFER_CHOICES = [0, 15, 30, 45, 60, 90, 120, 180, 240];

/*
 * Times are `HH:MM` from `<input type="time">`, which cannot show 24:00: a range ending at
 * midnight is typed (and shown) as 00:00 and sent as the contract's `24:00`.
 */
const endAtMidnight = <T extends { end: string }>(range: T): T =>
  range.end === '00:00' ? { ...range, end: '24:00' } : range;
const rangeInput = { start: z.string(), end: z.string() };

/**
 * The availability form's schema: the contract's `availabilitySchema` (its time, range and
 * bound rules, same words), with an end of 00:00 read as midnight and exceptions edited as
 * `{ date, closed, ranges }` — turned into the contract's `{ date, closed: true }` or
 * `{ date, ranges }`. Overlapping ranges are the API's to refuse (it names the day).
 */
export const availabilityFormSchema = availabilitySchema.extend({
  weekly: z
    .array(
      z
        .object({ weekday: z.number(), ...rangeInput })
        .transform(endAtMidnight)
        .pipe(weeklyRangeSchema),
    )
    .max(7 * RANGES_PER_DAY),
  exceptions: z
    .array(
      z
        .object({
          date: z.iso.date({ error: 'Choose a date' }),
          closed: z.boolean(),
          ranges: z
            .array(z.object(rangeInput).transform(endAtMidnight).pipe(timeRangeSchema))
            .max(RANGES_PER_DAY),
        })
        .superRefine((e, ctx) => {
          if (!e.closed && e.ranges.length === 0) {
            ctx.addIssue({
              code: 'custom',
              path: ['ranges'],
              message: 'Add opening hours, or mark the day closed',
            });
          }
        })
        .transform(
          (e): AvailabilityException =>
            e.closed ? { date: e.date, closed: true } : { date: e.date, ranges: e.ranges },
        ),
    )
    .max(366)
    .superRefine((list, ctx) => {
      const seen = new Set<string>();
      list.forEach((e, i) => {
        if (seen.has(e.date)) {
          ctx.addIssue({
            code: 'custom',
            path: [i, 'date'],
            message: 'Another exception has this date',
          });
        }
        seen.add(e.date);
      });
    }),
});

/** What the availability form holds. */
export type AvailabilityFormInput = z.input<typeof availabilityFormSchema>;

/** The form's values for what the API answered (ranges sorted, midnight as 00:00). */
export function availabilityFormValues(a: Availability): AvailabilityFormInput {
  const shown = (r: { start: string; end: string }) =>
    r.end === '24:00' ? { start: r.start, end: '00:00' } : { start: r.start, end: r.end };
  return {
    timeZone: a.timeZone,
    weekly: [...a.weekly]
      .sort((x, y) => x.weekday - y.weekday || x.start.localeCompare(y.start))
      .map((r) => ({ weekday: r.weekday, ...shown(r) })),
    exceptions: a.exceptions.map((e) =>
      'closed' in e
        ? { date: e.date, closed: true, ranges: [] }
        : { date: e.date, closed: false, ranges: e.ranges.map(shown) },
    ),
    minNoticeMinutes: a.minNoticeMinutes,
    bufferMinutes: a.bufferMinutes,
    horizonDays: a.horizonDays,
  };
}

/** Paths of the form a server field error may name (`weekly.3.start`, `exceptions.0.date`, …). */
export const FORM_PATH =
  /^(timeZone|minNoticeMinutes|bufferMinutes|horizonDays|weekly\.\d+(\.(start|end))?|exceptions\.\d+(\.(date|ranges(\.\d+(\.(start|end))?)?))?)$/;

/** `HH:MM` → minutes after midnight; `24:00` → 1440. */
const toMinutes = (t: string) => Number(t.slice(0, 2)) * 60 + Number(t.slice(3, 5));
/** Minutes after midnight → `HH:MM` (1440 and later → `00:00`, midnight as an end). */
const toTime = (m: number) =>
  m >= 1440
    ? '00:00'
    : `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;

/** The range "Add hours" proposes after `last` (or 09:00–17:00 on an empty day). */
export function nextRange(last: { end: string } | undefined): { start: string; end: string } {
  if (!last || !/^\d\d:\d\d$/.test(last.end) || last.end === '00:00') {
    return { start: '09:00', end: '17:00' };
  }
  const start = toMinutes(last.end) + 60;
  return start >= 1440
    ? { start: '09:00', end: '17:00' }
    : { start: toTime(start), end: toTime(Math.min(start + 120, 1440)) };
}

/** A minimum notice in words, from minutes: "None", "30 min", "2 h", "1 day", "14 days". */
export function noticeLabel(minutes: number): string {
  if (minutes === 0) return 'None';
  if (minutes < 1440 || minutes % 1440 !== 0) return formatDuration(minutes);
  const days = minutes / 1440;
  return days === 1 ? '1 day' : `${days} days`;
}

/** Every IANA zone Intl knows, with `also` kept in (e.g. `UTC`, missing from some lists). */
export function zoneList(also: string): string[] {
  const known =
    typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return known.includes(also) ? known : [...known, also].sort();
}

/** A buffer in words, from minutes: "None", "15 min", "1 h 30 min". */
export function bufferLabel(minutes: number): string {
  return minutes === 0 ? 'None' : formatDuration(minutes);
}

/** `choices` with `value` added in order when it is not one of them (a value saved elsewhere). */
export function withValue(choices: readonly number[], value: number): readonly number[] {
  return choices.includes(value) ? choices : [...choices, value].sort((a, b) => a - b);
}
