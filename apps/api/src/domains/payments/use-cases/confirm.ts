/**
 * Confirming a payment: the card is authorised (the capture follows when the vendor accepts).
 * Exactly one authorisation however many confirms run at once: the attempt's provider key is
 * stored under the payment's lock before the provider is called.
 */
import type { OrderStatus, PaymentResult } from '@vetted/contract';
import { AppError, badRequest } from '../../../lib/errors';
import { blockingOrders } from '../../scheduling';
import { messages } from '../messages';
import { authorizeKey, CONFIRMABLE, cardExpired, luhnValid, notPayableReason } from '../policy';
import type { CardDetails, PaymentProvider } from '../provider';
import * as repo from '../repository';
import type { PaymentRow } from '../repository';
import type { ConfirmInput, Payer } from '../types';
import type { PaymentsContext } from './context';
import {
  extraClosed,
  notPayable,
  notTippable,
  paymentNotFound,
  slotTaken,
  unconfirmable,
} from './errors';
import { runOnce } from './idempotent';
import { saveCardForPlan } from './save-card';
import { cancelForTakenSlot, settleAuthorization } from './settle-authorization';
import { CHANGE_ORDER_STATES, lockOrder, loadOrderFacts, toOrderDto } from '../../orders';

/**
 * Confirms a payment (authorises the card; the capture follows when the vendor accepts).
 * 404 unless the caller is the order's customer; 400 for a missing, invalid or expired card
 * (sandbox); 409 `already_paid` / `order_not_payable` / `slot_taken`; 402 with the provider's
 * message on a decline (confirm again with another card: a new attempt).
 *
 * `idempotencyKey` (the `Idempotency-Key` header): a replay with the same body returns the
 * first answer (success or 4xx); another body with the key answers 422
 * `idempotency_mismatch`; while the first is in flight, 409 `idempotency_in_progress`.
 */
export function confirmPayment(
  ctx: PaymentsContext,
  input: { user: Payer; paymentId: string; body: ConfirmInput; idempotencyKey?: string },
): Promise<PaymentResult> {
  const { user, paymentId, body, idempotencyKey } = input;
  if (!idempotencyKey) return confirmOnce(ctx, user, paymentId, body);
  const request = { user, key: idempotencyKey, scope: 'payments.confirm' };
  return runOnce(ctx, { ...request, request: { paymentId, input: body } }, () =>
    confirmOnce(ctx, user, paymentId, body),
  );
}

/** The payment and order of a customer's payment, or 404. */
async function customersPayment(ctx: PaymentsContext, user: Payer, paymentId: string) {
  const payment = await repo.getPayment(ctx.db, paymentId);
  if (!payment) throw paymentNotFound();
  const facts = await loadOrderFacts(ctx.db, payment.orderId);
  if (!facts || facts.order.customerId !== user.id) throw paymentNotFound();
  return { payment, facts };
}

/**
 * Why the order (in `status`) cannot take a payment of `kind` now, or null: a tip needs a
 * completed job, an extra an accepted or started one, a booking an unpaid order.
 */
function orderRefusal(kind: string, status: OrderStatus | undefined): AppError | null {
  if (kind === 'tip') return status === 'completed' ? null : notTippable();
  if (kind === 'change_order') {
    return status && CHANGE_ORDER_STATES.includes(status) ? null : extraClosed();
  }
  const reason = status ? notPayableReason(status) : 'order_not_payable';
  return reason ? notPayable(reason) : null;
}

/** Checks the sandbox card before anything changes: present, Luhn-valid, not expired (400s). */
function checkCard(
  input: ConfirmInput,
  provider: PaymentProvider,
  now: Date,
): CardDetails | undefined {
  if (provider.name !== 'sandbox') return undefined;
  const c = input.card;
  if (!c) throw badRequest(messages.cardRequired, 'card_required', { card: messages.cardRequired });
  const card: CardDetails = {
    number: c.number.replace(/\D/g, ''),
    expMonth: Number(c.expMonth),
    expYear: Number(c.expYear),
    cvc: String(c.cvc),
    name: String(c.name),
  };
  if (!luhnValid(card.number)) {
    throw badRequest(messages.invalidCardNumber, 'invalid_card_number', {
      'card.number': messages.invalidCardNumber,
    });
  }
  if (cardExpired(card, now)) {
    throw badRequest(messages.cardExpired, 'card_expired', {
      'card.expMonth': messages.cardExpired,
    });
  }
  return card;
}

