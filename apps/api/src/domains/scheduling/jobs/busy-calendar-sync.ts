import { z } from 'zod';
import { defineJob, defineSchedule } from '../../../jobs/define';
import { enqueueEach } from '../../../jobs/engine';
import { periodicSyncKey } from '../busy-policy';
import { urlBusyCalendarIds } from '../busy-repository';
import { type BusySyncDeps, syncBusyCalendar } from '../use-cases/sync-busy-calendar';

/**
 * `busy-calendar.sync`: fetches one imported URL calendar and replaces its busy times
 * (`use-cases/sync-busy-calendar.ts`). Queued when the pro adds the calendar (key
 * `busy-calendar:<id>:sync:added`) and by the 15-minute schedule (key per period). A calendar
 * that cannot be fetched records why and is not retried (the next period tries again); a
 * removed one is skipped.
 */
export const busyCalendarSyncJob = defineJob({
  name: 'busy-calendar.sync',
  payload: z.object({ calendarId: z.string() }),
  // The schedule queues the next attempt within 15 minutes: a stuck one need not wait long.
  retryLimit: 2,
  async run(payload, _ctx, deps: BusySyncDeps) {
    await syncBusyCalendar(deps, payload.calendarId);
  },
});

/**
 * One pass of the refetch: a {@link busyCalendarSyncJob} for every URL calendar, keyed per
 * calendar and 15-minute period, so instances running the pass together queue each once.
 * Resolves with how many it queued.
 */
export async function queueBusyCalendarSyncs(deps: BusySyncDeps): Promise<number> {
  const now = deps.clock.now();
  const ids = await urlBusyCalendarIds(deps.db);
  const queued = await enqueueEach(
    deps.db,
    busyCalendarSyncJob,
    ids.map((calendarId) => ({ payload: { calendarId }, key: periodicSyncKey(calendarId, now) })),
  );
  return queued.filter(Boolean).length;
}

/** The refetch of every URL calendar, every 15 minutes, once across all instances. */
export const busyCalendarsSchedule = defineSchedule({
  name: 'scheduling.busy-calendars',
  cron: '*/15 * * * *',
  run: (deps: BusySyncDeps) => queueBusyCalendarSyncs(deps),
});
