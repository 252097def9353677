/**
 * The waitlist ("Waitlist"): on a fully booked day a customer joins the waitlist of a
 * service; when a slot that day frees up (a cancellation, a decline, a booking moved away, an
 * offer that lapsed), the first waiting customer is offered it: the slot is held for them for
 * `OFFER_HOLD_MS` (15 minutes; every slot computation treats it as taken for everyone else), they
 * are told in-app and by mail with a link to book it, and an outbox job due at the expiry passes
 * it on to the next in line if they did not book. Booking a time that day marks the entry booked.
 *
 * Lock order (shared with orders and payments): vendor time → order → payment → waitlist entry.
 */
import type { DeliveryContext } from '../../jobs/define';
import type { ServiceDeps } from '../deps';
import { joinWaitlist, leaveWaitlist, listWaitlist } from './use-cases/entries';
import { expireOffer, type OfferExpiryJob } from './use-cases/offers';

export { markWaitlistBooked, offerFreedSlots } from './use-cases/offers';

/** The waitlist service: join, leave and list for customers; the offer-expiry outbox handler. */
export function createWaitlistService(deps: Pick<ServiceDeps, 'db' | 'clock' | 'config'>) {
  const { db, clock, config } = deps;
  const ctx = { db, clock, publicUrl: config.publicUrl };

  return {
    /** `POST /v1/services/{id}/waitlist { date }` (use-cases/entries.ts `joinWaitlist`). */
    join: (user: { id: string; role: string }, serviceId: string, date: string) =>
      joinWaitlist(ctx, user, serviceId, date),

    /** `DELETE /v1/services/{id}/waitlist?date=` (use-cases/entries.ts `leaveWaitlist`). */
    leave: (user: { id: string }, serviceId: string, date: string) =>
      leaveWaitlist(ctx, user, serviceId, date),

    /** `GET /v1/waitlist[?serviceId=]` (use-cases/entries.ts `listWaitlist`). */
    list: (user: { id: string; role: string }, serviceId?: string) =>
      listWaitlist(ctx, user, serviceId),

    /** What this domain's jobs run (./jobs/*.ts): register those with `app.jobs`. */
    handlers: {
      /** `waitlist.offer_expiry` (use-cases/offers.ts `expireOffer`). */
      offerExpiry: (job: OfferExpiryJob, dctx: DeliveryContext) => expireOffer(ctx, job, dctx),
    },
  };
}

export type WaitlistService = ReturnType<typeof createWaitlistService>;
