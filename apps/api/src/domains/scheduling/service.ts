/**
 * Use cases of the scheduling domain (ARCHITECTURE §1a): the slot picker's days of a bookable
 * service, and what other domains use to book (orders), to re-check a slot at payment
 * (payments) and to offer a freed slot (waitlist). Read-only: callers hold the transaction.
 */
import type { Slots } from '@vetted/contract';
import { LRUCache } from 'lru-cache';
import type { DbOrTx } from '../../db/client';
import type { ServiceDeps } from '../deps';
import { type CatalogueCache, serviceNotFound } from '../catalogue';
import { localDateOf } from './calendar';
import type { Interval, SlotInstant } from './grid';
import { slotDateOutOfRange } from './messages';
import { isSlotWindowStart, type SlotRefusal, slotDays, slotHorizon, slotVerdict } from './policy';
import * as repo from './repository';
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

/**
 * The slot picker needs the database, the time, `config.catalogueCacheTtlMs`, and its app's
 * {@link CatalogueCache} (whose purges empty its cache of grids).
 */
export type SlotsDeps = Pick<ServiceDeps, 'db' | 'clock' | 'config'> & { cache: CatalogueCache };

/**
 * The slot picker's reads. Slots are read fresh on every request, but what their grid depends
 * on — a service's vendor, duration and zone, and the vendor's opening hours — is kept as long
 * as the catalogue's answers (`config.catalogueCacheTtlMs`, 0 = off), so a request runs one
 * query: the orders over its horizon. Booking re-reads all of it (orders).
 */
export function createSlotsService({ db, clock, config, cache }: SlotsDeps) {
  const ttl = config.catalogueCacheTtlMs;
  const grids =
    ttl > 0 ? new LRUCache<string, Omit<repo.SlotSource, 'blocking'>>({ max: 10_000, ttl }) : null;
  /** The {@link CatalogueCache} generation the grids are of. */
  let generation = cache.generation;
  /** Empties the grids after a purge (here or on another instance). */
  function freshCaches(): void {
    if (generation === cache.generation) return;
    generation = cache.generation;
    grids?.clear();
  }

  return {
    /**
     * `days` days of a bookable service's slots from `from`, availability as of `clock.now()`.
     * @throws AppError 404 `service_not_found`; 400 `invalid_date` for a `from` outside the window
     */
    async getServiceSlots(id: string, query: { from?: string; days: number }): Promise<Slots> {
      const now = clock.now();
      const horizon = slotHorizon(query.from, query.days, now);
      // One query per request: the orders over the whole horizon, with — unless cached — the
      // service, its vendor's zone, opening hours, exceptions and booking rules.
      freshCaches();
      const grid = grids?.get(id);
      let source: repo.SlotSource | null;
      if (grid) {
        source = { ...grid, blocking: await repo.blockingOrders(db, grid.vendorId, horizon, now) };
      } else {
        source = await repo.slotSource(db, id, horizon, now);
        if (source && grids) {
          const { blocking: _orders, ...kept } = source;
          grids.set(id, kept);
        }
      }
      if (!source) throw serviceNotFound();
      if (query.from && !isSlotWindowStart(query.from, now)) throw slotDateOutOfRange();
      return {
        timeZone: source.timeZone,
        days: slotDays(source, { from: query.from, days: query.days, now }).map((d) => ({
          date: d.date,
          slots: d.slots.map((s) => ({
            startsAt: s.startsAt.toISOString(),
            endsAt: s.endsAt.toISOString(),
            available: s.available,
          })),
        })),
      };
    },
  };
}

export type SlotsService = ReturnType<typeof createSlotsService>;
