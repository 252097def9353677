/**
 * Use cases of the scheduling domain (ARCHITECTURE §1a): the slot picker's days of a bookable
 * service, and what other domains use to book (orders), to re-check a slot at payment
 * (payments) and to offer a freed slot (waitlist). Read-only: callers hold the transaction.
 */
import type { Slots } from '@vetted/contract';
import type { DbOrTx } from '../../db/client';
import type { ReadyResponse } from '../../lib/response-cache';
import type { ServiceDeps } from '../deps';
import { serviceNotFound } from '../catalogue';
import { localDateOf } from './calendar';
import type { Interval, SlotInstant } from './grid';
import { slotDateOutOfRange } from './messages';
import {
  isSlotWindowStart,
  type SlotRefusal,
  slotDays,
  slotDaysStableUntil,
  slotHorizon,
  slotVerdict,
} from './policy';
import * as repo from './repository';
import { createSlotAnswerCache } from './slots-cache';
import { lockVendorProfile } from '../vendors';

/**
 * Intervals of the vendor's time in `range` taken at `now` by live orders, unexpired unpaid
 * holds, slots held for a waitlisted customer and busy times imported from the vendor's other
 * calendars (each followed by the vendor's buffer, like an order), leaving out `excludeOrderId` (the
 * order being paid or moved) and the offers held for `exceptOfferOf` (a customer booking what is
 * held for them).
 */
export function blockingOrders(
  db: DbOrTx,
  vendorId: string,
  range: Interval,
  now: Date,
  excludeOrderId?: string,
  exceptOfferOf?: string,
): Promise<Interval[]> {
  return repo.blockingOrders(db, vendorId, range, now, excludeOrderId, exceptOfferOf);
}

/**
 * Serialises changes to the vendor's time until the transaction ends (a row lock on its profile;
 * lock order vendor → order → payment → waitlist entry). Bookings, moves and waitlist offers
 * take it before checking a slot is free.
 */
export function lockVendorTime(tx: DbOrTx, vendorId: string): Promise<void> {
  return lockVendorProfile(tx, vendorId);
}

/**
 * The slots of one vendor-local `date` (YYYY-MM-DD) of an active service of an approved vendor,
 * each marked available or not at `now` (minimum notice, orders and their buffer, held waitlist
 * offers; the vendor's exceptions and horizon shape the grid), with the
 * vendor's zone; null when the service is not bookable. Read fresh (no cache): the waitlist uses
 * it inside its transactions.
 */
export async function slotsOn(
  db: DbOrTx,
  serviceId: string,
  date: string,
  now: Date,
): Promise<{ vendorId: string; timeZone: string; slots: SlotInstant[] } | null> {
  const source = await repo.slotSource(db, serviceId, slotHorizon(date, 1, now), now);
  if (!source) return null;
  const [day] = slotDays(source, { from: date, days: 1, now });
  return { vendorId: source.vendorId, timeZone: source.timeZone, slots: day?.slots ?? [] };
}

/** Why a requested slot cannot be booked: {@link SlotRefusal}, or the service is not bookable. */
export type SlotCheckRefusal = SlotRefusal | 'not_bookable';

/**
 * Whether `startsAt` of a service can be booked at `now`, by the slot picker's own rules
 * (policy.ts `slotVerdict`: the vendor's weekly hours and exceptions in its zone, its
 * horizon and minimum notice, and the orders and held offers around it with its buffer), read in
 * one query. Orders book and move with it, inside the transaction that holds the vendor's time
 * lock ({@link lockVendorTime}). `excludeOrderId`: the order being moved; `exceptOfferOf`: the
 * customer booking (a slot the waitlist holds for them is theirs). `horizonDays` comes with a
 * `beyond_horizon` refusal, for the message.
 */
export async function checkSlot(
  db: DbOrTx,
  serviceId: string,
  startsAt: Date,
  now: Date,
  opts: { excludeOrderId?: string; exceptOfferOf?: string } = {},
): Promise<
  { ok: true; slot: Interval } | { ok: false; reason: SlotCheckRefusal; horizonDays: number }
> {
  // The UTC date of the instant, not a "today": the horizon's day of margin covers every zone.
  const range = slotHorizon(localDateOf(startsAt, 'UTC'), 1, startsAt);
  const source = await repo.slotSource(db, serviceId, range, now, opts);
  if (!source) return { ok: false, reason: 'not_bookable', horizonDays: 0 };
  const verdict = slotVerdict(source, startsAt, now);
  return verdict.ok ? verdict : { ...verdict, horizonDays: source.horizonDays };
}

/** The slot picker needs the database and the time. */
export type SlotsDeps = Pick<ServiceDeps, 'db' | 'clock'>;

/**
 * The slot picker's reads. Each answer is computed in one query (the service, its vendor's
 * zone, hours, exceptions and booking rules, the orders, held offers and busy times over the
 * horizon, and the vendor's calendar version) and kept ready to send (slots-cache.ts) until a
 * write changes the vendor's calendar — on any instance — or time changes the answer; serving
 * it again costs one indexed read. Booking re-reads everything (orders).
 */
export function createSlotsService({ db, clock }: SlotsDeps) {
  const cache = createSlotAnswerCache({ db });
  return {
    /** `slots_answers_total{outcome}`: answers served cached or computed (slots-cache.ts). */
    answersMetric: cache.metric,

    /**
     * `days` days of a bookable service's slots from `from`, availability as of `clock.now()`,
     * as `present` makes them ready to send (serialised, encoded, tagged) — cached or computed.
     * @throws AppError 404 `service_not_found`; 400 `invalid_date` for a `from` outside the window
     */
    async getServiceSlots(
      id: string,
      query: { from?: string; days: number },
      present: (slots: Slots) => Promise<ReadyResponse>,
    ): Promise<ReadyResponse> {
      const now = clock.now();
      const key = `${id} ${query.from ?? ''} ${query.days}`;
      const cached = await cache.get(key, now);
      if (cached) {
        // A cached answer's service was bookable under the current version: only the window
        // can refuse it now, as it would a fresh one.
        if (query.from && !isSlotWindowStart(query.from, now)) throw slotDateOutOfRange();
        return cached;
      }
      const source = await repo.slotSource(db, id, slotHorizon(query.from, query.days, now), now);
      if (!source) throw serviceNotFound();
      if (query.from && !isSlotWindowStart(query.from, now)) throw slotDateOutOfRange();
      const days = slotDays(source, { from: query.from, days: query.days, now });
      const ready = await present({
        timeZone: source.timeZone,
        days: days.map((d) => ({
          date: d.date,
          slots: d.slots.map((s) => ({
            startsAt: s.startsAt.toISOString(),
            endsAt: s.endsAt.toISOString(),
            available: s.available,
          })),
        })),
      });
      cache.set(
        key,
        {
          vendorId: source.vendorId,
          version: source.calendarVersion ?? null,
          stableUntil: slotDaysStableUntil(source, days, now),
          ready,
        },
        now,
      );
      return ready;
    },
  };
}

export type SlotsService = ReturnType<typeof createSlotsService>;
