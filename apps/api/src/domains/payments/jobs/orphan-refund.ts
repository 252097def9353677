import { z } from 'zod';
import { type DeliveryContext, defineJob } from '../../../jobs/define';

const payload = z.object({
  paymentId: z.string().nullable(),
  provider: z.string(),
  ref: z.string(),
  amount: z.number().int().positive(),
  currency: z.string(),
});

/** What it runs: the payments service's `handlers.orphanRefund`. */
export interface OrphanRefundDeps {
  handlers: { orphanRefund(job: z.output<typeof payload>, ctx: DeliveryContext): Promise<void> };
}

/**
 * `payment.orphan_refund`: refunds captured money no payment accounts for, found by the
 * reconciliation (`handlers.orphanRefund`). `amount` in minor units of `currency`.
 */
export const paymentOrphanRefundJob = defineJob({
  name: 'payment.orphan_refund',
  payload,
  run: (payload, ctx, payments: OrphanRefundDeps) => payments.handlers.orphanRefund(payload, ctx),
});
