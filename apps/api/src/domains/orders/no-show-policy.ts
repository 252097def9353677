/**
 * The no-show rules of an order, pure (callers pass `now`): who may record which no-show and
 * when, what it costs, and until when the fee may be disputed. The numbers are the published
 * policy's (`NO_SHOW_POLICY` in the contract's cancellation.ts, printed on `/refund`).
 */
import {
  NO_SHOW_POLICY,
  noShowDisputableUntil,
  noShowFee,
  noShowOpensAt,
  type OrderStatus,
} from '@vetted/contract';
import type { OrderRole } from './policy';

/** The order facts a no-show looks at. Money in minor units. */
export interface NoShowFacts {
  status: OrderStatus;
  startsAt: Date;
  /** Service price (minor units). */
  subtotal: number;
  /** What the customer paid: service price + booking fee (minor units). */
  total: number;
  noShowBy: 'customer' | 'vendor' | null;
  noShowAt: Date | null;
  noShowDisputedAt: Date | null;
}

/** Why a no-show (or its dispute) is refused. */
export type NoShowRefusal =
  /** Not this side's to record (403). */
  | { reason: 'wrong_actor' }
  /** Already recorded (409). */
  | { reason: 'already_recorded' }
  /** Only an accepted booking whose job has not started (409). */
  | { reason: 'invalid_state' }
  /** Before start + grace (409); `opens` is when it becomes possible. */
  | { reason: 'too_early'; opens: Date };

/**
 * Whether `role` may record a no-show of the other side now: "Customer not there" is the pro's
 * (`vendor`), "Pro didn't come" the customer's. Checks, in order: the side, nothing recorded
 * yet, `accepted` (a started job was met; an unaccepted one is cancelled, not missed), then
 * `now ≥ startsAt + NO_SHOW_POLICY.graceMs` (inclusive).
 */
export function decideNoShow(input: {
  role: OrderRole;
  /** The side that did not show: `customer` (marked by the pro) or `vendor` (by the customer). */
  missing: 'customer' | 'vendor';
  order: NoShowFacts;
  now: Date;
}): { ok: true } | ({ ok: false } & NoShowRefusal) {
  const { role, missing, order, now } = input;
  const reporter = missing === 'customer' ? 'vendor' : 'customer';
  if (role !== reporter) return { ok: false, reason: 'wrong_actor' };
  if (order.noShowBy) return { ok: false, reason: 'already_recorded' };
  if (order.status !== 'accepted') return { ok: false, reason: 'invalid_state' };
  const opens = noShowOpensAt(order.startsAt);
  if (now.getTime() < opens.getTime()) return { ok: false, reason: 'too_early', opens };
  return { ok: true };
}

/**
 * The money of a no-show, minor units. The customer's absence: they pay
 * `fee` (`noShowFee`: 50 % of the service price) plus the booking fee, and get `refund` =
 * `subtotal − fee` back — the late-cancellation outcome. The pro's: `refund` = `total`, no fee.
 */
export function noShowMoney(
  missing: 'customer' | 'vendor',
  order: Pick<NoShowFacts, 'subtotal' | 'total'>,
): { fee: number; refund: number } {
  if (missing === 'vendor') return { fee: 0, refund: order.total };
  const fee = Math.min(noShowFee(order.subtotal), order.subtotal);
  return { fee, refund: order.subtotal - fee };
}

/** Why a dispute is refused. */
export type DisputeRefusal =
  | { reason: 'wrong_actor' }
  /** No customer no-show on this order (409). */
  | { reason: 'nothing_to_dispute' }
  | { reason: 'already_disputed' }
  /** More than `disputeWindowMs` after the fee (409); `until` was the last instant. */
  | { reason: 'too_late'; until: Date };

/**
 * Whether `role` may dispute the order's no-show fee now: its customer, a `customer` no-show,
 * not disputed before, `now ≤ noShowAt + NO_SHOW_POLICY.disputeWindowMs` (inclusive).
 */
export function decideDispute(input: {
  role: OrderRole;
  order: NoShowFacts;
  now: Date;
}): { ok: true } | ({ ok: false } & DisputeRefusal) {
  const { role, order, now } = input;
  if (role !== 'customer') return { ok: false, reason: 'wrong_actor' };
  if (order.noShowBy !== 'customer' || !order.noShowAt) {
    return { ok: false, reason: 'nothing_to_dispute' };
  }
  if (order.noShowDisputedAt) return { ok: false, reason: 'already_disputed' };
  const until = noShowDisputableUntil(order.noShowAt);
  if (now.getTime() > until.getTime()) return { ok: false, reason: 'too_late', until };
  return { ok: true };
}

/** The start of the pro's reliability window ending at `now` (`reliabilityWindowMs`, 90 days). */
export function reliabilitySince(now: Date): Date {
  return new Date(now.getTime() - NO_SHOW_POLICY.reliabilityWindowMs);
}
