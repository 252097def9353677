/**
 * The orders of a recurring plan's visits (the plans domain calls these inside ITS transaction
 * `tx`; only the orders domain writes `orders` and `order_events`). Each visit is an ordinary
 * order with `planId` / `planVisit`, priced like a booking of the service, moved through the
 * same state machine (transition.ts `applyTransition`) as any order.
 */
import type { CreatePlanBody } from '@vetted/contract';
import { addMinutes } from 'date-fns';
import { v7 as uuidv7 } from 'uuid';
import type { DbOrTx } from '../../../db/client';
import type { AuthUser } from '../../../platform/types';
import type { BookableService as Service } from '../../catalogue';
import { pushToUsers } from '../../notifications';
import { checkSlot, HOLD_MS } from '../../scheduling';
import { lockVendorProfile } from '../../vendors';
import { markWaitlistBooked } from '../../waitlist';
import { newOrderReference } from '../codes';
import * as msg from '../messages';
import * as policy from '../policy';
import * as repo from '../repository';
import type { OrdersDeps } from '../deps';
import {
  lockForChange,
  offerFreedDay,
  type OrdersContext,
  ordersContext,
  slotRefusal,
} from './context';
import { serviceAreaOf } from './quote';
import { applyTransition } from './transition';

/**
 * The checks `POST /v1/orders` makes before any lock, for a plan's first visit: the slot is on
 * offer (400 `invalid_slot` and friends; a taken one is decided under the lock) and the address
 * is in the pro's area (422 `outside_service_area`).
 */
export async function precheckPlanBooking(
  ctx: OrdersContext,
  user: AuthUser,
  service: Service,
  body: CreatePlanBody,
): Promise<void> {
  const startsAt = new Date(body.startsAt);
  const pre = await checkSlot(ctx.db, service.id, startsAt, ctx.clock.now(), {
    exceptOfferOf: user.id,
  });
  if (!pre.ok && pre.reason !== 'taken') throw slotRefusal(pre, msg.slotTaken);
  const area = await serviceAreaOf(ctx, user.id, service, {
    placeId: body.placeId,
    address: body.address,
  });
  if (area.served === false && area.message) throw msg.outsideServiceArea(area.message);
}

/**
 * In `tx`: the first visit's order, booked as `POST /v1/orders` books (customer's booking lock,
 * unpaid cap 429, vendor lock, slot free else 409 `slot_taken`), held `HOLD_MS` for the
 * checkout. Returns the order's id.
 */
export async function bookFirstPlanVisit(
  tx: DbOrTx,
  input: { planId: string; user: AuthUser; service: Service; body: CreatePlanBody; now: Date },
): Promise<string> {
  const { user, service, body, now } = input;
  await repo.lockCustomerBookings(tx, user.id);
  if (!policy.mayBookAnother(await repo.countUnpaidHolds(tx, user.id, now))) {
    throw msg.tooManyUnpaid(policy.UNPAID_ORDER_LIMIT);
  }
  await lockVendorProfile(tx, service.vendorId);
  const check = await checkSlot(tx, service.id, new Date(body.startsAt), now, {
    exceptOfferOf: user.id,
  });
  if (!check.ok) throw slotRefusal(check, msg.slotTaken);
  const id = await insertVisitOrder(tx, {
    planId: input.planId,
    visit: 1,
    customerId: user.id,
    service,
    startsAt: check.slot.startsAt,
    address: body.address,
    notes: body.notes || null,
    holdExpiresAt: new Date(now.getTime() + HOLD_MS),
    now,
  });
  await markWaitlistBooked(tx, {
    serviceId: service.id,
    customerId: user.id,
    startsAt: check.slot.startsAt,
    timeZone: service.timeZone,
  });
  return id;
}

/** What a later visit's order is made of. */
export interface PlanVisitOrder {
  planId: string;
  /** From 1. */
  visit: number;
  customerId: string;
  service: Pick<Service, 'id' | 'vendorId' | 'price' | 'currency' | 'durationMinutes'>;
  startsAt: Date;
  address: string;
  notes: string | null;
  /** The unpaid order holds its slot until then (the plan's release time, start − 24 h). */
  holdExpiresAt: Date;
  now: Date;
}

