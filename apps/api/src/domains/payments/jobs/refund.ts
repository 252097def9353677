import { z } from 'zod';
import { type DeliveryContext, defineJob } from '../../../jobs/define';

const payload = z.object({
  paymentId: z.string(),
  amount: z.number().int().positive(),
  reason: z.string().nullable(),
  actorId: z.string().nullable(),
});

/** What it runs: the payments service's `handlers.refund`. */
export interface RefundDeps {
  handlers: { refund(job: z.output<typeof payload>, ctx: DeliveryContext): Promise<void> };
}

/**
 * `payment.refund`, key `payment:<id>:refund:<n>`: refunds `amount` (minor units) with that key,
 * posts the reversal, sets the payment `refunded` and tells the customer (`handlers.refund`).
 * Delivered before its payment's capture (workers run kinds in parallel), it captures first
 * with the capture's own key, so the capture job then finds it done.
 */
export const paymentRefundJob = defineJob({
  name: 'payment.refund',
  payload,
  run: (payload, ctx, payments: RefundDeps) => payments.handlers.refund(payload, ctx),
});
