/**
 * The HTTP errors the payments use cases throw (their text: messages.ts), and how a provider or
 * driver error is read.
 */
import { PermanentDeliveryError } from '../../../jobs/define';
import { type AppError, conflict, notFound } from '../../../lib/errors';
import { messages } from '../messages';
import { CONFIRMABLE } from '../policy';
import type { PaymentRow } from '../repository';

export const paymentNotFound = () => notFound(messages.paymentNotFound, 'payment_not_found');
export const orderNotFound = () => notFound(messages.orderNotFound, 'order_not_found');
export const notTippable = () => conflict(messages.notTippable, 'order_not_tippable');
export const alreadyTipped = () => conflict(messages.alreadyTipped, 'already_tipped');
export const slotTaken = () => conflict(messages.slotTaken, 'slot_taken');
/** 409: an extra's approval came after the job ended or the extra was answered. */
export const extraClosed = () => conflict(messages.extraClosed, 'order_not_changeable');

/** 409 for an order that cannot take a payment: paid already, or no longer payable. */
export function notPayable(reason: 'already_paid' | 'order_not_payable'): AppError {
  return reason === 'already_paid'
    ? conflict(messages.alreadyPaid, 'already_paid')
    : conflict(messages.notPayable, 'order_not_payable');
}

/** Why a payment in `status` cannot be confirmed (409), or null when it can. */
export function unconfirmable(status: PaymentRow['status']): AppError | null {
  if (CONFIRMABLE.includes(status)) return null;
  if (status === 'refunded' || status === 'refund_pending') {
    return conflict(messages.refunded, 'order_not_payable');
  }
  if (status === 'voided') return conflict(messages.notPayable, 'order_not_payable');
  return conflict(messages.alreadyPaid, 'already_paid');
}

/** Postgres error code and constraint of a driver error (also when Drizzle wrapped it). */
export function pgError(err: unknown): { code?: string; constraint?: string } {
  let e = err as
    | { code?: unknown; constraint?: unknown; constraint_name?: unknown; cause?: unknown }
    | undefined;
  for (let i = 0; e && i < 5; i++) {
    if (typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code)) {
      const constraint = e.constraint_name ?? e.constraint;
      return { code: e.code, constraint: typeof constraint === 'string' ? constraint : undefined };
    }
    e = e.cause as typeof e;
  }
  return {};
}

/** A provider refusal that can never succeed becomes a permanent outbox failure. */
export function deliveryError(err: unknown): unknown {
  if (err && typeof err === 'object' && (err as { permanent?: unknown }).permanent === true) {
    return new PermanentDeliveryError((err as Error).message, { cause: err });
  }
  return err;
}
