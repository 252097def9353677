/**
 * Pure rules of an order (ARCHITECTURE §1a, §3): who may do what from which state, when, what
 * it costs, and what money moves. No I/O, no clock of its own (callers pass `now`), no text for
 * people (see `messages.ts`). Unit tests: `apps/api/test/orders-policy.test.ts`.
 */
import {
  BOOKING_FEE_BPS,
  CANCELLATION_POLICY,
  type CancellationDecision,
  cancellationDecision,
  type OrderStatus,
  rescheduleWindow,
} from '@vetted/contract';
import type { MoneyEffect } from '../../shared/money';
import { LEAD_TIME_MS } from '../scheduling';

/** The actions of `POST /v1/orders/{id}/transitions`. */
export type OrderAction = 'accept' | 'decline' | 'start' | 'complete' | 'cancel';

/** How a caller relates to an order. Admins may do anything either side may. */
export type OrderRole = 'customer' | 'vendor' | 'admin';

export interface TransitionRule {
  /** The side that may take this action (an admin may take it for them); `either` side for cancel. */
  by: 'vendor' | 'customer' | 'either';
  /** States the action is allowed from. */
  from: readonly OrderStatus[];
  /** State after the action. */
  to: OrderStatus;
}

/**
 * The order state machine (ARCHITECTURE §3): pending_payment → paid (card authorised) →
 * accepted (captured) → in_progress (start code) → completed. The vendor may decline a paid
 * order; the customer may cancel an unpaid or paid order, and an accepted one before its slot;
 * the vendor may cancel a paid or accepted one before its slot, always with a full refund
 * (the published policy in the contract's `cancellation.ts`).
 * `cancelled`, `declined`, `completed` and `refunded` are final.
 */
export const TRANSITIONS: Readonly<Record<OrderAction, TransitionRule>> = {
  accept: { by: 'vendor', from: ['paid'], to: 'accepted' },
  decline: { by: 'vendor', from: ['paid'], to: 'declined' },
  start: { by: 'vendor', from: ['accepted'], to: 'in_progress' },
  complete: { by: 'vendor', from: ['in_progress'], to: 'completed' },
  cancel: { by: 'either', from: ['pending_payment', 'paid', 'accepted'], to: 'cancelled' },
};

/** A vendor may start a job at most this long before its slot: 30 minutes, in ms. */
export const START_WINDOW_MS = 30 * 60_000;

/**
 * Refund policy bands for a customer's cancellation after the pro accepted (`/refund`): at least
 * this long before the slot (24 h, in ms) the whole total comes back… The numbers live in the
 * contract's `CANCELLATION_POLICY` (one module for the rules and the published page).
 */
export const FULL_REFUND_NOTICE_MS = CANCELLATION_POLICY.fullRefundNoticeMs;

/** …later than that (but before the slot) this share of the service price, in basis points (50 %); the booking fee is kept. */
export const LATE_CANCEL_REFUND_BPS = CANCELLATION_POLICY.lateRefundBps;

/** At most this many unpaid bookings (holds not expired) per customer at once. */
export const UNPAID_ORDER_LIMIT = 3;

/** Wrong start codes allowed before `start` is locked (10 000 codes: 5 guesses ≈ 0.05 %). */
export const START_CODE_MAX_FAILURES = 5;

/** How long `start` stays locked after too many wrong codes, in ms (15 minutes). */
export const START_CODE_LOCK_MS = 15 * 60_000;

/**
 * Booking fee in minor units: `BOOKING_FEE_BPS` (5 %, contract) of the subtotal, rounded half up.
 * @param subtotal service price in minor units (integer)
 */
export function bookingFee(subtotal: number): number {
  return Math.round((subtotal * BOOKING_FEE_BPS) / 10_000);
}

/** What the order's money needs because of a transition: one definition in shared/money.ts. */
export type { MoneyEffect };

/** The facts of an order the rules look at. Money in minor units. */
export interface OrderFacts {
  status: OrderStatus;
  startsAt: Date;
  subtotal: number;
  total: number;
}

/** The earliest instant a vendor may start the job of a slot starting at `startsAt`. */
export function earliestStart(startsAt: Date): Date {
  return new Date(startsAt.getTime() - START_WINDOW_MS);
}

