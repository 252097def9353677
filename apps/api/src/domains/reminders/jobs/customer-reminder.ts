import { z } from 'zod';
import { defineJob } from '../../../jobs/define';
import { enqueueMail } from '../../mail';
import { notify } from '../../notifications';
import type { RemindersDeps } from '../deps';
import { reminderMail, reminderNotice } from '../messages';
import { reminderStillValid } from '../policy';

/**
 * `reminder.customer`: the customer's reminder of a booking, `lead` before the slot that started
 * at `startsAt` when it was queued (key `order:<id>:reminder:<lead>:<startsAt>`, see
 * `../schedule.ts`). At delivery the order is read again and the reminder goes out only if the
 * booking is still paid or accepted, still at that slot and the reminder not overtaken (the job
 * started, or a late 24 h reminder once the 2 h one is due: `policy.reminderStillValid`): a moved booking's old reminders and a cancelled one's send
 * nothing. It goes out as an in-app notice and a mail, each queued under this row's key (so a
 * redelivery sends nothing twice) and each honouring the customer's `reminders` switches.
 */
export const customerReminderJob = defineJob({
  name: 'reminder.customer',
  payload: z.object({
    orderId: z.string(),
    lead: z.enum(['24h', '2h']),
    /** The slot's start (ISO) the reminder was queued for. */
    startsAt: z.string(),
  }),
  async run(payload, ctx, deps: RemindersDeps) {
    const { db, clock, orders, publicUrl } = deps;
    const order = await orders.reminderOrder(db, payload.orderId);
    const now = clock.now();
    const slot = { startsAt: new Date(payload.startsAt), lead: payload.lead };
    if (!order || !reminderStillValid(order, slot, now)) return;
    const facts = {
      orderId: order.id,
      customerId: order.customerId,
      customerEmail: order.customerEmail,
      customerName: order.customerName,
      serviceTitle: order.serviceTitle,
      businessName: order.businessName,
      address: order.address,
      startsAt: order.startsAt,
      timeZone: order.timeZone,
    };
    await db.transaction(async (tx) => {
      await notify(tx, [{ ...reminderNotice(facts, now), key: `${ctx.key}:notice` }]);
      await enqueueMail(tx, reminderMail(facts, now, publicUrl), `${ctx.key}:mail`);
    });
  },
});
