/**
 * The order changes a payment causes (ARCHITECTURE §3: every transition checked by the orders
 * policy and recorded in `order_events`), called by the payments domain inside ITS transaction
 * `tx`, with the order row it locked there (so `order.status` is current). Payments never
 * writes `orders` or `order_events` itself.
 */
import type { OrderStatus } from '@vetted/contract';
import { v7 as uuidv7 } from 'uuid';
import type { DbOrTx } from '../../../db/client';
import { TRANSITIONS } from '../policy';
import { enqueue } from '../../../jobs/engine';
import { scheduleReminders } from '../../reminders';
import { acceptQuotedOrderJob } from '../jobs/accept-quoted';
import { insertEvent, loadOrderView, updateOrder } from '../repository';

/**
 * Order states a booking refunded in full moves from to `refunded`: every state after payment
 * (a refund of everything left ends the booking, whatever it was doing).
 */
export const REFUNDABLE_ORDER_STATUSES: OrderStatus[] = [
  'paid',
  'accepted',
  'in_progress',
  'completed',
  'cancelled',
  'declined',
];

/** States a partial refund (or a tip's) moves to `refunded`: only a booking already called off. */
const CALLED_OFF: OrderStatus[] = ['cancelled', 'declined'];

/** What a payment did to its order. */
export type PaymentOrderChange =
  /** The card was authorised: `pending_payment` → `paid` (ARCHITECTURE §3). */
  | 'paid'
  /** The slot went to someone else before payment: the unpaid order is cancelled. */
  | 'slot_taken'
  /** The whole booking was refunded. */
  | 'refunded_fully'
  /** Part of the booking, or a tip, was refunded. */
  | 'refunded_partly';

/**
 * The state an order in `status` moves to because of `change`, or null when it stays where it
 * is. Pure; the cancel of an unpaid order is the state machine's own `cancel` rule.
 */
export function paymentTransition(
  change: PaymentOrderChange,
  status: OrderStatus,
): OrderStatus | null {
  switch (change) {
    case 'paid':
      return status === 'pending_payment' ? 'paid' : null;
    case 'slot_taken':
      return status === 'pending_payment' && TRANSITIONS.cancel.from.includes(status)
        ? TRANSITIONS.cancel.to
        : null;
    case 'refunded_fully':
      return REFUNDABLE_ORDER_STATUSES.includes(status) ? 'refunded' : null;
    case 'refunded_partly':
      return CALLED_OFF.includes(status) ? 'refunded' : null;
  }
}

export interface PaymentOrderChangeInput {
  /** The order as locked in `tx`. */
  order: { id: string; status: OrderStatus; startsAt: Date };
  change: PaymentOrderChange;
  actorId: string | null;
  /** The order event's note (payments' messages.ts words it). */
  note: string;
  /** When it happened (the service clock). */
  at: Date;
}

/**
 * Applies `change` to the order inside `tx` when the rules allow it (a paid or cancelled order
 * loses its payment hold) and records it in the order's history. An authorisation or a taken
 * slot the order cannot take records nothing; a refund is always noted, on the order's current
 * state when it does not move it. A booking that becomes `paid` gets its customer's reminders
 * queued (reminders domain: 24 h and 2 h before the slot). Returns whether the order's state
 * changed.
 */
export async function applyPaymentToOrder(
  tx: DbOrTx,
  input: PaymentOrderChangeInput,
): Promise<boolean> {
  const { order, change, at } = input;
  const to = paymentTransition(change, order.status);
  if (to) {
    const hold = change === 'paid' || change === 'slot_taken' ? { holdExpiresAt: null } : {};
    await updateOrder(tx, order.id, { status: to, ...hold, updatedAt: at });
    if (to === 'paid') await afterPaid(tx, order, at);
  } else if (change === 'paid' || change === 'slot_taken') {
    return false;
  }
  await insertEvent(tx, {
    id: uuidv7(),
    orderId: order.id,
    status: to ?? order.status,
    actorId: input.actorId,
    note: input.note,
    createdAt: at,
  });
  return to !== null;
}

/**
 * In `tx`: the customer's reminders of the booking at its slot, in the job's (the pro's) zone;
 * and, for the order of an accepted quote, its acceptance for the pro (who committed by quoting).
 */
async function afterPaid(tx: DbOrTx, order: { id: string; startsAt: Date }, now: Date) {
  const view = await loadOrderView(tx, order.id);
  if (!view) return;
  if (view.order.quoteId) {
    await enqueue(
      tx,
      acceptQuotedOrderJob,
      { orderId: order.id },
      { key: `order:${order.id}:accept-quoted` },
    );
  }
  await scheduleReminders(tx, {
    orderId: order.id,
    startsAt: order.startsAt,
    timeZone: view.vendorTimeZone,
    now,
  });
}

/**
 * Notes on the order's history, without changing its state, something a payment did (a tip
 * captured), inside `tx`.
 */
export async function notePaymentOnOrder(
  tx: DbOrTx,
  input: {
    order: { id: string; status: OrderStatus };
    actorId: string | null;
    note: string;
    at: Date;
  },
): Promise<void> {
  await insertEvent(tx, {
    id: uuidv7(),
    orderId: input.order.id,
    status: input.order.status,
    actorId: input.actorId,
    note: input.note,
    createdAt: input.at,
  });
}
