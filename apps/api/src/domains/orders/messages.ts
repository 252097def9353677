/**
 * User-facing text of the orders domain: errors and notifications. Notifications say only what
 * happened (issue #6 §2): a refund is "on its way" when it was requested; "Refunded" is sent by
 * the payments domain once the provider confirms it.
 */
import type { OrderStatus } from '@vetted/contract';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../lib/errors';
import type { NewNotification } from '../notifications/service';
import { type MoneyEffect, type OrderAction, type OrderRole, UNPAID_ORDER_LIMIT } from './policy';

/** How a status reads in a sentence ("an order that is awaiting payment"). */
export const STATUS_LABEL: Record<OrderStatus, string> = {
  pending_payment: 'awaiting payment',
  paid: 'paid',
  accepted: 'accepted',
  in_progress: 'in progress',
  completed: 'completed',
  cancelled: 'cancelled',
  declined: 'declined',
  refunded: 'refunded',
};

const VERB: Record<OrderAction, string> = {
  accept: 'accept',
  decline: 'decline',
  start: 'start',
  complete: 'complete',
  cancel: 'cancel',
};

/** `amount` minor units as money, e.g. `formatMoney(12345, 'USD')` → `$123.45`. */
export function formatMoney(amount: number, currency: string): string {
  return new Intl.NumberFormat('en-US', { style: 'currency', currency }).format(amount / 100);
}

/** "Mon, Nov 24, 9:00 AM" in the vendor's zone (where the job happens). */
export function formatWhen(at: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-US', {
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZone,
  }).format(at);
}

/** In-app path of an order for its customer. */
export const customerOrderLink = (id: string) => `/user/history/order?id=${id}`;
/** In-app path of an order for its vendor. */
export const vendorOrderLink = (id: string) => `/vendor/history/order?id=${id}`;

// ─── errors ──────────────────────────────────────────────────────────────────────────────────

export const orderNotFound = () => notFound('Order not found', 'order_not_found');

export const customerOnly = () => forbidden('Only customers can book services', 'customer_only');

export const slotTaken = () =>
  conflict('That time is no longer available. Pick another slot', 'slot_taken');

export const offGridSlot = () =>
  badRequest(
    "That time isn't one of this service's slots. Pick a slot from the list",
    'invalid_slot',
  );

export const slotTooSoon = () =>
  badRequest('That time is too soon or has passed. Pick a later slot', 'invalid_slot');

/** 429: the customer already holds `UNPAID_ORDER_LIMIT` unpaid bookings. */
export const tooManyUnpaid = () =>
  new AppError(
    429,
    `You have ${UNPAID_ORDER_LIMIT} unpaid bookings. Pay or cancel one before booking another`,
    'too_many_unpaid_orders',
  );

export const idempotencyMismatch = () =>
  new AppError(
    422,
    'This Idempotency-Key was already used for a different booking',
    'idempotency_mismatch',
  );

export const invalidIdempotencyKey = () =>
  badRequest('Idempotency-Key must be 1 to 255 characters', 'invalid_idempotency_key');

export const wrongActor = (action: OrderAction, by: 'vendor' | 'customer') =>
  forbidden(`Only the ${by} can ${VERB[action]} this order`, 'wrong_actor');

export const invalidTransition = (action: OrderAction, from: OrderStatus) =>
  conflict(
    `You can't ${VERB[action]} an order that is ${STATUS_LABEL[from]}`,
    'invalid_transition',
  );

/** 409: `start` before the 30-minute window; says when it opens, in the vendor's zone. */
export const tooEarlyToStart = (earliest: Date, timeZone: string) =>
  conflict(
    `You can start this job from ${formatWhen(earliest, timeZone)}, 30 minutes before its time`,
    'too_early_to_start',
  );

export const cancelTooLate = () =>
  conflict(
    "This booking's time has started, so it can't be cancelled here. Contact support for help",
    'cancel_too_late',
  );

export const startCodeRequired = () =>
  badRequest(
    "Enter the customer's 4-digit start code. They see it on their booking page",
    'start_code_required',
    { startCode: 'Enter the 4-digit code from the customer' },
  );

export const wrongStartCode = () =>
  badRequest(
    'That start code is not right. Ask the customer for the code on their booking page',
    'wrong_start_code',
    { startCode: 'That code is not right' },
  );

