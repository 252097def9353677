/**
 * Offers of freed times: a freed day's slots go to its waiting customers (held for
 * `OFFER_HOLD_MS`), a booking marks the entry booked, and a lapsed offer passes the time on.
 *
 * Lock order (shared with orders and payments): vendor time → order → payment → waitlist entry.
 */
import type { Db, DbOrTx } from '../../../db/client';
import type { DeliveryContext } from '../../../jobs/define';
import { enqueue } from '../../../jobs/engine';
import { localDate } from '../../../shared/time';
import { type Clock, systemClock } from '../../deps';
import { enqueueMail } from '../../mail';
import { notify } from '../../notifications';
import { lockVendorTime, slotsOn } from '../../scheduling';
import { offerExpiryJob } from '../jobs/offer-expiry';
import * as msg from '../messages';
import * as policy from '../policy';
import * as repo from '../repository';

/** The payload of `waitlist.offer_expiry`. */
export interface OfferExpiryJob {
  entryId: string;
  /** The offer's `offer_expires_at` (ISO): a later offer of the same entry is not ended by it. */
  expiresAt: string;
}

/**
 * Offers the free slots of `vendorId`'s vendor-local `day` to the waiting customers of the
 * vendor's services, first come first: each waiting entry, in order, gets the first slot of its
 * service that day that is free at `now` (orders, holds and earlier offers count; the lead time
 * applies) and is held `OFFER_HOLD_MS`; entries with nothing free keep waiting. For each offer,
 * in `tx`: the entry `offered`, an in-app notification and a mail to the customer, and the
 * expiry job (`waitlist.offer_expiry`, due at the expiry by the worker's wall clock). Takes the
 * vendor's time lock. Returns how many offers were made. Call it in the transaction that freed
 * the time, after the change.
 */
export async function offerFreedSlots(
  tx: DbOrTx,
  input: { vendorId: string; day: string; now: Date; publicUrl: string },
): Promise<number> {
  const { vendorId, day, now } = input;
  await lockVendorTime(tx, vendorId);
  const waiting = await repo.waitingForVendorDay(tx, vendorId, day);
  let offered = 0;
  for (const w of waiting) {
    const slots = await slotsOn(tx, w.entry.serviceId, day, now);
    const slot = slots?.slots.find((s) => s.available);
    if (!slot) continue;
    const expiresAt = policy.offerExpiry(now);
    await repo.updateEntry(tx, w.entry.id, {
      status: 'offered',
      offeredStartsAt: slot.startsAt,
      offerExpiresAt: expiresAt,
    });
    const facts: msg.OfferFacts = {
      customerName: w.customerName,
      serviceTitle: w.serviceTitle,
      businessName: w.businessName,
      vendorId,
      serviceId: w.entry.serviceId,
      startsAt: slot.startsAt,
      expiresAt,
      timeZone: w.timeZone,
    };
    const key = `waitlist:${w.entry.id}:offer:${expiresAt.toISOString()}`;
    await notify(tx, [{ userId: w.entry.customerId, ...msg.offerNotice(facts), key }]);
    await enqueueMail(
      tx,
      msg.offerMail({ ...facts, to: w.customerEmail, publicUrl: input.publicUrl }),
      `${key}:mail`,
    );
    await enqueue(
      tx,
      offerExpiryJob,
      { entryId: w.entry.id, expiresAt: expiresAt.toISOString() },
      {
        key: `${key}:expiry`,
        // The job engine's clock (the wall clock), not the domain clock.
        startAfter: new Date(systemClock.now().getTime() + policy.OFFER_HOLD_MS),
      },
    );
    offered++;
  }
  return offered;
}

/**
 * In the booking's transaction: the customer booked `startsAt` of a service (vendor zone
 * `timeZone`), so their live waitlist entry for that day, offered or waiting, is `booked`.
 */
export async function markWaitlistBooked(
  tx: DbOrTx,
  input: { serviceId: string; customerId: string; startsAt: Date; timeZone: string },
): Promise<void> {
  await repo.markBooked(tx, {
    serviceId: input.serviceId,
    customerId: input.customerId,
    day: localDate(input.startsAt, input.timeZone),
  });
}

/**
 * `waitlist.offer_expiry`, due when an offer's hold ends: if the entry still holds that
 * same offer, it becomes `expired` (the customer is told) and the day's free slots are
 * offered to the next in line — one transaction under the vendor's time lock. A no-op
 * when the customer booked, left, or got a newer offer.
 */
export async function expireOffer(
  deps: { db: Db; clock: Clock; publicUrl: string },
  job: OfferExpiryJob,
  ctx: DeliveryContext,
): Promise<void> {
  const { db, clock, publicUrl } = deps;
  const first = await repo.entryView(db, job.entryId);
  if (!first) return;
  await db.transaction(async (tx) => {
    await lockVendorTime(tx, first.vendorId);
    const v = await repo.entryView(tx, job.entryId, true);
    const e = v?.entry;
    if (!v || !e || e.status !== 'offered') return;
    if (e.offerExpiresAt?.toISOString() !== job.expiresAt) return;
    await repo.updateEntry(tx, e.id, { status: 'expired' });
    if (e.offeredStartsAt) {
      await notify(tx, [
        {
          userId: e.customerId,
          ...msg.offerExpiredNotice({
            serviceTitle: v.serviceTitle,
            startsAt: e.offeredStartsAt,
            timeZone: v.timeZone,
          }),
          key: `${ctx.key}:notice`,
        },
      ]);
    }
    await offerFreedSlots(tx, {
      vendorId: v.vendorId,
      day: e.day,
      now: clock.now(),
      publicUrl,
    });
  });
}
