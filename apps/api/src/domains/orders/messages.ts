/**
 * User-facing text of the orders domain: errors and notifications. Notifications say only what
 * happened (issue #6 §2): a refund is "on its way" when it was requested; "Refunded" is sent by
 * the payments domain once the provider confirms it.
 */
import {
  CANCELLATION_POLICY,
  type CancellationDecision,
  formatMoneyWords,
  hoursText,
  type OrderStatus,
  percentText,
} from '@vetted/contract';
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

/**
 * `amount` minor units as money, e.g. `formatMoney(12345, 'USD')` → `$123.45`, with the
 * currency's own minor digits (the contract's `formatMoneyWords`, as the screens show amounts).
 */
export function formatMoney(amount: number, currency: string): string {
  return formatMoneyWords(amount, currency);
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
/** In-app path of the review form on a completed order's page, for its customer (issue #9). */
export const customerReviewLink = (id: string) => `${customerOrderLink(id)}#review`;
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

/** 400: a start past the vendor's booking horizon (`horizonDays`, issue #8). */
export const slotBeyondHorizon = (horizonDays: number) =>
  badRequest(
    `That time is too far ahead: this pro takes bookings up to ${horizonDays === 1 ? '1 day' : `${horizonDays} days`} ahead. Pick an earlier slot`,
    'invalid_slot',
  );

/** 404: the service is gone, archived, paused, or its pro is not listed (same as the catalogue's). */
export const serviceNotFound = () => notFound('Service not found', 'service_not_found');

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

/**
 * The sentence of a service-area refusal, e.g. "Demo Plumbing Co. doesn't serve London, GB
 * (3,271 mi away)".
 */
export const outsideServiceAreaText = (businessName: string, place: string, distance: string) =>
  `${businessName} doesn't serve ${place} (${distance} away)`;

/** 422: the job's address is outside the pro's service radius; said next to the address too. */
export const outsideServiceArea = (sentence: string) =>
  new AppError(422, sentence, 'outside_service_area', { address: sentence });

/** What the service-area check says of an address naming no town it knows (nothing refused). */
export const townNotFound = (businessName: string) =>
  `We couldn't find the town in this address, so we can't check that ${businessName} works there. Add the town or city, e.g. "12 Main Street, Boston, MA".`;

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
  if (role === 'vendor') return 'Cancelled by the pro';
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
      out.push({
        ...toCustomer(
          'Job completed',
          `${f.businessName} marked ${f.serviceTitle} as completed. How did it go? Leave a review.`,
        ),
        // Issue #9: opens the order page at its review form.
        link: customerReviewLink(f.orderId),
      });
      break;
    case 'cancel':
      if (role === 'vendor') {
        // Issue #9: a pro's cancellation always gives the customer everything back.
        out.push(
          toCustomer(
            'Booking cancelled',
            `${f.businessName} cancelled your booking for ${f.serviceTitle} on ${when}.${money$}`,
          ),
        );
        break;
      }
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
      if (role === 'customer' && money.kind !== 'none') {
        // Both sides hear of it (issue #9): the customer's own note says what comes back.
        out.push(
          toCustomer('Booking cancelled', `You cancelled ${f.serviceTitle} on ${when}.${money$}`),
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

// ─── changes of plan (issue #9) ──────────────────────────────────────────────────────────────

/**
 * The sentence of a cancellation quote: what cancelling now does to the money, by the band of
 * the published policy, e.g. "You get back $52.50 (50 % of the service price): you are
 * cancelling within 24 hours of the start. The booking fee is kept."
 */
export function quoteReason(d: CancellationDecision, role: OrderRole, currency: string): string {
  const amount = formatMoney(d.refund, currency);
  const who = role === 'customer' ? 'You get' : 'The customer gets';
  if (!d.allowed) {
    return role === 'customer'
      ? "This booking's time has started, so it can't be cancelled here and there is no refund. Contact support for help."
      : "This booking's time has started, so it can't be cancelled here. Contact support for help.";
  }
  if (d.band.id === 'unpaid') return 'Nothing was charged. The time slot is released.';
  if (d.money === 'release') {
    return `Nothing was charged yet: the ${amount} hold on the card is released (${d.band.label}).`;
  }
  if (d.refund === 0) return `No refund: ${d.band.label}.`;
  const share = d.band.refund;
  if (share.of === 'subtotal') {
    return `${who} back ${amount} (${percentText(share.bps)} of the service price): ${d.band.label}. The booking fee is kept.`;
  }
  return `${who} back ${amount}, the full amount paid: ${d.band.label}.`;
}

export const rescheduleWrongActor = (by: 'vendor' | 'customer') =>
  forbidden(
    by === 'customer'
      ? 'Only the customer can move this booking'
      : 'Only the pro can answer a new time',
    'wrong_actor',
  );

export const rescheduleInvalidState = (status: OrderStatus) =>
  conflict(`You can't move a booking that is ${STATUS_LABEL[status]}`, 'invalid_transition');

/** 409 past the reschedule cut-off; says when it was, in the vendor's zone. */
export const rescheduleTooLate = (deadline: Date, timeZone: string) =>
  conflict(
    `Bookings can be moved until ${formatWhen(deadline, timeZone)}, ${hoursText(CANCELLATION_POLICY.rescheduleNoticeMs)} before they start. Cancel it instead, or contact support`,
    'reschedule_too_late',
  );

export const rescheduleSameSlot = () =>
  badRequest('That is already the time of this booking. Pick another time', 'invalid_slot');

export const rescheduleSlotTaken = () =>
  conflict('That time is already taken. Pick another free time', 'slot_taken');

export const nothingToAnswer = () =>
  conflict('This booking has no new time waiting for your answer', 'no_pending_reschedule');

/** Timeline note of a reschedule. */
export const rescheduledNote = (from: Date, to: Date, timeZone: string) =>
  `Moved from ${formatWhen(from, timeZone)} to ${formatWhen(to, timeZone)}`;

/** Timeline note when the pro confirmed the new time. */
export const rescheduleConfirmedNote = (at: Date, timeZone: string) =>
  `The pro confirmed the new time, ${formatWhen(at, timeZone)}`;

/** Timeline note when the pro declined the new time and the booking went back. */
export const rescheduleRestoredNote = (at: Date, timeZone: string) =>
  `The pro declined the new time: back to ${formatWhen(at, timeZone)}`;

/** Timeline note when the pro declined the new time and the old one was gone. */
export const rescheduleCancelledNote = () =>
  'The pro declined the new time and the previous time is no longer free: cancelled with a full refund';

/** Reason of the refund when the pro could keep neither time. */
export const rescheduleRefundReason = 'Cancelled: the pro could keep neither time';

/** What a reschedule notice needs. */
export interface RescheduleFacts {
  orderId: string;
  customerId: string;
  vendorUserId: string;
  customerName: string;
  businessName: string;
  serviceTitle: string;
  timeZone: string;
}

/** To the vendor: the customer moved the booking; they may decline the new time. */
export function rescheduledNotice(f: RescheduleFacts, from: Date, to: Date, at: Date) {
  return {
    userId: f.vendorUserId,
    type: 'order.rescheduled',
    title: 'Booking moved',
    body: `${f.customerName} moved ${f.serviceTitle} from ${formatWhen(from, f.timeZone)} to ${formatWhen(to, f.timeZone)}. Confirm the new time, or decline it to keep the previous one.`,
    link: vendorOrderLink(f.orderId),
    key: `order:${f.orderId}:rescheduled:${at.toISOString()}:${f.vendorUserId}`,
  };
}

/** To the customer: the pro answered the new time (`confirmed`, `restored`, `cancelled`). */
export function rescheduleAnswerNotice(
  f: RescheduleFacts,
  outcome: 'confirmed' | 'restored' | 'cancelled',
  newTime: Date,
  previous: Date,
  money: MoneyEffect,
  total: number,
  currency: string,
) {
  const when = (d: Date) => formatWhen(d, f.timeZone);
  const text = {
    confirmed: {
      title: 'New time confirmed',
      body: `${f.businessName} confirmed ${f.serviceTitle} on ${when(newTime)}.`,
    },
    restored: {
      title: 'New time declined',
      body: `${f.businessName} can't make ${when(newTime)}, so your booking for ${f.serviceTitle} is back to ${when(previous)}.`,
    },
    cancelled: {
      title: 'Booking cancelled',
      body: `${f.businessName} can't make ${when(newTime)} and ${when(previous)} is no longer free, so your booking for ${f.serviceTitle} is cancelled.${moneyLine(money, total, currency)}`,
    },
  }[outcome];
  return {
    userId: f.customerId,
    type: `order.reschedule_${outcome}`,
    ...text,
    link: customerOrderLink(f.orderId),
    key: `order:${f.orderId}:reschedule_${outcome}:${newTime.toISOString()}:${f.customerId}`,
  };
}

/**
 * Timeline note of a cancellation without a reason given: who cancelled, under which band of the
 * policy, and what comes back, e.g. "Cancelled by the customer, cancelling within 24 hours of the
 * start: $61.73 back".
 */
export function cancelNote(role: OrderRole, d: CancellationDecision, currency: string): string {
  const who = { customer: 'the customer', vendor: 'the pro', admin: 'Vetted support' }[role];
  if (d.band.id === 'unpaid') return `Cancelled by ${who} before paying`;
  const back =
    d.money === 'release'
      ? 'card hold released'
      : d.refund > 0
        ? `${formatMoney(d.refund, currency)} back`
        : 'no refund';
  // The vendor's and support's bands name who cancelled already.
  return d.band.by === 'customer'
    ? `Cancelled by ${who}, ${d.band.label}: ${back}`
    : `Cancelled by ${who}: ${back}`;
}
