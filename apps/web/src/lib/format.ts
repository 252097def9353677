/** Date and time helpers. Times of a booking are shown in the vendor's time zone. */

import { addDays as addCalendarDays, formatISO, parseISO } from 'date-fns';
import { filesize } from 'filesize';

/**
 * Short date and time ("Mon, Nov 23, 2:30 PM"), in `timeZone` when given; `withZone` appends
 * the zone's short name ("… 2:30 PM EST") when `timeZone` is given.
 */
export function formatDateTime(iso: string, timeZone?: string, withZone = false): string {
  return new Intl.DateTimeFormat(undefined, {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    hour: 'numeric',
    minute: '2-digit',
    timeZone,
    timeZoneName: withZone && timeZone ? 'short' : undefined,
  }).format(new Date(iso));
}

export function formatLongDateTime(iso: string, timeZone?: string): string {
  return new Intl.DateTimeFormat(undefined, {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZone,
    timeZoneName: timeZone ? 'short' : undefined,
  }).format(new Date(iso));
}

export function formatDate(iso: string, timeZone?: string): string {
  return new Intl.DateTimeFormat(undefined, {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone,
  }).format(new Date(iso));
}

export function formatMonthYear(iso: string): string {
  return new Intl.DateTimeFormat(undefined, { month: 'long', year: 'numeric' }).format(
    new Date(iso),
  );
}

export function formatDuration(minutes: number): string {
  if (minutes < 60) return `${minutes} min`;
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return m ? `${h} h ${m} min` : `${h} h`;
}

export function formatDistance(km: number | null | undefined): string | undefined {
  if (km == null) return undefined;
  return km < 1 ? `${Math.round(km * 1000)} m away` : `${km.toFixed(km < 10 ? 1 : 0)} km away`;
}

// One formatter per zone: building one costs far more than using it (pages call todayIn as
// they render).
const dayFormatters = new Map<string, Intl.DateTimeFormat>();

function dayFormatter(timeZone: string | undefined): Intl.DateTimeFormat {
  const key = timeZone ?? '';
  let formatter = dayFormatters.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    });
    dayFormatters.set(key, formatter);
  }
  return formatter;
}

/**
 * Today's date as `YYYY-MM-DD` in the IANA zone `timeZone` (the browser's zone when omitted), at
 * instant `now` (a Date or epoch ms; the current time by default). The calendar day of a place,
 * not of UTC: at 23:30 on Jan 1 in New York it is already Jan 2 in UTC and in Tokyo. `en-CA`
 * writes dates as year-month-day, and its parts are read one by one so no locale order matters.
 * @throws {RangeError} when `timeZone` is not a zone Intl knows.
 */
export function todayIn(timeZone?: string, now: Date | number = Date.now()): string {
  const parts = dayFormatter(timeZone).formatToParts(now);
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')}`;
}

/**
 * The calendar date `days` after `isoDate` (`YYYY-MM-DD`; negative `days` go back), as
 * `YYYY-MM-DD`. Calendar days, not 24-hour steps: a DST change in between shifts nothing.
 */
export function addDays(isoDate: string, days: number): string {
  return formatISO(addCalendarDays(parseISO(isoDate), days), { representation: 'date' });
}

/** Great-circle distance in km (haversine), for "x km away" when the API gives none. */
export function distanceKm(a: { lat: number; lng: number }, b: { lat: number; lng: number }) {
  const R = 6371;
  const rad = (d: number) => (d * Math.PI) / 180;
  const dLat = rad(b.lat - a.lat);
  const dLng = rad(b.lng - a.lng);
  const h =
    Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.sin(dLng / 2) ** 2;
  return 2 * R * Math.asin(Math.sqrt(h));
}

/**
 * When an inbox row last changed, short: the time today ("2:30 PM"), the weekday within the
 * last 6 days ("Mon"), else the date ("Nov 3"; with the year when it is not this year's).
 * `now` is injectable for stories and tests.
 */
export function formatInboxTime(iso: string, now: Date = new Date(), timeZone?: string): string {
  const date = new Date(iso);
  const day = (d: Date) =>
    new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    }).format(d);
  if (day(date) === day(now)) {
    return new Intl.DateTimeFormat(undefined, {
      hour: 'numeric',
      minute: '2-digit',
      timeZone,
    }).format(date);
  }
  const ageMs = now.getTime() - date.getTime();
  if (ageMs > 0 && ageMs < 6 * 86_400_000) {
    return new Intl.DateTimeFormat(undefined, { weekday: 'short', timeZone }).format(date);
  }
  const sameYear = day(date).slice(0, 4) === day(now).slice(0, 4);
  return new Intl.DateTimeFormat(undefined, {
    day: 'numeric',
    month: 'short',
    year: sameYear ? undefined : 'numeric',
    timeZone,
  }).format(date);
}

/**
 * A file size for people, through `filesize`: `sizeBytes` (bytes; SI units, 1 kB = 1000 B as
 * file managers show them) as "448 bytes", "412 kB", "2.4 MB". Bytes are spelled out (a bare
 * "448 B" reads as a typo); kilobytes are whole, megabytes carry one decimal.
 */
export function formatBytes(sizeBytes: number): string {
  return sizeBytes < 1000
    ? filesize(sizeBytes, { fullform: true })
    : filesize(sizeBytes, { round: sizeBytes >= 1_000_000 ? 1 : 0 });
}