/**
 * The refund policy (`/refund`): the band and amount a cancellation by `role` at `now` falls in,
 * or null when an order in its state cannot be cancelled. The contract's
 * `cancellationDecision` (one module for the code and the published text).
 */
export function cancellationBand(
  order: OrderFacts,
  role: OrderRole,
  now: Date,
): CancellationDecision | null {
  return cancellationDecision(order, role, now);
}

/**
 * The refund policy (`/refund`): the amount (minor units) a cancellation at `now` gives back.
 * - unpaid: 0 (nothing was taken);
 * - paid, not yet accepted: the whole total, booking fee included ("Before the pro accepts");
 * - accepted: the whole total when cancelled at least `FULL_REFUND_NOTICE_MS` before the slot,
 *   else `LATE_CANCEL_REFUND_BPS` of the subtotal (rounded half up) until the slot starts, then 0;
 *   an admin's (support upheld a complaint) or the vendor's cancellation gives back the whole total;
 * - any other state: 0.
 */
export function cancellationRefund(order: OrderFacts, role: OrderRole, now: Date): number {
  return cancellationDecision(order, role, now)?.refund ?? 0;
}

/** Why a transition is refused; the service turns each into an HTTP error (messages.ts). */
export type TransitionRefusal =
  /** The caller is not the side that takes this action (403). */
  | { reason: 'wrong_actor'; by: 'vendor' | 'customer' }
  /** Not allowed from the current state (409). */
  | { reason: 'invalid_transition' }
  /** `start` more than `START_WINDOW_MS` before the slot (409). */
  | { reason: 'too_early'; earliest: Date }
  /** A customer cancelling an accepted order whose slot has begun (409). */
  | { reason: 'slot_started' };

export type TransitionVerdict =
  | { ok: true; to: OrderStatus; money: MoneyEffect }
  | ({ ok: false } & TransitionRefusal);

/**
 * Decides one action of the state machine. Checks, in order: the right side (admins pass) →
 * the right state → the time rules (start no earlier than `START_WINDOW_MS` before the slot;
 * a customer cancels an accepted order only before its slot). The money effect: accept →
 * capture; decline or cancel of a paid order → void; cancel of an accepted order → refund of
 * `cancellationRefund` (none when that is 0). The start code is checked separately
 * (`checkStartCode`).
 */
export function decideTransition(input: {
  action: OrderAction;
  role: OrderRole;
  order: OrderFacts;
  now: Date;
}): TransitionVerdict {
  const { action, role, order, now } = input;
  const rule = TRANSITIONS[action];
  if (role !== 'admin' && rule.by !== 'either' && role !== rule.by)
    return { ok: false, reason: 'wrong_actor', by: rule.by };
  if (!rule.from.includes(order.status)) return { ok: false, reason: 'invalid_transition' };
  switch (action) {
    case 'accept':
      return { ok: true, to: rule.to, money: { kind: 'capture' } };
    case 'decline':
      return { ok: true, to: rule.to, money: { kind: 'void' } };
    case 'start': {
      const earliest = earliestStart(order.startsAt);
      if (now.getTime() < earliest.getTime()) return { ok: false, reason: 'too_early', earliest };
      return { ok: true, to: rule.to, money: { kind: 'none' } };
    }
    case 'complete':
      return { ok: true, to: rule.to, money: { kind: 'none' } };
    case 'cancel': {
      // The published policy (contract cancellation.ts) decides who may, and what comes back.
      const band = cancellationDecision(order, role, now);
      if (!band) return { ok: false, reason: 'invalid_transition' };
      if (!band.allowed) return { ok: false, reason: 'slot_started' };
      if (order.status === 'pending_payment')
        return { ok: true, to: rule.to, money: { kind: 'none' } };
      if (order.status === 'paid') return { ok: true, to: rule.to, money: { kind: 'void' } };
      return {
        ok: true,
        to: rule.to,
        money: band.refund > 0 ? { kind: 'refund', amount: band.refund } : { kind: 'none' },
      };
    }
  }
}

