/**
 * Pure rules of the listings domain: what deleting a
 * service does, which orders count as upcoming, where an image is stored, what a reorder must
 * name, and what makes opening hours valid. No I/O. Tests: `apps/api/test/vendor-services.test.ts`
 * and `apps/api/test/vendor-availability.test.ts`.
 */
import type { Availability, OrderStatus } from '@vetted/contract';
import { type MinuteRange, minutesOfTime } from '../scheduling';

/**
 * Orders of a service that are still to happen: paid (awaiting the pro), accepted and in
 * progress — the contract's `upcomingOrderCount`.
 */
export const UPCOMING_ORDER_STATUSES = [
  'paid',
  'accepted',
  'in_progress',
] as const satisfies readonly OrderStatus[];

/**
 * What `DELETE /v1/vendor/services/{id}` does: a service without any order — past,
 * future, unpaid or cancelled — is deleted; one with orders is archived, so they keep it.
 */
export function deleteOutcome(orderCount: number): 'deleted' | 'archived' {
  return orderCount === 0 ? 'deleted' : 'archived';
}

/** Storage key of a new image of `serviceId` (a fresh id per upload: cacheable forever). */
export function serviceImageKey(serviceId: string, fileId: string): string {
  return `services/${serviceId}/${fileId}.webp`;
}

/** The stored files of an image: the full-size WebP and its thumbnail (services/images.ts). */
export function imageFiles(storageKey: string): string[] {
  return [storageKey, `${storageKey}.thumb.webp`];
}

/**
 * Why `requested` is not a reorder of `current` (the service's image ids), or null when it is:
 * every id exactly once, none missing, none foreign.
 */
export function reorderProblem(
  current: readonly string[],
  requested: readonly string[],
): 'duplicate' | 'unknown' | 'missing' | null {
  const known = new Set(current);
  const seen = new Set<string>();
  for (const id of requested) {
    if (seen.has(id)) return 'duplicate';
    seen.add(id);
    if (!known.has(id)) return 'unknown';
  }
  return seen.size === known.size ? null : 'missing';
}

/** Weekday names, 0 = Sunday … 6 = Saturday (the contract's numbering). */
export const WEEKDAY_NAMES = [
  'Sunday',
  'Monday',
  'Tuesday',
  'Wednesday',
  'Thursday',
  'Friday',
  'Saturday',
] as const;

/**
 * The canonical IANA name of `timeZone` (e.g. `america/new_york` → `America/New_York`), or null
 * when it is not an IANA zone. Checked by the platform's Intl (ICU's time zone database, the one
 * `@date-fns/tz` computes slots with); UTC offsets such as `+02:00` are refused: they ignore DST.
 */
export function canonicalTimeZone(timeZone: string): string | null {
  if (!/^[A-Za-z][A-Za-z0-9_+-]*(\/[A-Za-z0-9_+-]+)*$/.test(timeZone)) return null;
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone }).resolvedOptions().timeZone;
  } catch {
    return null;
  }
}

/** A problem of an availability body: where (a body path) and what, in words. */
export interface AvailabilityProblem {
  path: string;
  message: string;
}

/** The first two overlapping ranges of `ranges` (touching ends do not overlap), or null. */
function firstOverlap<T extends MinuteRange>(ranges: readonly T[]): [T, T] | null {
  const sorted = [...ranges].sort((a, b) => a.startMinute - b.startMinute);
  for (let i = 1; i < sorted.length; i++) {
    if (sorted[i]!.startMinute < sorted[i - 1]!.endMinute) return [sorted[i - 1]!, sorted[i]!];
  }
  return null;
}

const span = (r: { start: string; end: string }) => `${r.start}–${r.end}`;

/**
 * The first problem of an availability body the contract schema already accepted, or
 * null: a zone that is not IANA, overlapping ranges on one weekday or in one exception (named by
 * day or date), an exception date given twice.
 */
export function availabilityProblem(body: Availability): AvailabilityProblem | null {
  if (!canonicalTimeZone(body.timeZone)) {
    return {
      path: 'timeZone',
      message: `"${body.timeZone}" is not a time zone. Use an IANA name such as America/New_York`,
    };
  }
  for (let weekday = 0; weekday < 7; weekday++) {
    const ranges = body.weekly
      .filter((r) => r.weekday === weekday)
      .map((r) => ({ ...r, startMinute: minutesOfTime(r.start), endMinute: minutesOfTime(r.end) }));
    const clash = firstOverlap(ranges);
    if (clash) {
      return {
        path: 'weekly',
        message: `${WEEKDAY_NAMES[weekday]}: ${span(clash[0])} overlaps ${span(clash[1])}`,
      };
    }
  }
  const dates = new Set<string>();
  for (const [i, exception] of body.exceptions.entries()) {
    if (dates.has(exception.date)) {
      return {
        path: `exceptions.${i}.date`,
        message: `${exception.date} is listed twice. Give each date once`,
      };
    }
    dates.add(exception.date);
    if ('ranges' in exception) {
      const clash = firstOverlap(
        exception.ranges.map((r) => ({
          ...r,
          startMinute: minutesOfTime(r.start),
          endMinute: minutesOfTime(r.end),
        })),
      );
      if (clash) {
        return {
          path: `exceptions.${i}.ranges`,
          message: `${exception.date}: ${span(clash[0])} overlaps ${span(clash[1])}`,
        };
      }
    }
  }
  return null;
}
