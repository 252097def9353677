/**
 * The order of an accepted quote (the quotes domain calls `book` inside ITS transaction; only
 * the orders domain writes `orders` and `order_events`). The quoted job becomes an archived
 * service of its pro (listings `insertQuotedJobService`: never listed or bookable), so the order
 * reads like any booking; its price is the quote's total with the platform fee on top, as for
 * slot bookings. The pro committed by quoting: once paid, the order is accepted for them by the
 * `orders.accept-quoted` job.
 */
import type { QuoteLineItem } from '@vetted/contract';
import { addMinutes } from 'date-fns';
import { v7 as uuidv7 } from 'uuid';
import type { DbOrTx } from '../../../db/client';
import { insertQuotedJobService } from '../../listings';
import { checkVendorTime, HOLD_MS } from '../../scheduling';
import { lockVendorProfile } from '../../vendors';
import { newOrderReference } from '../codes';
import type { OrdersDeps } from '../deps';
import * as msg from '../messages';
import * as policy from '../policy';
import * as repo from '../repository';
import { type OrdersContext, ordersContext, slotRefusal } from './context';
import { stepPlanVisit } from './plan-visit';

/** What the order of an accepted quote is made of. */
export interface QuoteOrderInput {
  quoteId: string;
  customerId: string;
  vendorId: string;
  categoryId: string;
  /** The job's title on the order ("Quoted job: Plumbing"). */
  title: string;
  description: string;
  lineItems: QuoteLineItem[];
  /** The quoted total (minor units of `currency`): the order's subtotal. */
  subtotal: number;
  currency: string;
  durationMinutes: number;
  /** One of the quote's slots, as the customer chose it. */
  startsAt: Date;
  address: string;
  notes: string | null;
  now: Date;
}

/**
 * In `tx`: the accepted quote's order (`pending_payment`, its time held `HOLD_MS` for the
 * checkout, as `POST /v1/orders` holds a slot). Locks the customer's bookings (429
 * `too_many_unpaid_orders` over the unpaid cap) and the pro, then re-checks the time is still
 * free (409 `slot_taken` and the slot picker's other refusals). Returns the order's id.
 */
export async function bookQuoteOrder(tx: DbOrTx, q: QuoteOrderInput): Promise<string> {
  const { now } = q;
  await repo.lockCustomerBookings(tx, q.customerId);
  if (!policy.mayBookAnother(await repo.countUnpaidHolds(tx, q.customerId, now))) {
    throw msg.tooManyUnpaid(policy.UNPAID_ORDER_LIMIT);
  }
  await lockVendorProfile(tx, q.vendorId);
  const check = await checkVendorTime(tx, {
    vendorId: q.vendorId,
    startsAt: q.startsAt,
    durationMinutes: q.durationMinutes,
    now,
  });
  if (!check.ok) throw slotRefusal(check, msg.slotTaken);
  const serviceId = await insertQuotedJobService(tx, {
    id: uuidv7(),
    vendorId: q.vendorId,
    categoryId: q.categoryId,
    title: q.title,
    description: q.description,
    price: q.subtotal,
    currency: q.currency,
    durationMinutes: q.durationMinutes,
    now,
  });
  const id = uuidv7();
  const fee = policy.bookingFee(q.subtotal);
  await repo.insertOrder(tx, {
    id,
    reference: newOrderReference(),
    customerId: q.customerId,
    vendorId: q.vendorId,
    serviceId,
    startsAt: check.slot.startsAt,
    endsAt: addMinutes(check.slot.startsAt, q.durationMinutes),
    address: q.address,
    notes: q.notes,
    subtotal: q.subtotal,
    fee,
    total: q.subtotal + fee,
    currency: q.currency,
    status: 'pending_payment',
    holdExpiresAt: new Date(now.getTime() + HOLD_MS),
    quoteId: q.quoteId,
    lineItems: q.lineItems,
  });
  await repo.insertEvent(tx, {
    id: uuidv7(),
    createdAt: now,
    orderId: id,
    status: 'pending_payment',
    actorId: q.customerId,
    note: 'Quote accepted: booked at the quoted price',
  });
  return id;
}

/**
 * `orders.accept-quoted`: a paid order of an accepted quote is accepted for its pro (start code,
 * capture, notices and invites as when a pro accepts). An order no longer `paid` (accepted
 * already, cancelled meanwhile) is left as it is, so a rerun does nothing.
 */
export async function acceptQuotedOrder(ctx: OrdersContext, orderId: string): Promise<void> {
  await ctx.inTransaction(async (tx) => {
    const view = await repo.loadOrderView(tx, orderId);
    if (view?.order.status !== 'paid' || !view.order.quoteId) return;
    const pro = { id: view.vendorUserId, role: 'vendor' as const };
    const step = await stepPlanVisit(ctx, tx, { orderId, user: pro, action: 'accept' });
    if (!step.ok) ctx.log.warn({ orderId, err: step.error }, 'quoted order not accepted');
  });
}

/** The orders of accepted quotes, bound to the orders domain's deps (what quotes calls). */
export function createQuoteOrders(deps: OrdersDeps) {
  return { book: bookQuoteOrder, context: ordersContext(deps) };
}

export type QuoteOrders = ReturnType<typeof createQuoteOrders>;