/**
 * The refund a customer would get by cancelling now, or null when they may not cancel (wrong
 * state or too late) or nothing was paid. Shown on the customer's order page before they decide.
 */
export function refundIfCancelledNow(order: OrderFacts, role: OrderRole, now: Date): number | null {
  const verdict = decideTransition({ action: 'cancel', role, order, now });
  if (!verdict.ok) return null;
  if (verdict.money.kind === 'refund') return verdict.money.amount;
  if (verdict.money.kind === 'void') return order.total;
  return null;
}

/** Start-code state stored on the order. */
export interface StartCodeState {
  /** The code the customer holds (4 digits), null if none was issued. */
  code: string | null;
  /** Wrong codes since the last lock-out. */
  failures: number;
  /** `start` refused until then, or null. */
  lockedUntil: Date | null;
}

export type StartCodeCheck =
  | { result: 'ok' }
  /** No code sent (400). */
  | { result: 'missing' }
  /** Too many wrong codes: refused until `until` (429). */
  | { result: 'locked'; until: Date }
  /** Wrong code (400); store the new counters. The last allowed failure starts a lock-out. */
  | { result: 'wrong'; failures: number; lockedUntil: Date | null };

/**
 * Checks the customer's start code given by the vendor at `now`: a lock-out first, then the
 * code. Every `START_CODE_MAX_FAILURES`-th wrong code locks `start` for `START_CODE_LOCK_MS` and
 * resets the counter, so guessing is bounded at 5 codes per 15 minutes (≈ 1 in 10 000 each).
 */
export function checkStartCode(
  state: StartCodeState,
  given: string | undefined,
  now: Date,
): StartCodeCheck {
  if (state.lockedUntil && now.getTime() < state.lockedUntil.getTime()) {
    return { result: 'locked', until: state.lockedUntil };
  }
  if (!given) return { result: 'missing' };
  if (state.code !== null && given === state.code) return { result: 'ok' };
  const failures = state.failures + 1;
  if (failures >= START_CODE_MAX_FAILURES) {
    return {
      result: 'wrong',
      failures: 0,
      lockedUntil: new Date(now.getTime() + START_CODE_LOCK_MS),
    };
  }
  return { result: 'wrong', failures, lockedUntil: null };
}

/** Whether a customer with `unpaid` live unpaid bookings may book another (`UNPAID_ORDER_LIMIT`). */
export function mayBookAnother(unpaid: number): boolean {
  return unpaid < UNPAID_ORDER_LIMIT;
}

/** Why a reschedule or an answer to one is refused; the service turns each into an HTTP error. */
export type RescheduleRefusal =
  /** Not the side that may do this (403). */
  | { reason: 'wrong_actor'; by: 'vendor' | 'customer' }
  /** The order cannot be moved in its state (409). */
  | { reason: 'invalid_state' }
  /** Past the reschedule cut-off (`rescheduleNoticeMs` before the start, 409). */
  | { reason: 'too_late'; deadline: Date }
  /** No new time waits for the vendor's answer (409). */
  | { reason: 'nothing_pending' };

/** The facts of an order the reschedule rules look at. */
export interface RescheduleFacts {
  status: OrderStatus;
  startsAt: Date;
  /** The slot before the last reschedule while the vendor has not answered, else null. */
  previousStartsAt: Date | null;
}

/**
 * Whether `role` may move the order now: its customer (or an admin), a paid or
 * accepted order, until the contract's reschedule cut-off (`rescheduleWindow`: 24 h before the
 * current start, inclusive). The new slot itself is checked by the service (grid, lead time, free).
 */
export function decideReschedule(input: {
  role: OrderRole;
  order: RescheduleFacts;
  now: Date;
}): { ok: true } | ({ ok: false } & RescheduleRefusal) {
  const { role, order, now } = input;
  if (role === 'vendor') return { ok: false, reason: 'wrong_actor', by: 'customer' };
  const window = rescheduleWindow(order, now);
  if (order.status !== 'paid' && order.status !== 'accepted') {
    return { ok: false, reason: 'invalid_state' };
  }
  if (role !== 'admin' && !window.allowed) {
    return { ok: false, reason: 'too_late', deadline: window.deadline };
  }
  return { ok: true };
}

