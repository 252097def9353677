/** A customer's side of the waitlist: join a full day, leave it, list their entries. */
import type { WaitlistEntry } from '@vetted/contract';
import { v7 as uuidv7 } from 'uuid';
import type { Db } from '../../../db/client';
import { todayIn } from '../../../shared/time';
import { requireBookableService } from '../../catalogue';
import type { Clock } from '../../deps';
import { isSlotWindowStart, lockVendorTime, slotsOn } from '../../scheduling';
import * as msg from '../messages';
import * as policy from '../policy';
import * as repo from '../repository';
import { offerFreedSlots } from './offers';

/** What the customer use cases of the waitlist are given. */
export interface EntriesDeps {
  db: Db;
  clock: Clock;
  /** The site's public URL (links in offer mails). */
  publicUrl: string;
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

/** The customer's live entry of that service and day. @throws AppError 404 `waitlist_entry_not_found` */
async function requireLive(db: Db, customerId: string, serviceId: string, day: string) {
  const v = await repo.liveEntry(db, { serviceId, customerId, day });
  if (!v) throw msg.notOnWaitlist();
  return v;
}

/**
 * `POST /v1/services/{id}/waitlist { date }`: joins the waitlist of a fully booked day
 * (vendor-local `YYYY-MM-DD`). Idempotent: a customer already waiting (or offered) that day
 * gets their entry back. Errors: 403 `customer_only`; 404 `service_not_found`; 400
 * `invalid_date` (out of the slot window, past, or no bookable time left that day); 409
 * `day_closed` (the pro does not work that day), `day_not_full` (book a free time instead).
 */
export async function joinWaitlist(
  deps: EntriesDeps,
  user: { id: string; role: string },
  serviceId: string,
  date: string,
) {
  const { db, clock } = deps;
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
      today: todayIn(day.timeZone, now),
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
}

/**
 * `DELETE /v1/services/{id}/waitlist?date=`: leaves the waitlist of that day. A slot held
 * for the customer is released and offered to the next in line, in the same transaction.
 * 404 `waitlist_entry_not_found` when they are not on it.
 */
export async function leaveWaitlist(
  deps: EntriesDeps,
  user: { id: string },
  serviceId: string,
  date: string,
) {
  const { db, clock, publicUrl } = deps;
  const found = await requireLive(db, user.id, serviceId, date);
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
}

/**
 * `GET /v1/waitlist[?serviceId=]`: the customer's live entries (waiting, or offered with the
 * held time), soonest day first, leaving out days that have passed in the vendor's zone.
 * Anyone else gets an empty list.
 */
export async function listWaitlist(
  deps: EntriesDeps,
  user: { id: string; role: string },
  serviceId?: string,
) {
  const { db, clock } = deps;
  if (user.role !== 'customer') return [];
  const now = clock.now();
  const rows = await repo.listLive(db, user.id, serviceId);
  return rows.filter((v) => v.entry.day >= todayIn(v.timeZone, now)).map((v) => toDto(v, now));
}