/** One confirm, without `Idempotency-Key` handling. */
async function confirmOnce(
  ctx: PaymentsContext,
  user: Payer,
  paymentId: string,
  input: ConfirmInput,
): Promise<PaymentResult> {
  const { payment, facts } = await customersPayment(ctx, user, paymentId);
  const early = unconfirmable(payment.status);
  if (early) throw early;
  const refusal = orderRefusal(payment.kind, facts.order.status);
  if (refusal) throw refusal;
  const provider = ctx.providerFor(payment.provider);
  const card = checkCard(input, provider, ctx.clock.now());

  // 1. Lock the payment and store this attempt's provider key before calling the provider.
  const prepared = await lockAttempt(ctx, user, payment);
  if ('error' in prepared) throw prepared.error;
  const { payment: p, key } = prepared;

  // 2. The provider call, with the stored key: a repeat returns the first outcome.
  const result = await provider.authorize({
    paymentId: p.id,
    ref: p.providerRef,
    amount: p.amount,
    currency: p.currency,
    card,
    idempotencyKey: key,
  });

  // 3. Record the outcome.
  if (result.status === 'declined') {
    await recordDecline(ctx, p.id, key, result);
    throw new AppError(402, result.message, result.code);
  }
  if (result.status === 'requires_action') {
    throw new AppError(402, messages.requiresAction, 'requires_action');
  }
  const settled = { paymentId: p.id, key, ref: result.ref, last4: result.last4 };
  await settleAuthorization(ctx, { ...settled, actorId: user.id });
  // A plan's first visit: its card is kept for the next visits' off-session authorisations.
  await saveCardForPlan(ctx, { payment: p, ref: result.ref, card });
  const [fresh, order] = await Promise.all([
    repo.getPayment(ctx.db, p.id),
    loadOrderFacts(ctx.db, p.orderId),
  ]);
  if (!fresh || !order) throw paymentNotFound();
  return { payment: ctx.dto(fresh), order: toOrderDto(order) };
}

/**
 * Step 1 of a confirm: locks the payment (its order first, lock order: db/transaction.ts; a
 * taken slot cancels the order here) and stores this attempt's provider key. Answers the
 * locked payment with its key, or the error to throw.
 */
export function lockAttempt(
  ctx: PaymentsContext,
  user: Payer,
  payment: PaymentRow,
): Promise<{ payment: PaymentRow; key: string } | { error: AppError }> {
  return ctx.inTransaction(async (tx) => {
    await lockOrder(tx, payment.orderId);
    const p = await repo.lockPayment(tx, payment.id);
    if (!p) return { error: paymentNotFound() };
    const refused = unconfirmable(p.status);
    if (refused) return { error: refused };
    const order = await loadOrderFacts(tx, p.orderId);
    const refusal = orderRefusal(p.kind, order?.order.status);
    if (refusal || !order) return { error: refusal ?? notPayable('order_not_payable') };
    const now = ctx.clock.now();
    const interval = { startsAt: order.order.startsAt, endsAt: order.order.endsAt };
    // A tip pays for work done, an extra for work on a booked job: no slot to check.
    const blocked =
      p.kind === 'order' &&
      (await blockingOrders(tx, order.order.vendorId, interval, now, order.order.id)).length > 0;
    if (blocked) {
      await cancelForTakenSlot(ctx, tx, order, p, user.id);
      return { error: slotTaken() };
    }
    const key = authorizeKey(p.id, p.attempt);
    if (p.idempotencyKey !== key) {
      await repo.updatePayment(tx, p.id, { idempotencyKey: key, updatedAt: now });
    }
    return { payment: { ...p, idempotencyKey: key }, key };
  });
}

/** A declined attempt: payment `failed`; the next confirm is a new attempt with a new key. */
export async function recordDecline(
  ctx: PaymentsContext,
  paymentId: string,
  key: string,
  result: { message: string; last4: string | null },
): Promise<void> {
  await ctx.inTransaction(async (tx) => {
    const locked = await repo.lockPayment(tx, paymentId);
    if (!locked || locked.idempotencyKey !== key || !CONFIRMABLE.includes(locked.status)) return;
    await repo.updatePayment(tx, paymentId, {
      status: 'failed',
      failureMessage: result.message,
      cardLast4: result.last4,
      // The next confirm is a new attempt with a new provider key.
      attempt: locked.attempt + 1,
      updatedAt: ctx.clock.now(),
    });
  });
}