/** 429 after too many wrong start codes; says when to try again, in the vendor's zone. */
export const startCodeLocked = (until: Date, timeZone: string) =>
  new AppError(
    429,
    `Too many wrong start codes. Try again after ${formatWhen(until, timeZone)} with the code from the customer's booking page`,
    'start_code_locked',
  );

// ─── notifications ───────────────────────────────────────────────────────────────────────────

/** What the notices of a transition need to know about the order. */
export interface NoticeFacts {
  orderId: string;
  customerId: string;
  vendorUserId: string;
  customerName: string;
  businessName: string;
  serviceTitle: string;
  startsAt: Date;
  timeZone: string;
  total: number;
  currency: string;
  /** Status before the transition. */
  from: OrderStatus;
  /** Status after it. */
  to: OrderStatus;
}

/** The sentence about money a notice ends with, or '' when no money moves. */
export function moneyLine(money: MoneyEffect, total: number, currency: string): string {
  if (money.kind === 'refund')
    return ` A refund of ${formatMoney(money.amount, currency)} is on its way.`;
  if (money.kind === 'void') {
    return ` The ${formatMoney(total, currency)} hold on your card is being released; you won't be charged.`;
  }
  return '';
}

/** Reason passed with a refund request (ledger and audit), e.g. `Cancelled by the customer`. */
export function refundReason(role: OrderRole): string {
  return role === 'admin' ? 'Cancelled by Vetted support' : 'Cancelled by the customer';
}

/**
 * The notifications of one transition, to the other side of whoever acted (both sides when an
 * admin acted). Each has a stable `key` (`order:<id>:<status>:<user>`) so it is queued once.
 */
export function transitionNotices(
  action: OrderAction,
  role: OrderRole,
  f: NoticeFacts,
  money: MoneyEffect,
): (NewNotification & { key: string })[] {
  const when = formatWhen(f.startsAt, f.timeZone);
  const toCustomer = (title: string, body: string) => ({
    userId: f.customerId,
    type: `order.${f.to}`,
    title,
    body,
    link: customerOrderLink(f.orderId),
    key: `order:${f.orderId}:${f.to}:${f.customerId}`,
  });
  const toVendor = (title: string, body: string) => ({
    userId: f.vendorUserId,
    type: `order.${f.to}`,
    title,
    body,
    link: vendorOrderLink(f.orderId),
    key: `order:${f.orderId}:${f.to}:${f.vendorUserId}`,
  });
  const money$ = moneyLine(money, f.total, f.currency);
  const out: (NewNotification & { key: string })[] = [];
  switch (action) {
    case 'accept':
      out.push(
        toCustomer(
          'Booking accepted',
          `${f.businessName} accepted your booking for ${f.serviceTitle} on ${when}. Your start code is on your booking page: give it to your pro when they arrive.`,
        ),
      );
      break;
    case 'decline':
      out.push(
        toCustomer(
          'Booking declined',
          `${f.businessName} declined your booking for ${f.serviceTitle} on ${when}.${money$}`,
        ),
      );
      break;
    case 'start':
      out.push(toCustomer('Job started', `${f.businessName} has started ${f.serviceTitle}.`));
      break;
    case 'complete':
      out.push(
        toCustomer(
          'Job completed',
          `${f.businessName} marked ${f.serviceTitle} as completed. How did it go?`,
        ),
      );
      break;
    case 'cancel':
      // The vendor never heard of an unpaid order, so only a paid one is news to them.
      if (f.from !== 'pending_payment') {
        out.push(
          toVendor(
            'Booking cancelled',
            role === 'admin'
              ? `Vetted support cancelled ${f.serviceTitle} on ${when} for ${f.customerName}.`
              : `${f.customerName} cancelled ${f.serviceTitle} on ${when}.`,
          ),
        );
      }
      if (role === 'admin') {
        out.push(
          toCustomer(
            'Booking cancelled',
            `Vetted support cancelled your booking for ${f.serviceTitle} on ${when}.${money$}`,
          ),
        );
      }
      break;
  }
  // An admin acting on the vendor's behalf: tell the vendor too.
  if (role === 'admin' && action !== 'cancel') {
    out.push(
      toVendor(
        'Booking updated',
        `Vetted support set ${f.serviceTitle} on ${when} to ${STATUS_LABEL[f.to]}.`,
      ),
    );
  }
  return out;
}
