/** Moving a booking to another time (`POST /v1/orders/{id}/reschedule`). */
import type { OrderDetail, RescheduleBody } from '@vetted/contract';
import { v7 as uuidv7 } from 'uuid';
import type { DbOrTx } from '../../../db/client';
import type { AuthUser } from '../../../platform/types';
import { requireBookableService } from '../../catalogue';
import { checkSlot } from '../../scheduling';
import { notify, pushToUsers } from '../../notifications';
import { scheduleReminders } from '../../reminders';
import { markWaitlistBooked } from '../../waitlist';
import * as msg from '../messages';
import * as notices from '../notices';
import * as policy from '../policy';
import * as repo from '../repository';
import { lockForChange, offerFreedDay, type OrdersContext, slotRefusal } from './context';
import { freshDetail } from './read-order';

/** Facts of the reschedule notices. */
export const rescheduleFacts = (view: repo.OrderView): notices.RescheduleFacts => ({
  orderId: view.order.id,
  customerId: view.order.customerId,
  vendorUserId: view.vendorUserId,
  customerName: view.customerName,
  businessName: view.businessName,
  serviceTitle: view.serviceTitle,
  timeZone: view.vendorTimeZone,
});

/**
 * In `tx`: the slot `body.startsAt` of the order's service, if the caller may move the order
 * there now. Errors as {@link rescheduleOrder}.
 */
async function newSlot(
  tx: DbOrTx,
  view: repo.OrderView,
  role: policy.OrderRole,
  body: RescheduleBody,
  now: Date,
) {
  const o = view.order;
  const verdict = policy.decideReschedule({ role, order: o, now });
  if (!verdict.ok) {
    if (verdict.reason === 'wrong_actor') throw msg.rescheduleWrongActor(verdict.by);
    if (verdict.reason === 'too_late') {
      throw msg.rescheduleTooLate(verdict.deadline, view.vendorTimeZone);
    }
    throw msg.rescheduleInvalidState(o.status);
  }
  await requireBookableService(tx, o.serviceId);
  const startsAt = new Date(body.startsAt);
  const check = await checkSlot(tx, o.serviceId, startsAt, now, {
    excludeOrderId: o.id,
    exceptOfferOf: o.customerId,
  });
  if (!check.ok && check.reason !== 'taken') {
    throw slotRefusal(check, msg.rescheduleSlotTaken);
  }
  if (startsAt.getTime() === o.startsAt.getTime()) throw msg.rescheduleSameSlot();
  if (!check.ok) throw msg.rescheduleSlotTaken();
  return check.slot;
}

/** In `tx`: the move of order `id` by `user`; returns the caller's relation to it. */
async function move(
  ctx: OrdersContext,
  tx: DbOrTx,
  user: AuthUser,
  id: string,
  body: RescheduleBody,
): Promise<policy.OrderRole> {
  const { view, role } = await lockForChange(tx, user, id);
  const o = view.order;
  const now = ctx.clock.now();
  const slot = await newSlot(tx, view, role, body, now);
  // The time the pro agreed to stays the "previous" one until they answer.
  const agreedStart = o.previousStartsAt ?? o.startsAt;
  const agreedEnd = o.previousEndsAt ?? o.endsAt;
  const backToAgreed = agreedStart.getTime() === slot.startsAt.getTime();
  await repo.updateOrder(tx, id, {
    startsAt: slot.startsAt,
    endsAt: slot.endsAt,
    previousStartsAt: backToAgreed ? null : agreedStart,
    previousEndsAt: backToAgreed ? null : agreedEnd,
    rescheduledAt: now,
    updatedAt: now,
  });
  await repo.insertEvent(tx, {
    id: uuidv7(),
    createdAt: now,
    orderId: id,
    status: o.status,
    actorId: user.id,
    note: notices.rescheduledNote(o.startsAt, slot.startsAt, view.vendorTimeZone),
  });
  await notify(tx, [
    notices.rescheduledNotice(rescheduleFacts(view), o.startsAt, slot.startsAt, now),
  ]);
  // The new slot's reminders; the old slot's find the booking moved and send nothing.
  await scheduleReminders(tx, {
    orderId: id,
    startsAt: slot.startsAt,
    timeZone: view.vendorTimeZone,
    now,
  });
  await pushToUsers(tx, [o.customerId, view.vendorUserId], {
    type: 'order',
    data: { id, status: o.status },
  });
  await markWaitlistBooked(tx, {
    serviceId: o.serviceId,
    customerId: o.customerId,
    startsAt: slot.startsAt,
    timeZone: view.vendorTimeZone,
  });
  await offerFreedDay(ctx, tx, view, o.startsAt, now);
  return role;
}

/**
 * `POST /v1/orders/{id}/reschedule { startsAt }`: moves a paid or accepted
 * booking to another slot of the same service, by its customer (or an admin), until the
 * cut-off (`rescheduleNoticeMs`, 24 h before the current start). One transaction under the
 * vendor's time lock and the order row lock: the new slot must be one the slot picker offers
 * (catalogue `checkSlot`: grid, exceptions, horizon, minimum notice; else 400
 * `invalid_slot`), not the current one (400), and free of other orders, holds and held
 * waitlist offers with the vendor's buffer (409 `slot_taken`; the database's
 * `orders_vendor_slot_live_uq` refuses a taken slot too → 409). Stores the slot the pro
 * agreed to in `previous_starts_at/previous_ends_at` (kept across several moves until the pro
 * answers; cleared when the customer moves back to it) and `rescheduled_at`; a timeline
 * event; the pro is notified (they may decline the new time); both parties' pages refresh;
 * the old slot's day is offered to its waitlist. Errors: 403 `wrong_actor` (the vendor), 404,
 * 409 `invalid_transition` (state), `reschedule_too_late`.
 */
export async function rescheduleOrder(
  ctx: OrdersContext,
  user: AuthUser,
  id: string,
  body: RescheduleBody,
): Promise<OrderDetail> {
  try {
    const role = await ctx.inTransaction((tx) => move(ctx, tx, user, id, body));
    return freshDetail(ctx, id, role);
  } catch (err) {
    const { code, constraint } = repo.pgError(err);
    if (code === '23505' && constraint === 'orders_vendor_slot_live_uq') {
      throw msg.rescheduleSlotTaken();
    }
    throw err;
  }
}
