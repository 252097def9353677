import { z } from 'zod';
import { type DeliveryContext, defineJob } from '../../../jobs/define';

const payload = z.object({
  entryId: z.string(),
  /** The offer's `offer_expires_at` (ISO): a later offer of the same entry is not ended by it. */
  expiresAt: z.string(),
});

/** What it runs: the waitlist service's `handlers.offerExpiry`. */
export interface OfferExpiryDeps {
  handlers: { offerExpiry(job: z.output<typeof payload>, ctx: DeliveryContext): Promise<void> };
}

/**
 * `waitlist.offer_expiry`, due when an offer's hold ends: ends the offer if the entry still
 * holds it and passes the day's free slots to the next in line (`handlers.offerExpiry`).
 */
export const offerExpiryJob = defineJob({
  name: 'waitlist.offer_expiry',
  payload,
  run: (payload, ctx, waitlist: OfferExpiryDeps) => waitlist.handlers.offerExpiry(payload, ctx),
});
