import { z } from 'zod';
import { type DeliveryContext, defineJob } from '../../../jobs/define';

const payload = z.object({ payoutId: z.string() });

/** What it runs: the earnings service's `handlers.send`. */
export interface SendDeps {
  handlers: { send(job: z.output<typeof payload>, ctx: DeliveryContext): Promise<void> };
}

/**
 * `payout.send`, key `payout:<id>`: pays the payout out through its provider with that key,
 * marks it `paid` and notifies the pro (`handlers.send`).
 */
export const payoutSendJob = defineJob({
  name: 'payout.send',
  payload,
  run: (payload, ctx, earnings: SendDeps) => earnings.handlers.send(payload, ctx),
});
