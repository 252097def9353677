import { z } from 'zod';

/**
 * Calendars: the `.ics` of one order ("Add to calendar") and each pro's private feed of jobs.
 * The answers of the `.ics` endpoints are iCalendar text (RFC 5545, `text/calendar`), not JSON.
 */

/**
 * A calendar feed token as it appears in the feed URL: the base64url text of a random 256-bit
 * value (43 characters). Anything else is no feed (404), never a 400 that tells a guesser more.
 */
export const calendarFeedTokenSchema = z.string().min(1).max(200);

/** Params of `GET /v1/calendar/{token}.ics`. */
export const calendarFeedParamsSchema = z.object({ token: calendarFeedTokenSchema });

/**
 * `GET /v1/vendor/calendar-feed` and `POST /v1/vendor/calendar-feed/rotate`: the pro's private
 * feed URL (absolute, `…/v1/calendar/<token>.ics`), to paste into a calendar app as a
 * subscription. Whoever has the URL can read the feed: rotating it makes the old one 404 at once.
 */
export const calendarFeedSchema = z.object({ url: z.url() });
export type CalendarFeed = z.infer<typeof calendarFeedSchema>;
