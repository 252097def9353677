/**
 * Rules of the busy-time import: its limits, the window a calendar is read over, the label a
 * pro sees, and the key of each sync. Pure: no I/O, no clock.
 */
import type { BusyWindow } from './busy-ics';

/** Most bytes read from a calendar address (2 MB: a busy calendar of years is far smaller). */
export const FETCH_MAX_BYTES = 2 * 1024 * 1024;
/** How often URL calendars are refetched (the schedule's cron is every 15 minutes). */
export const SYNC_PERIOD_MS = 15 * 60_000;

const DAY_MS = 86_400_000;

/**
 * The window a calendar of a vendor is read over at `now`: from a day back (a busy event under
 * way still blocks) to two days past `horizonDays` (the last bookable local date ends at most
 * a day and some hours after `now + horizonDays`, whatever the zone), in the vendor's zone.
 */
export function busyWindow(
  vendor: { timeZone: string; horizonDays: number },
  now: Date,
): BusyWindow {
  return {
    from: new Date(now.getTime() - DAY_MS),
    to: new Date(now.getTime() + (vendor.horizonDays + 2) * DAY_MS),
    timeZone: vendor.timeZone,
  };
}

/**
 * What the pro sees of a calendar address: its host only. The rest of a calendar's secret
 * address (Google's "secret address in iCal format") is a credential, never shown back.
 */
export function urlLabel(url: URL): string {
  return url.host;
}

/** What the pro sees of an uploaded file: its name without folders, at most 120 characters. */
export function fileLabel(fileName: string | undefined): string {
  const base = (fileName ?? '').split(/[\\/]/).pop()?.trim() ?? '';
  return (base || 'calendar.ics').slice(0, 120);
}

/**
 * Idempotency key of the sync of calendar `id` in the period holding `now` (one per calendar
 * every {@link SYNC_PERIOD_MS}, however many instances run the schedule).
 */
export function periodicSyncKey(id: string, now: Date): string {
  const period = Math.floor(now.getTime() / SYNC_PERIOD_MS) * SYNC_PERIOD_MS;
  return `busy-calendar:${id}:sync:${new Date(period).toISOString()}`;
}

/** Idempotency key of the first sync of calendar `id`, queued when the pro adds it. */
export const firstSyncKey = (id: string) => `busy-calendar:${id}:sync:added`;
