/**
 * Queuing reminders: the customer's two before each booking (called by the orders domain when a
 * booking is confirmed or moved, inside its transaction) and the pro's evening summary (a
 * schedule every 15 minutes).
 */
import type { DbOrTx } from '../../db/client';
import { defineSchedule } from '../../jobs/define';
import { enqueueEach } from '../../jobs/engine';
import type { RemindersDeps } from './deps';
import { customerReminderJob } from './jobs/customer-reminder';
import { vendorSummaryJob } from './jobs/vendor-summary';
import {
  REMINDER_STATUSES,
  reminderKey,
  summaryDayAt,
  summaryKey,
  upcomingReminders,
} from './policy';

/**
 * In `tx` (the transaction that confirmed or moved the booking): queues the customer's reminders
 * of the booking `orderId` at the slot `startsAt`, `timeZone` being the job's zone, each at its
 * time (`policy.reminderTimes`: 24 h as the same local time the day before, 2 h as two real
 * hours) and keyed per order, lead and slot. A reminder whose time is past at `now` is not
 * queued; one queued before for the same slot is not queued twice. Reminders of an earlier slot
 * stay queued and send nothing (the job checks the order at delivery). Resolves with how many
 * it queued.
 */
export async function scheduleReminders(
  tx: DbOrTx,
  input: { orderId: string; startsAt: Date; timeZone: string; now: Date },
): Promise<number> {
  const due = upcomingReminders(input.startsAt, input.timeZone, input.now);
  const ids = await enqueueEach(
    tx,
    customerReminderJob,
    due.map((r) => ({
      payload: { orderId: input.orderId, lead: r.lead, startsAt: input.startsAt.toISOString() },
      key: reminderKey(input.orderId, r.lead, input.startsAt),
      startAfter: r.at,
    })),
  );
  return ids.filter(Boolean).length;
}

/** How far ahead the summary pass looks for jobs: past the end of any zone's "tomorrow". */
const LOOKAHEAD_MS = 48 * 3_600_000;

/**
 * One pass of the evening summary: every pro for whom it is now {@link SUMMARY_HOUR}:00 or
 * later (their zone) and who has a paid or accepted job tomorrow (their zone) gets the
 * summary job of that day queued, once per pro and day (key `vendor:<id>:summary:<date>`;
 * later passes that evening queue nothing). Resolves with how many it queued.
 */
export async function queueEveningSummaries(deps: RemindersDeps): Promise<number> {
  const { db, clock, orders } = deps;
  const now = clock.now();
  const starts = await orders.jobStartsBetween(
    db,
    now,
    new Date(now.getTime() + LOOKAHEAD_MS),
    REMINDER_STATUSES,
  );
  const due = new Map<string, { vendorId: string; date: string; from: string; to: string }>();
  for (const s of starts) {
    if (due.has(s.vendorId)) continue;
    const day = summaryDayAt(now, s.timeZone);
    if (!day || s.startsAt < day.from || s.startsAt >= day.to) continue;
    due.set(s.vendorId, {
      vendorId: s.vendorId,
      date: day.date,
      from: day.from.toISOString(),
      to: day.to.toISOString(),
    });
  }
  const items = [...due.values()].map((payload) => ({
    payload,
    key: summaryKey(payload.vendorId, payload.date),
  }));
  const ids = await enqueueEach(db, vendorSummaryJob, items);
  return ids.filter(Boolean).length;
}

/**
 * The pros' evening summaries, every 15 minutes, once across all instances: a pro is told at
 * the first pass after 18:00 in their zone ({@link queueEveningSummaries}).
 */
export const eveningSummarySchedule = defineSchedule({
  name: 'reminders.evening-summary',
  cron: '*/15 * * * *',
  run: (deps: RemindersDeps) => queueEveningSummaries(deps),
});
