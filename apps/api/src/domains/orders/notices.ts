/**
 * What the orders domain tells people: notifications, timeline notes and the sentence of a
 * cancellation quote. Notifications say only what happened: a refund is "on its
 * way" when it was requested; "Refunded" is sent by the payments domain once the provider
 * confirms it.
 */
import type {
  CancelActor,
  CancellationDecision,
  OrderStatus,
  OrderTransitionBody,
} from '@vetted/contract';
import { percentText } from '@vetted/contract';
import { customerOrderLink, customerReviewLink, vendorOrderLink } from '../../shared/links';
import { formatMoney, type MoneyEffect } from '../../shared/money';
import type { NewNotification } from '../../shared/notification';
import { formatTime, formatWhen } from '../../shared/time';
import { STATUS_LABEL } from './messages';

/** An action of the state machine (policy `OrderAction`), as the contract spells it. */
type OrderAction = OrderTransitionBody['action'];
/** How the caller relates to the order (policy `OrderRole`). */
type OrderRole = CancelActor;

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

/** A notice of a transition, with the key that queues it once. */
type KeyedNotice = NewNotification & { key: string };

/** The notice of a transition to the customer, or to the pro, of the order `f`. */
function noticeTo(side: 'customer' | 'vendor', f: NoticeFacts, title: string, body: string) {
  const userId = side === 'customer' ? f.customerId : f.vendorUserId;
  return {
    userId,
    type: `order.${f.to}`,
    title,
    body,
    link: side === 'customer' ? customerOrderLink(f.orderId) : vendorOrderLink(f.orderId),
    key: `order:${f.orderId}:${f.to}:${userId}`,
  };
}

/** The notices of a cancellation by `role` (see {@link transitionNotices}). */
function cancelNotices(role: OrderRole, f: NoticeFacts, money: MoneyEffect): KeyedNotice[] {
  const when = formatWhen(f.startsAt, f.timeZone);
  const money$ = moneyLine(money, f.total, f.currency);
  const toCustomer = (title: string, body: string) => noticeTo('customer', f, title, body);
  if (role === 'vendor') {
    // A pro's cancellation always gives the customer everything back.
    return [
      toCustomer(
        'Booking cancelled',
        `${f.businessName} cancelled your booking for ${f.serviceTitle} on ${when}.${money$}`,
      ),
    ];
  }
  const out: KeyedNotice[] = [];
  // The vendor never heard of an unpaid order, so only a paid one is news to them.
  if (f.from !== 'pending_payment') {
    out.push(
      noticeTo(
        'vendor',
        f,
        'Booking cancelled',
        role === 'admin'
          ? `Vetted support cancelled ${f.serviceTitle} on ${when} for ${f.customerName}.`
          : `${f.customerName} cancelled ${f.serviceTitle} on ${when}.`,
      ),
    );
  }
  if (role === 'customer' && money.kind !== 'none') {
    // Both sides hear of it: the customer's own note says what comes back.
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
  return out;
}

/** The customer's notice of a step the pro took (accept, decline, start, complete). */
function stepNotice(action: Exclude<OrderAction, 'cancel'>, f: NoticeFacts, money: MoneyEffect) {
  const when = formatWhen(f.startsAt, f.timeZone);
  const toCustomer = (title: string, body: string) => noticeTo('customer', f, title, body);
  switch (action) {
    case 'accept':
      return toCustomer(
        'Booking accepted',
        `${f.businessName} accepted your booking for ${f.serviceTitle} on ${when}. Your start code is on your booking page: give it to your pro when they arrive.`,
      );
    case 'decline':
      return toCustomer(
        'Booking declined',
        `${f.businessName} declined your booking for ${f.serviceTitle} on ${when}.${moneyLine(money, f.total, f.currency)}`,
      );
    case 'start':
      return toCustomer('Job started', `${f.businessName} has started ${f.serviceTitle}.`);
    case 'complete':
      return {
        ...toCustomer(
          'Job completed',
          `${f.businessName} marked ${f.serviceTitle} as completed. How did it go? Leave a review.`,
        ),
        // Opens the order page at its review form.
        link: customerReviewLink(f.orderId),
      };
  }
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
): KeyedNotice[] {
  if (action === 'cancel') return cancelNotices(role, f, money);
  const out: KeyedNotice[] = [stepNotice(action, f, money)];
  // An admin acting on the vendor's behalf: tell the vendor too.
  if (role === 'admin') {
    const when = formatWhen(f.startsAt, f.timeZone);
    out.push(
      noticeTo(
        'vendor',
        f,
        'Booking updated',
        `Vetted support set ${f.serviceTitle} on ${when} to ${STATUS_LABEL[f.to]}.`,
      ),
    );
  }
  return out;
}

// ─── changes of plan ─────────────────────────────────────────────────────────────────────────

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

// ─── on my way ───────────────────────────────────────────────────────────────────────────────

/**
 * The customer's notice that the pro is on the way: "Lee Plumbing is on the way — about
 * 20 min", with the time they arrive around in the job's zone (`at` + `etaMinutes`). Keyed by
 * the send time, so each update of the ETA notifies once.
 */
export function onMyWayNotice(f: {
  orderId: string;
  customerId: string;
  businessName: string;
  timeZone: string;
  at: Date;
  etaMinutes: number;
}): NewNotification & { key: string } {
  const arrives = new Date(f.at.getTime() + f.etaMinutes * 60_000);
  return {
    userId: f.customerId,
    type: 'order.on_my_way',
    title: `${f.businessName} is on the way`,
    body: `${f.businessName} is on the way — about ${f.etaMinutes} min (around ${formatTime(arrives, f.timeZone)}).`,
    link: customerOrderLink(f.orderId),
    key: `order:${f.orderId}:on_my_way:${f.at.getTime()}`,
  };
}