/** Inserts a visit's order (`pending_payment`) and its first event; returns its id. */
async function insertVisitOrder(tx: DbOrTx, v: PlanVisitOrder): Promise<string> {
  const id = uuidv7();
  const fee = policy.bookingFee(v.service.price);
  await repo.insertOrder(tx, {
    id,
    reference: newOrderReference(),
    customerId: v.customerId,
    vendorId: v.service.vendorId,
    serviceId: v.service.id,
    startsAt: v.startsAt,
    endsAt: addMinutes(v.startsAt, v.service.durationMinutes),
    address: v.address,
    notes: v.notes,
    subtotal: v.service.price,
    fee,
    total: v.service.price + fee,
    currency: v.service.currency,
    status: 'pending_payment',
    holdExpiresAt: v.holdExpiresAt,
    planId: v.planId,
    planVisit: v.visit,
  });
  await repo.insertEvent(tx, {
    id: uuidv7(),
    createdAt: v.now,
    orderId: id,
    status: 'pending_payment',
    actorId: null,
    note: `Visit ${v.visit} of a plan booked`,
  });
  return id;
}

/**
 * In `tx`: a later visit's order on its slot, unless another booking holds the slot then
 * (`null`: the visit is not booked). The pro's hours and the slot grid are not re-checked: the
 * pro accepted the plan's times once.
 */
export async function createPlanVisitOrder(tx: DbOrTx, v: PlanVisitOrder): Promise<string | null> {
  await lockVendorProfile(tx, v.service.vendorId);
  const check = await checkSlot(tx, v.service.id, v.startsAt, v.now, {
    exceptOfferOf: v.customerId,
  });
  if (!check.ok && (check.reason === 'taken' || check.reason === 'not_bookable')) return null;
  return insertVisitOrder(tx, v);
}

/** Outcome of a state-machine step on a visit: done, or the HTTP error it was refused with. */
export type VisitStep = { ok: true } | { ok: false; error: Error };

/**
 * In `tx`: one action of the order state machine on a visit's order by `user`, as
 * `POST /v1/orders/{id}/transitions` would take it (money jobs, notices, invites, waitlist).
 * @throws AppError 404 `order_not_found` when the order is not `user`'s
 */
export async function stepPlanVisit(
  ctx: OrdersContext,
  tx: DbOrTx,
  input: { orderId: string; user: AuthUser; action: policy.OrderAction; reason?: string },
): Promise<VisitStep> {
  const { orderId: id, user, action } = input;
  const { view, role } = await lockForChange(tx, user, id);
  const now = ctx.clock.now();
  const verdict = policy.decideTransition({ action, role, order: view.order, now });
  if (!verdict.ok) {
    if (verdict.reason === 'slot_started') return { ok: false, error: msg.cancelTooLate() };
    return { ok: false, error: msg.invalidTransition(action, view.order.status) };
  }
  const body = { action, ...(input.reason ? { reason: input.reason } : {}) };
  await applyTransition(ctx, tx, { id, user, view, role, body, verdict, now });
  return { ok: true };
}

/**
 * In `tx`: a visit's order still unpaid is cancelled by the plan itself (its hold ended, or the
 * plan was paused or declined): `cancelled` with `note`, its slot offered to the waitlist and
 * both sides' pages told. Returns the order as it was, or null when it was no longer unpaid.
 */
export async function releasePlanVisit(
  ctx: OrdersContext,
  tx: DbOrTx,
  orderId: string,
  note: string,
): Promise<repo.OrderView | null> {
  const before = await repo.loadOrderView(tx, orderId);
  if (!before) return null;
  await lockVendorProfile(tx, before.order.vendorId);
  const order = await repo.lockOrder(tx, orderId);
  if (order?.status !== 'pending_payment') return null;
  const now = ctx.clock.now();
  await repo.updateOrder(tx, orderId, { status: 'cancelled', holdExpiresAt: null, updatedAt: now });
  await repo.insertEvent(tx, {
    id: uuidv7(),
    createdAt: now,
    orderId,
    status: 'cancelled',
    actorId: null,
    note,
  });
  await pushToUsers(tx, [order.customerId, before.vendorUserId], {
    type: 'order',
    data: { id: orderId, status: 'cancelled' },
  });
  await offerFreedDay(ctx, tx, before, order.startsAt, now);
  return before;
}

/**
 * The visit orders of recurring plans, bound to the orders domain's deps (the same as
 * `createOrdersService`'s): what the plans domain calls, each inside its own transaction `tx`.
 */
export function createPlanVisits(deps: OrdersDeps) {
  const ctx = ordersContext(deps);
  return {
    precheck: (user: AuthUser, service: Service, body: CreatePlanBody) =>
      precheckPlanBooking(ctx, user, service, body),
    bookFirst: (tx: DbOrTx, input: Parameters<typeof bookFirstPlanVisit>[1]) =>
      bookFirstPlanVisit(tx, input),
    create: createPlanVisitOrder,
    step: (tx: DbOrTx, input: Parameters<typeof stepPlanVisit>[2]) => stepPlanVisit(ctx, tx, input),
    release: (tx: DbOrTx, orderId: string, note: string) =>
      releasePlanVisit(ctx, tx, orderId, note),
  };
}

export type PlanVisits = ReturnType<typeof createPlanVisits>;
