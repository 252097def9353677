import { z } from 'zod';
import { type DeliveryContext, defineJob } from '../../../jobs/define';

const payload = z.object({
  paymentId: z.string().nullable(),
  ref: z.string(),
  provider: z.string(),
  actorId: z.string().nullable(),
});

/** What it runs: the payments service's `handlers.void`. */
export interface VoidDeps {
  handlers: { void(job: z.output<typeof payload>, ctx: DeliveryContext): Promise<void> };
}

/**
 * `payment.void`, key `payment:<id>:void:<ref>`: releases an authorisation with that key, marks
 * the payment `voided` and tells the customer (`handlers.void`). `paymentId` is null for a
 * provider charge no payment holds (reconciliation).
 */
export const paymentVoidJob = defineJob({
  name: 'payment.void',
  payload,
  run: (payload, ctx, payments: VoidDeps) => payments.handlers.void(payload, ctx),
});
