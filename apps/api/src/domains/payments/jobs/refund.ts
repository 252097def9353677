import { z } from 'zod';
import { type DeliveryContext, defineJob } from '../../../jobs/define';

const payload = z.object({
  paymentId: z.string(),
  amount: z.number().int().positive(),
  reason: z.string().nullable(),
  actorId: z.string().nullable(),
  /**
   * Who bears the pro's part (ledger policy `RefundBearer`): an admin's choice. Absent (refunds
   * under the refund policy, and jobs queued before the choice existed): the pro, as before.
   */
  bearer: z.enum(['platform', 'vendor']).optional(),
});

/** What it runs: the payments service's `handlers.refund`. */
export interface RefundDeps {
  handlers: { refund(job: z.output<typeof payload>, ctx: DeliveryContext): Promise<void> };
}

/**
 * `payment.refund`, key `payment:<id>:refund:<n>`: refunds `amount` (minor units) with that key,
 * posts the reversal (the pro's part to whoever `bearer` says), sets the payment `refunded`,
 * tells the customer and, for a refund recovered from the pro, the pro (`handlers.refund`).
 * Delivered before its payment's capture (workers run kinds in parallel), it captures first
 * with the capture's own key, so the capture job then finds it done.
 */
export const paymentRefundJob = defineJob({
  name: 'payment.refund',
  payload,
  run: (payload, ctx, payments: RefundDeps) => payments.handlers.refund(payload, ctx),
});
