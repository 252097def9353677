/**
 * Syncing an imported calendar: fetch its address (or take an uploaded text), read its busy
 * intervals over the pro's booking horizon, and replace the calendar's busy times in one
 * transaction. A calendar that cannot be fetched or read keeps its busy times and records why.
 */
import type { DbOrTx } from '../../../db/client';
import type { Config } from '../../../config';
import type { Clock } from '../../deps';
import { fetchCalendarText } from '../busy-fetch';
import { BusyImportError, busyIntervals } from '../busy-ics';
import { busyWindow, FETCH_MAX_BYTES } from '../busy-policy';
import * as repo from '../busy-repository';
import type { Interval } from '../grid';

/** What a sync runs with (the sync job's deps, and the busy-calendar use cases'). */
export interface BusySyncDeps {
  db: DbOrTx;
  clock: Clock;
  config: Pick<Config, 'calendarImportTimeoutMs' | 'calendarImportAllowLocal'>;
}

/** How a sync ended: busy times replaced, failure recorded, or the calendar is gone. */
export type SyncOutcome = 'synced' | 'failed' | 'gone';

/**
 * Fetches URL calendar `calendarId` (time limit `config.calendarImportTimeoutMs`, at most
 * {@link FETCH_MAX_BYTES}, `https://` to public hosts unless `config.calendarImportAllowLocal`)
 * and replaces its busy times with the intervals of its events over the vendor's horizon at
 * `clock.now()` (policy `busyWindow`). A fetch or read that fails records its reason as the
 * calendar's `last_error`, its busy times untouched. Database errors are thrown (the job
 * retries). An upload calendar is left alone (it is read once, when uploaded).
 */
export async function syncBusyCalendar(d: BusySyncDeps, calendarId: string): Promise<SyncOutcome> {
  const calendar = await repo.busyCalendarToSync(d.db, calendarId);
  if (!calendar) return 'gone';
  if (calendar.source !== 'url' || !calendar.url) return 'synced';
  let intervals: Interval[];
  try {
    const text = await fetchCalendarText(calendar.url, {
      timeoutMs: d.config.calendarImportTimeoutMs,
      maxBytes: FETCH_MAX_BYTES,
      allowLocal: d.config.calendarImportAllowLocal,
    });
    // Read at the time the text arrived: the horizon is the vendor's as of now.
    intervals = busyIntervals(text, busyWindow(calendar, d.clock.now()));
  } catch (err) {
    if (!(err instanceof BusyImportError)) throw err;
    await repo.recordBusyFailure(d.db, calendarId, d.clock.now(), err.message);
    return 'failed';
  }
  const at = d.clock.now();
  const kept = await d.db.transaction((tx) => repo.replaceBusyTimes(tx, calendarId, intervals, at));
  return kept ? 'synced' : 'gone';
}
