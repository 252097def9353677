import { z } from 'zod';
import { isoDateTime, uuid } from './common';

/**
 * Busy-time import: a pro's other calendars (an ICS URL refetched every 15 minutes, or an
 * uploaded `.ics` read once) whose events, recurring ones expanded, block their slots like
 * bookings do. Only when the pro is busy is kept, never an event's title.
 */

/** Most bytes of an uploaded `.ics` (1 MB). */
export const BUSY_CALENDAR_UPLOAD_MAX_BYTES = 1024 * 1024;
/** Most calendars one pro may import. */
export const BUSY_CALENDARS_MAX = 10;

/**
 * Whether `value` is a web URL: `https://`, `webcal://` (a calendar app's subscription link) or
 * `http://`, which the server refuses ("must be an https:// address") except where it is set to
 * fetch local addresses (tests, development).
 */
function isCalendarUrl(value: string): boolean {
  try {
    const { protocol } = new URL(value);
    return protocol === 'https:' || protocol === 'webcal:' || protocol === 'http:';
  } catch {
    return false;
  }
}

/**
 * `POST /v1/vendor/busy-calendars`: the calendar's ICS address, `https://` (or `webcal://`,
 * read as `https://`), at most 2000 characters. Plain `http://` passes this schema but the
 * server answers 400 for it (see {@link isCalendarUrl}).
 */
export const busyCalendarBodySchema = z.object({
  url: z
    .string()
    .trim()
    .min(1, 'Paste the calendar’s ICS address')
    .max(2000, 'must be at most 2000 characters')
    .refine(isCalendarUrl, { message: 'must be an https:// (or webcal://) address' }),
});
export type BusyCalendarBody = z.infer<typeof busyCalendarBodySchema>;

/** One imported calendar, as the pro sees it. */
export const busyCalendarSchema = z.object({
  id: uuid,
  /** `url`: refetched every 15 minutes; `upload`: a file read once. */
  source: z.enum(['url', 'upload']),
  /** The URL's host or the file's name (the full address is a secret: never shown back). */
  label: z.string(),
  /** How many busy intervals it blocks now (over the booking horizon). */
  busyCount: z.number().int(),
  /** The last fetch or read, successful or not; null before the first. */
  lastFetchedAt: isoDateTime.nullable(),
  /** The last one that replaced its busy times; null before the first. */
  lastSyncedAt: isoDateTime.nullable(),
  /** Why the last fetch failed (the previous busy times stay); null when it did not. */
  lastError: z.string().nullable(),
  createdAt: isoDateTime,
});
export type BusyCalendar = z.infer<typeof busyCalendarSchema>;
