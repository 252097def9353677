import { z } from 'zod';
import { defineJob } from '../../../jobs/define';
import { enqueueMail } from '../../mail';
import { notify } from '../../notifications';
import type { RemindersDeps } from '../deps';
import { summaryMail, summaryNotice } from '../messages';
import { addressArea, REMINDER_STATUSES } from '../policy';

/**
 * `reminder.vendor-summary`: the pro's evening summary of the jobs of `date` (their zone), queued
 * by the `reminders.evening-summary` schedule under the key `vendor:<id>:summary:<date>`, so a
 * pro gets at most one per day. The jobs are read at delivery (paid or accepted, starting in
 * `[from, to)`): nothing is sent when none is left. An in-app notice and a mail, each queued
 * under this row's key and each honouring the pro's `reminders` switches.
 */
export const vendorSummaryJob = defineJob({
  name: 'reminder.vendor-summary',
  payload: z.object({
    vendorId: z.string(),
    /** The day listed, `YYYY-MM-DD` in the pro's zone. */
    date: z.string(),
    /** Start of that local day, ISO (inclusive). */
    from: z.string(),
    /** Start of the next local day, ISO (exclusive). */
    to: z.string(),
  }),
  async run(payload, ctx, deps: RemindersDeps) {
    const { db, orders, publicUrl } = deps;
    const jobs = await orders.vendorJobsBetween(
      db,
      payload.vendorId,
      new Date(payload.from),
      new Date(payload.to),
      REMINDER_STATUSES,
    );
    const first = jobs[0];
    if (!first) return;
    const facts = {
      vendorUserId: first.vendorUserId,
      vendorEmail: first.vendorEmail,
      vendorName: first.vendorName,
      timeZone: first.timeZone,
      date: payload.date,
      lines: jobs.map((j) => ({
        orderId: j.orderId,
        startsAt: j.startsAt,
        serviceTitle: j.serviceTitle,
        customerName: j.customerName,
        area: addressArea(j.address),
      })),
    };
    await db.transaction(async (tx) => {
      await notify(tx, [{ ...summaryNotice(facts), key: `${ctx.key}:notice` }]);
      await enqueueMail(tx, summaryMail(facts, publicUrl), `${ctx.key}:mail`);
    });
  },
});
