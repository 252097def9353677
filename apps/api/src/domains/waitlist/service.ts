/**
 * The waitlist (issue #9 "Waitlist"): on a fully booked day a customer joins the waitlist of a
 * service; when a slot that day frees up (a cancellation, a decline, a booking moved away, an
 * offer that lapsed), the first waiting customer is offered it: the slot is held for them for
 * `OFFER_HOLD_MS` (15 minutes; every slot computation treats it as taken for everyone else), they
 * are told in-app and by mail with a link to book it, and an outbox job due at the expiry passes
 * it on to the next in line if they did not book. Booking a time that day marks the entry booked.
 *
 * Lock order (shared with orders and payments): vendor time → order → payment → waitlist entry.
 */
import type { WaitlistEntry } from '@vetted/contract';
import { v7 as uuidv7 } from 'uuid';
import type { DbOrTx } from '../../db/client';
import type { DeliveryContext } from '../../jobs/define';
import { enqueue } from '../../jobs/engine';
import { isSlotWindowStart } from '../catalogue/policy';
import { localDateOf, lockVendorTime, requireBookableService, slotsOn } from '../catalogue/service';
import { type ServiceDeps, systemClock } from '../deps';
import { enqueueMail } from '../mail/service';
import { notify } from '../notifications/service';
import * as msg from './messages';
import * as policy from './policy';
import * as repo from './repository';

import { offerExpiryJob } from './jobs/offer-expiry';

interface OfferExpiryJob {
  entryId: string;
  /** The offer's `offer_expires_at` (ISO): a later offer of the same entry is not ended by it. */
  expiresAt: string;
}

/** The contract shape of an entry at `now` (an offer past its expiry reads as expired). */
function toDto(v: repo.EntryView, now: Date): WaitlistEntry {
  const e = v.entry;
  const lapsed =
    e.status === 'offered' && (!e.offerExpiresAt || e.offerExpiresAt.getTime() <= now.getTime());
  const offer =
    e.status === 'offered' && !lapsed && e.offeredStartsAt && e.offerExpiresAt
      ? {
          startsAt: e.offeredStartsAt.toISOString(),
          endsAt: new Date(e.offeredStartsAt.getTime() + v.durationMinutes * 60_000).toISOString(),
          expiresAt: e.offerExpiresAt.toISOString(),
        }
      : null;
  return {
    id: e.id,
    service: {
      id: e.serviceId,
      title: v.serviceTitle,
      durationMinutes: v.durationMinutes,
      vendorId: v.vendorId,
      businessName: v.businessName,
      timeZone: v.timeZone,
    },
    date: e.day,
    status: lapsed ? 'expired' : (e.status as WaitlistEntry['status']),
    offer,
    createdAt: e.createdAt.toISOString(),
  };
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
    day: localDateOf(input.startsAt, input.timeZone),
  });
}

/** The waitlist service: join, leave and list for customers; the offer-expiry outbox handler. */
export function createWaitlistService(deps: Pick<ServiceDeps, 'db' | 'clock' | 'config'>) {
  const { db, clock, config } = deps;
  const publicUrl = config.publicUrl;

  async function requireLive(customerId: string, serviceId: string, day: string) {
    const v = await repo.liveEntry(db, { serviceId, customerId, day });
    if (!v) throw msg.notOnWaitlist();
    return v;
  }

  return {
    /**
     * `POST /v1/services/{id}/waitlist { date }`: joins the waitlist of a fully booked day
     * (vendor-local `YYYY-MM-DD`). Idempotent: a customer already waiting (or offered) that day
     * gets their entry back. Errors: 403 `customer_only`; 404 `service_not_found`; 400
     * `invalid_date` (out of the slot window, past, or no bookable time left that day); 409
     * `day_closed` (the pro does not work that day), `day_not_full` (book a free time instead).
     */
    async join(user: { id: string; role: string }, serviceId: string, date: string) {
      if (user.role !== 'customer') throw msg.customerOnly();
      const service = await requireBookableService(db, serviceId);
      const now = clock.now();
      if (!isSlotWindowStart(date, now)) throw msg.dayOutOfRange();
      return db.transaction(async (tx) => {
        // Under the vendor's time lock, so a slot freed meanwhile is offered to this entry too.
        await lockVendorTime(tx, service.vendorId);
        const day = await slotsOn(tx, serviceId, date, now);
        if (!day) throw msg.notOnWaitlist();
        const refusal = policy.joinRefusal({
          date,
          today: localDateOf(now, day.timeZone),
          slots: day.slots,
          now,
        });
        if (refusal === 'past') throw msg.dayPast();
        if (refusal === 'closed') throw msg.dayClosed();
        if (refusal === 'not_full') {
          // Their own held offer makes a day look full to everyone else, not to them.
          const mine = await repo.liveEntry(tx, { serviceId, customerId: user.id, day: date });
          if (!mine) throw msg.dayNotFull();
        }
        await repo.insertWaiting(tx, {
          id: uuidv7(),
          serviceId,
          customerId: user.id,
          day: date,
          createdAt: now,
        });
        const v = await repo.liveEntry(tx, { serviceId, customerId: user.id, day: date });
        if (!v) throw msg.notOnWaitlist();
        return toDto(v, now);
      });
    },

    /**
     * `DELETE /v1/services/{id}/waitlist?date=`: leaves the waitlist of that day. A slot held
     * for the customer is released and offered to the next in line, in the same transaction.
     * 404 `waitlist_entry_not_found` when they are not on it.
     */
    async leave(user: { id: string }, serviceId: string, date: string) {
      const found = await requireLive(user.id, serviceId, date);
      const now = clock.now();
      return db.transaction(async (tx) => {
        await lockVendorTime(tx, found.vendorId);
        const v = await repo.liveEntry(tx, {
          serviceId,
          customerId: user.id,
          day: date,
          lock: true,
        });
        if (!v) throw msg.notOnWaitlist();
        await repo.updateEntry(tx, v.entry.id, { status: 'left' });
        if (v.entry.status === 'offered') {
          await offerFreedSlots(tx, { vendorId: v.vendorId, day: date, now, publicUrl });
        }
        return toDto({ ...v, entry: { ...v.entry, status: 'left' } }, now);
      });
    },

    /**
     * `GET /v1/waitlist[?serviceId=]`: the customer's live entries (waiting, or offered with the
     * held time), soonest day first, leaving out days that have passed in the vendor's zone.
     * Anyone else gets an empty list.
     */
    async list(user: { id: string; role: string }, serviceId?: string) {
      if (user.role !== 'customer') return [];
      const now = clock.now();
      const rows = await repo.listLive(db, user.id, serviceId);
      return rows
        .filter((v) => v.entry.day >= localDateOf(now, v.timeZone))
        .map((v) => toDto(v, now));
    },

    /** What this domain's jobs run (./jobs/*.ts): register those with `app.jobs`. */
    handlers: {
      /**
       * `waitlist.offer_expiry`, due when an offer's hold ends: if the entry still holds that
       * same offer, it becomes `expired` (the customer is told) and the day's free slots are
       * offered to the next in line — one transaction under the vendor's time lock. A no-op
       * when the customer booked, left, or got a newer offer.
       */
      offerExpiry: async (job: OfferExpiryJob, ctx: DeliveryContext) => {
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
      },
    },
  };
}

export type WaitlistService = ReturnType<typeof createWaitlistService>;
