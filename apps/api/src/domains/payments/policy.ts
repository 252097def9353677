/**
 * Pure payment rules: idempotency keys of every provider call, which payment
 * states may be confirmed, card checks. No I/O; unit-tested in `test/payments-policy.test.ts`.
 */
import { maxTip, type OrderStatus, type PaymentStatus, TIP_LIMITS } from '@vetted/contract';

/** Stripe-style test card numbers with a fixed outcome in the sandbox (stripe.com/docs/testing). */
export const SANDBOX_CARDS = {
  success: '4242424242424242',
  declined: '4000000000000002',
  insufficientFunds: '4000000000009995',
  /** Authorises, but every refund fails at the bank (Stripe: "refund fails asynchronously"). */
  refundFails: '4000000000005126',
} as const;

/** The Luhn (mod 10) check every real card number passes. `digits`: 12–19 digits, nothing else. */
export function luhnValid(digits: string): boolean {
  if (!/^\d{12,19}$/.test(digits)) return false;
  let sum = 0;
  let double = false;
  for (let i = digits.length - 1; i >= 0; i--) {
    let d = digits.charCodeAt(i) - 48;
    if (double) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
    double = !double;
  }
  return sum % 10 === 0;
}

/** True when a card valid through `expMonth`/`expYear` (end of that month, UTC) has expired at `now`. */
export function cardExpired(card: { expMonth: number; expYear: number }, now: Date): boolean {
  const year = now.getUTCFullYear();
  return card.expYear < year || (card.expYear === year && card.expMonth < now.getUTCMonth() + 1);
}

/**
 * Provider idempotency key of authorisation attempt `attempt` (from 1) of a payment. Stored on
 * the payment before the provider is called; a new attempt starts only after a decline, so
 * repeated and concurrent confirms of one attempt reach the provider with the same key.
 */
export const authorizeKey = (paymentId: string, attempt: number) =>
  `payment:${paymentId}:authorize:${attempt}`;
/** Outbox (and provider) key of the capture of a payment: one capture per payment. */
export const captureKey = (paymentId: string) => `payment:${paymentId}:capture`;
/** Outbox (and provider) key of the void of one provider charge of a payment. */
export const voidKey = (paymentId: string, ref: string) => `payment:${paymentId}:void:${ref}`;
/** Outbox (and provider) key of refund number `n` (from 1) of a payment. */
/** The idempotency-key prefix every refund job of the payment shares (`payment:<id>:refund:`). */
export const refundKeyPrefix = (paymentId: string) => `payment:${paymentId}:refund:`;
export const refundKey = (paymentId: string, n: number) => `${refundKeyPrefix(paymentId)}${n}`;
/** Outbox key of the refund of a charge the database does not account for (reconciliation). */
export const orphanRefundKey = (ref: string) => `payment:orphan:${ref}:refund`;
/** Outbox key of the receipt mail of a payment. */
export const receiptKey = (paymentId: string) => `payment:${paymentId}:receipt`;
/** Provider key of the PaymentIntent (Stripe) created when a payment is initialised. */
export const prepareKey = (paymentId: string) => `payment:${paymentId}:prepare`;

/** Payment states a customer may (still) confirm: never authorised, or declined last time. */
export const CONFIRMABLE: readonly PaymentStatus[] = ['requires_payment', 'failed'];

/** Payment states that mean the card is (or was) charged or held for the order. */
export const PAID_STATUSES: readonly PaymentStatus[] = [
  'succeeded',
  'authorized',
  'captured',
  'refund_pending',
  'refunded',
];

/** Order states after payment (the order can no longer be paid: it already was). */
export const ORDER_PAID_STATES: readonly OrderStatus[] = [
  'paid',
  'accepted',
  'in_progress',
  'completed',
];

/** Why an order cannot be paid: `already_paid` after payment, else `order_not_payable`. */
export function notPayableReason(status: OrderStatus): 'already_paid' | 'order_not_payable' | null {
  if (status === 'pending_payment') return null;
  return ORDER_PAID_STATES.includes(status) ? 'already_paid' : 'order_not_payable';
}

/**
 * What reconciliation does with one provider charge:
 * - `none` — nothing: the charge is voided or fully refunded, or the payment holding its ref
 *   already recorded it (an outbox job in flight converges the rest);
 * - `refund` — captured money the database does not account for: give back what is left;
 * - `adopt` — the payment is still confirmable and never recorded this authorisation (a crash
 *   between the provider call and the commit) and its order can still be paid: record it and
 *   mark the order paid;
 * - `void` — any other authorisation nobody accounts for: release it.
 * `payment` is the payment named by the charge's metadata (null when unknown).
 */
export function reconcileAction(input: {
  chargeRef: string;
  chargeState: 'authorized' | 'captured' | 'voided' | 'refunded' | 'partially_refunded';
  payment: { status: PaymentStatus; providerRef: string | null } | null;
  orderPayable: boolean;
}): 'adopt' | 'void' | 'refund' | 'none' {
  const { chargeState, payment, chargeRef } = input;
  if (chargeState === 'voided' || chargeState === 'refunded') return 'none';
  const confirmable = payment !== null && CONFIRMABLE.includes(payment.status);
  if (payment && payment.providerRef === chargeRef && !confirmable) return 'none';
  if (chargeState === 'captured' || chargeState === 'partially_refunded') return 'refund';
  if (confirmable && (payment.providerRef === null || payment.providerRef === chargeRef)) {
    return input.orderPayable ? 'adopt' : 'void';
  }
  return 'void';
}

/**
 * Why an order cannot take a tip of `amount` (minor units) now,
 * or null when it can: only a `completed` order (`not_completed`), between `TIP_LIMITS.minMinor`
 * (`too_small`) and `maxTip(subtotal)` (`too_large`) — bounds from the contract's policy module.
 */
export function tipRefusal(
  order: { status: OrderStatus; subtotal: number },
  amount: number,
): 'not_completed' | 'too_small' | 'too_large' | null {
  if (order.status !== 'completed') return 'not_completed';
  if (amount < TIP_LIMITS.minMinor) return 'too_small';
  if (amount > maxTip(order.subtotal)) return 'too_large';
  return null;
}
