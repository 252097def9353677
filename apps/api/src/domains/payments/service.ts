/**
 * Payments (spec: exactly-once money): authorise at checkout, capture when the vendor accepts,
 * void or refund on decline/cancel, each provider call with a stable idempotency key stored
 * before the call; a double-entry ledger of what moved; reconciliation of provider charges the
 * database does not account for.
 *
 * This file composes the use cases (`use-cases/<verb>.ts`, each `(ctx, input) → result`) into
 * the service routes, jobs and other domains call. Read with `policy.ts` (keys, rules),
 * `repository.ts` (queries), `messages.ts` (text), `dto.ts` (output mapping).
 */
import type { Payment, PaymentResult, TipBody } from '@vetted/contract';
import type { DbOrTx } from '../../db/client';
import type { DeliveryContext } from '../../jobs/define';
import { rescheduleOutbox } from '../../jobs/outbox-queries';
import { paymentCaptureJob } from './jobs/capture';
import { paymentOrphanRefundJob } from './jobs/orphan-refund';
import { paymentRefundJob } from './jobs/refund';
import { paymentVoidJob } from './jobs/void';
import { refundKeyPrefix } from './policy';
import * as repo from './repository';
import type { ConfirmInput, Payer, PaymentsDeps } from './types';
import { adminView, adminViewsOfOrder } from './use-cases/admin-view';
import { handleCapture } from './use-cases/capture';
import {
  openChangeOrderPayment,
  prepareChangeOrderPayment,
  releaseChangeOrderPayment,
  requestChangeOrderCapture,
} from './use-cases/change-order-payment';
import { confirmPayment } from './use-cases/confirm';
import { createPaymentsContext, type PaymentsContext } from './use-cases/context';
import { initializePayment } from './use-cases/initialize';
import { authorizeOffSession } from './use-cases/off-session-authorize';
import { saveCardForPlan, savedCard, savedCardOfOrder } from './use-cases/save-card';
import { reconcile } from './use-cases/reconcile';
import { handleOrphanRefund, handleRefund, type RefundJob } from './use-cases/refund';
import { requestCapture, requestRefund, requestVoid } from './use-cases/request-money';
import { settleAuthorization } from './use-cases/settle-authorization';
import { startTip, tipOf } from './use-cases/start-tip';
import { handleVoid } from './use-cases/void';

export { toPaymentDto } from './dto';
export type { ConfirmInput, Payer, PaymentProviders, PaymentsDeps } from './types';
export { IDEMPOTENCY_LOCK_MS } from './use-cases/idempotent';
export { RECONCILE_WINDOW_MS } from './use-cases/reconcile';
export {
  isCaptured,
  lockPaymentForRefund,
  requestCapture,
  requestPaymentRefund,
  requestRefund,
  requestVoid,
} from './use-cases/request-money';

/** Outbox kinds of this domain. */
export const CAPTURE_KIND = paymentCaptureJob.name;
export const VOID_KIND = paymentVoidJob.name;
export const REFUND_KIND = paymentRefundJob.name;
/** Refund of captured money no payment accounts for (reconciliation). */
export const ORPHAN_REFUND_KIND = paymentOrphanRefundJob.name;

