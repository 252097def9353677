import { z } from 'zod';
import { defineJob } from '../../../jobs/define';

const payload = z.object({ paymentId: z.string(), actorId: z.string().nullable() });

/** What it runs: the payments service's `handlers.capture`. */
export interface CaptureDeps {
  handlers: { capture(job: z.output<typeof payload>): Promise<void> };
}

/**
 * `payment.capture`, key `payment:<id>:capture`: captures the full amount with that key, marks
 * the payment `captured` and posts the charge to the ledger (`handlers.capture`).
 */
export const paymentCaptureJob = defineJob({
  name: 'payment.capture',
  payload,
  run: (payload, _ctx, payments: CaptureDeps) => payments.handlers.capture(payload),
});
