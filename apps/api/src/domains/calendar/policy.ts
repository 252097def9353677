/**
 * The calendar domain's rules, pure: which iTIP method and event status an order has, its
 * `SEQUENCE`, its stable `UID`, which jobs a pro's feed lists, and what a feed token looks like.
 */
import type { OrderStatus } from '@vetted/contract';

/** Order states whose event is off the calendar (RFC 5546 `METHOD:CANCEL`, `STATUS:CANCELLED`). */
const OFF_CALENDAR: readonly OrderStatus[] = ['cancelled', 'declined', 'refunded'];

/** Order states a pro's feed lists: booked and paid, whether accepted yet or done. */
export const FEED_STATUSES: readonly OrderStatus[] = [
  'paid',
  'accepted',
  'in_progress',
  'completed',
];

/** The feed's window: jobs that started up to 30 days ago and start within the next 180 days. */
export const FEED_PAST_DAYS = 30;
export const FEED_FUTURE_DAYS = 180;

/** How a subscribed calendar should re-read the feed (`REFRESH-INTERVAL`), in seconds. */
export const FEED_TTL_S = 3600;

/** The invite method of an order in `status`: `CANCEL` once it is off, else `REQUEST`. */
export function inviteMethod(status: OrderStatus): 'REQUEST' | 'CANCEL' {
  return OFF_CALENDAR.includes(status) ? 'CANCEL' : 'REQUEST';
}

/**
 * The `STATUS` of an order's VEVENT: `CANCELLED` once it is off, `TENTATIVE` until it is paid
 * and accepted by the pro (`pending_payment`, `paid`), else `CONFIRMED`.
 */
export function eventStatus(status: OrderStatus): 'CONFIRMED' | 'TENTATIVE' | 'CANCELLED' {
  if (OFF_CALENDAR.includes(status)) return 'CANCELLED';
  return status === 'pending_payment' || status === 'paid' ? 'TENTATIVE' : 'CONFIRMED';
}

/**
 * The `SEQUENCE` of an order's event, derived from its `order_events` rows (`eventCount`): every
 * change of the order's time or state writes one (a transition, a reschedule, the pro's answer
 * to it), so the count grows with each, and it is the same for every reader of the same state —
 * no counter to keep beside the order. The booking's own first event is revision 0. A note
 * that changes neither (a payment note) raises it too: RFC 5545 §3.8.7.4 asks only that it
 * never goes down, and a client seeing a higher one just refreshes the event.
 */
export function sequenceOf(eventCount: number): number {
  return Math.max(0, eventCount - 1);
}

/** The stable `UID` of an order's event: `order-<id>@<host of the public URL>`. */
export function orderUid(orderId: string, publicUrl: string): string {
  return `order-${orderId}@${hostOf(publicUrl)}`;
}

/** The host name of `url`, or `vetted.local` when it is not a URL. */
export function hostOf(url: string): string {
  try {
    return new URL(url).hostname || 'vetted.local';
  } catch {
    return 'vetted.local';
  }
}

/** The address part of a `From` header value: `no-reply@x.y` of `Vetted <no-reply@x.y>`. */
export function addressOf(mailFrom: string): string {
  return /<([^>]+)>/.exec(mailFrom)?.[1]?.trim() ?? mailFrom.trim();
}

/** The instants a feed read at `now` covers (see {@link FEED_PAST_DAYS}). */
export function feedWindow(now: Date): { from: Date; to: Date } {
  const day = 86_400_000;
  return {
    from: new Date(now.getTime() - FEED_PAST_DAYS * day),
    to: new Date(now.getTime() + FEED_FUTURE_DAYS * day),
  };
}

/**
 * Whether `token` has the shape of a feed token (43 base64url characters: 256 bits). Anything
 * else is answered 404 without a database read.
 */
export function isFeedTokenShape(token: string): boolean {
  return /^[A-Za-z0-9_-]{43}$/.test(token);
}