/** The checkout side: start, confirm and tip a payment, and the order's payments as shown. */
function checkoutUseCases(ctx: PaymentsContext) {
  return {
    /**
     * Starts (or resumes) payment of the customer's pending order: its open payment
     * (`requires_payment`, or `failed` after a decline) or a new one for the order total with the
     * configured provider; then `provider.prepare` (Stripe: the PaymentIntent; its client secret
     * is returned). 404 unless the caller is the order's customer; 409 once paid/not payable.
     */
    initialize: (user: Payer, orderId: string): Promise<Payment> =>
      initializePayment(ctx, { user, orderId }),

    /**
     * Confirms a payment (authorises the card; the capture follows when the vendor accepts).
     * 404 unless the caller is the order's customer; 400 for a missing, invalid or expired card
     * (sandbox); 409 `already_paid` / `order_not_payable` / `slot_taken`; 402 with the provider's
     * message on a decline (confirm again with another card: a new attempt). Exactly one
     * authorisation however many confirms run at once: the payment row is locked and the
     * attempt's provider key stored before the provider is called, so every caller of one
     * attempt reaches the provider with the same key and gets the same success.
     *
     * `idempotencyKey` (the `Idempotency-Key` header): a replay with the same body returns the
     * first answer (success or 4xx); another body with the key answers 422
     * `idempotency_mismatch`; while the first is in flight, 409 `idempotency_in_progress`.
     */
    confirm: (
      user: Payer,
      paymentId: string,
      input: ConfirmInput,
      idempotencyKey?: string,
    ): Promise<PaymentResult> =>
      confirmPayment(ctx, { user, paymentId, body: input, idempotencyKey }),

    /**
     * Records an authorisation the provider reports asynchronously (e.g. a Stripe webhook
     * `payment_intent.amount_capturable_updated`) exactly as a confirm would: payment
     * `authorized`, order `paid`. Idempotent; throws a 409 AppError when the order can no longer
     * take it (the hold is then released through the outbox). A plan's first visit keeps its
     * card here too: the webhook may arrive before the browser's confirm, which then answers 409.
     */
    async applyAuthorization(paymentId: string, ref: string, last4: string | null): Promise<void> {
      await settleAuthorization(ctx, { paymentId, key: null, ref, last4, actorId: null });
      const payment = await repo.getPayment(ctx.db, paymentId);
      if (payment) await saveCardForPlan(ctx, { payment, ref });
    },

    /** The order's current payment as the API shows it (its latest attempt), or null. */
    async paymentOf(dbx: DbOrTx, orderId: string): Promise<Payment | null> {
      const row = await repo.latestPayment(dbx, orderId);
      return row ? ctx.dto(row) : null;
    },

    /**
     * The order's tip as the API shows it: the charged one if any, else the newest
     * open attempt; null when none was started (or only replaced ones remain).
     */
    tipOf: (dbx: DbOrTx, orderId: string): Promise<Payment | null> => tipOf(ctx, dbx, orderId),

    /**
     * `POST /v1/orders/{id}/tip`: starts a tip of `body.amount` minor units for a completed
     * order, by its customer (use-cases/start-tip.ts). Errors: 404 `order_not_found`; 409
     * `order_not_tippable`, `already_tipped`; 400 `invalid_tip`.
     */
    startTip: (user: Payer, orderId: string, body: TipBody): Promise<Payment> =>
      startTip(ctx, { user, orderId, body }),
  };
}

/**
 * Extras (change orders) for the orders domain, which owns them: their payment opened inside
 * its transaction, prepared after commit, captured at completion or released when the job ends
 * otherwise (use-cases/change-order-payment.ts).
 */
function changeOrderUseCases(ctx: PaymentsContext) {
  return {
    /**
     * Inside `tx`: the open `change_order` payment `reuseId` when it can still be confirmed for
     * `amount` (minor units), else a new one with the configured provider. Answers its id.
     */
    openChangeOrderPayment: (
      tx: DbOrTx,
      input: { orderId: string; amount: number; currency: string; reuseId: string | null },
    ): Promise<string> => openChangeOrderPayment(ctx, tx, input),
    /** After commit: `provider.prepare` of the extra's payment; answers it to confirm. */
    prepareChangeOrderPayment: (paymentId: string): Promise<Payment> =>
      prepareChangeOrderPayment(ctx, paymentId),
    /** Inside `tx`: queues the capture of the extra's authorisation (job `payment.capture`). */
    requestChangeOrderCapture,
    /** Inside `tx`: voids the extra's authorisation, or closes its unconfirmed payment. */
    releaseChangeOrderPayment: (tx: DbOrTx, paymentId: string, actorId: string | null) =>
      releaseChangeOrderPayment(ctx, tx, paymentId, actorId),
  };
}