/**
 * Whether `role` may answer (confirm or decline) the new time of a rescheduled order: its vendor
 * (or an admin), while a reschedule is pending and the order is still paid or accepted.
 */
export function decideRescheduleAnswer(input: {
  role: OrderRole;
  order: RescheduleFacts;
}): { ok: true } | ({ ok: false } & RescheduleRefusal) {
  const { role, order } = input;
  if (role === 'customer') return { ok: false, reason: 'wrong_actor', by: 'vendor' };
  if (order.status !== 'paid' && order.status !== 'accepted') {
    return { ok: false, reason: 'invalid_state' };
  }
  if (!order.previousStartsAt) return { ok: false, reason: 'nothing_pending' };
  return { ok: true };
}

/**
 * What declining the new time does: back to the previous slot when it is still free
 * and still bookable (at least `LEAD_TIME_MS` ahead of `now`, like any booking), else the order
 * is cancelled with a full refund — the vendor could keep neither time.
 */
export function declineOutcome(input: {
  previousStartsAt: Date;
  previousFree: boolean;
  now: Date;
}): 'restore' | 'cancel' {
  const bookable = input.previousStartsAt.getTime() >= input.now.getTime() + LEAD_TIME_MS;
  return bookable && input.previousFree ? 'restore' : 'cancel';
}

/**
 * "On my way" opens this long before the slot's start: 3 h, in ms. A pro drives to a job on
 * its day; earlier than this the customer cannot act on an ETA, and a message a day ahead
 * would read as a mistake.
 */
export const ON_MY_WAY_OPENS_MS = 3 * 3_600_000;

/** Why an "On my way" is refused; the use case turns each into an HTTP error. */
export type OnMyWayRefusal =
  /** Only the order's pro (or an admin for them) says they are on the way (403). */
  | { reason: 'wrong_actor' }
  /** Only an accepted order: not yet accepted, started, or closed (409). */
  | { reason: 'invalid_state' }
  /** Before `ON_MY_WAY_OPENS_MS` ahead of the start (409); `opens` says when it opens. */
  | { reason: 'too_early'; opens: Date }
  /** The slot has ended (`endsAt`, start + the service's duration) (409). */
  | { reason: 'too_late' };

/**
 * Whether `role` may send "On my way" for an order at `now`: its pro (or an admin), an
 * `accepted` order, from `ON_MY_WAY_OPENS_MS` before `startsAt` (inclusive) until `endsAt`
 * (exclusive). It may be sent again in that window to update the ETA.
 */
export function decideOnMyWay(input: {
  role: OrderRole;
  order: { status: OrderStatus; startsAt: Date; endsAt: Date };
  now: Date;
}): { ok: true } | ({ ok: false } & OnMyWayRefusal) {
  const { role, order, now } = input;
  if (role === 'customer') return { ok: false, reason: 'wrong_actor' };
  if (order.status !== 'accepted') return { ok: false, reason: 'invalid_state' };
  const opens = new Date(order.startsAt.getTime() - ON_MY_WAY_OPENS_MS);
  if (now.getTime() < opens.getTime()) return { ok: false, reason: 'too_early', opens };
  if (now.getTime() >= order.endsAt.getTime()) return { ok: false, reason: 'too_late' };
  return { ok: true };
}

/**
 * The "On my way" an order shows: the stored one while the order is accepted and it was sent
 * in the window of the order's current slot (so one sent before an admin moved the booking
 * is not shown for the new time), else null.
 */
export function currentOnMyWay(order: {
  status: OrderStatus;
  startsAt: Date;
  endsAt: Date;
  onMyWayAt: Date | null;
  onMyWayEtaMinutes: number | null;
}): { at: Date; etaMinutes: number } | null {
  const { onMyWayAt: at, onMyWayEtaMinutes: etaMinutes } = order;
  if (order.status !== 'accepted' || !at || etaMinutes === null) return null;
  const opens = order.startsAt.getTime() - ON_MY_WAY_OPENS_MS;
  if (at.getTime() < opens || at.getTime() >= order.endsAt.getTime()) return null;
  return { at, etaMinutes };
}
