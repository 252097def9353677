/**
 * Dates and times as the vendor's zone reads them (spec: a job happens where the pro works, so
 * every time shown and every "today" is in the vendor's IANA zone). Zone maths is @date-fns/tz's,
 * so DST changes are handled.
 */
import { TZDate } from '@date-fns/tz';
import { format } from 'date-fns';

/** "Mon, Nov 24, 9:00 AM": `at` in `timeZone` (an IANA zone, e.g. `America/New_York`). */
export function formatWhen(at: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-US', {
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZone,
  }).format(at);
}

/** "10:15 AM": the time of day of `at` in `timeZone`. */
export function formatTime(at: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit', timeZone }).format(
    at,
  );
}

/** The calendar date (`YYYY-MM-DD`) of the instant `at` in `timeZone` (an IANA zone). */
export function localDate(at: Date, timeZone: string): string {
  return format(new TZDate(at.getTime(), timeZone), 'yyyy-MM-dd');
}

/** "Today" (`YYYY-MM-DD`) in `timeZone` at `now` (pass the request's clock, never `new Date()`). */
export function todayIn(timeZone: string, now: Date): string {
  return localDate(now, timeZone);
}

/**
 * "Mon, Nov 24, 9:00 AM EST (America/New_York)": {@link formatWhen} naming the zone, for texts a
 * reader may open elsewhere (mails): the zone's short name as `Intl` spells it in English (`EST`,
 * `GMT+1`) and its IANA id, unless the two are the same (`UTC`).
 */
export function formatWhenZoned(at: Date, timeZone: string): string {
  const short =
    new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'short' })
      .formatToParts(at)
      .find((p) => p.type === 'timeZoneName')?.value ?? timeZone;
  const zone = short === timeZone ? short : `${short} (${timeZone})`;
  return `${formatWhen(at, timeZone)} ${zone}`;
}