/** The admin console's views of payments. */
function adminUseCases(ctx: PaymentsContext) {
  return {
    /**
     * The admin view of a payment: the payment, what the provider did to the card (every event
     * of the sandbox's fake bank for this payment, or the provider's events of its charge) and
     * its ledger postings. 404 for an unknown id, and for anyone but an admin (the `/v1/admin`
     * guard already answers those 403).
     */
    adminView: (user: Payer, paymentId: string) => adminView(ctx, { user, paymentId }),

    /**
     * The admin view (see `adminView`) of every payment of an order — the booking's attempts
     * and its tips — oldest first (`GET /v1/admin/orders/{id}`).
     */
    adminViewsOfOrder: (orderId: string) => adminViewsOfOrder(ctx, orderId),
  };
}

/** What this domain's jobs run (./jobs/*.ts): register those with `app.jobs`. */
function jobHandlers(ctx: PaymentsContext) {
  return {
    capture: (job: { paymentId: string; actorId: string | null }) => handleCapture(ctx, job),
    void: (
      job: { paymentId: string | null; ref: string; provider: string; actorId: string | null },
      delivery: DeliveryContext,
    ) => handleVoid(ctx, job, delivery),
    refund: (job: RefundJob, delivery: DeliveryContext) => handleRefund(ctx, job, delivery),
    orphanRefund: (
      job: {
        paymentId: string | null;
        provider: string;
        ref: string;
        amount: number;
        currency: string;
      },
      delivery: DeliveryContext,
    ) => handleOrphanRefund(ctx, job, delivery),
  };
}

/**
 * The payments service. `providers` by name; new payments use `config.paymentProvider`, existing
 * ones the provider they were made with.
 */
export function createPaymentsService(deps: PaymentsDeps) {
  const ctx = createPaymentsContext(deps);
  return {
    /** The provider of a payment (by its `provider` column); 501 when Stripe is not configured. */
    providerFor: ctx.providerFor,
    /** The contract `Payment` of a row. */
    toDto: ctx.dto,
    ...checkoutUseCases(ctx),
    ...changeOrderUseCases(ctx),
    ...adminUseCases(ctx),
    /**
     * A provider says a refund of the payment settled (e.g. Stripe `charge.refunded`): makes its
     * pending refund jobs due now, so the outbox records them (the provider answers the same key
     * with the settled refund). Returns how many jobs were rescheduled.
     */
    refundSettled: (paymentId: string): Promise<number> =>
      rescheduleOutbox(deps.db, refundKeyPrefix(paymentId), deps.clock.now()),

    /**
     * Lists each provider's charges created since `since` (default: the last 24 h) and adopts,
     * voids or refunds those the database does not account for (use-cases/reconcile.ts).
     * Returns what it did.
     */
    reconcile: (since?: Date) => reconcile(ctx, since),

    /**
     * A plan's visit: authorises the unpaid order on the saved card without the customer
     * (use-cases/off-session-authorize.ts); `declined` leaves the order payable in checkout.
     */
    authorizeOffSession: (input: { orderId: string; savedPaymentMethodId: string }) =>
      authorizeOffSession(ctx, input),
    /** The card a payment of an order saved or used (`{ id, last4 }`), or null. */
    savedCardOfOrder,
    /** A saved card's `{ id, last4 }`, or null. */
    savedCard,
    // For the orders domain (its `OrderPayments`): queue money moves inside ITS transaction.
    requestCapture,
    requestVoid,
    requestRefund,
    /** What this domain's jobs run (./jobs/*.ts): register those with `app.jobs`. */
    handlers: jobHandlers(ctx),
  };
}

export type PaymentsService = ReturnType<typeof createPaymentsService>;
