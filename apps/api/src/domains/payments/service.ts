/**
 * Payments use cases (issue #6 §3 "Exactly-once money"): authorise at checkout, capture when the
 * vendor accepts, void or refund on decline/cancel, each provider call with a stable idempotency
 * key stored before the call; a double-entry ledger of what moved; reconciliation of provider
 * charges the database does not account for.
 *
 * Read with `policy.ts` (keys, rules), `repository.ts` (queries), `messages.ts` (text).
 */
import { createHash } from 'node:crypto';
import {
  type AdminPayment,
  maxTip,
  type Payment,
  type PaymentResult,
  TIP_LIMITS,
  type TipBody,
} from '@vetted/contract';
import { v7 as uuidv7 } from 'uuid';
import type { DbOrTx, Tx } from '../../db/client';
import { withTransactionRetry } from '../../db/transaction';
import { AppError, badRequest, conflict, notFound } from '../../lib/errors';
import { enqueue } from '../../jobs/engine';
import { type DeliveryContext, PermanentDeliveryError } from '../../jobs/define';
import { paymentCaptureJob } from './jobs/capture';
import { paymentOrphanRefundJob } from './jobs/orphan-refund';
import { paymentRefundJob } from './jobs/refund';
import { REFUNDABLE_ORDER_STATUSES, tellVendorOfRecovery } from './refund-recovery';
import { paymentVoidJob } from './jobs/void';
import { blockingOrders } from '../catalogue/service';
import type { ServiceDeps } from '../deps';
import type { LedgerKind } from '../ledger/policy';
import { type RefundBearer, vendorShareLeft } from '../ledger/policy';
import { entriesForPayment, postCapture, postRefund, postTip } from '../ledger/service';
import { enqueueMail } from '../mail/service';
import { notify, pushToUsers } from '../notifications/service';
import {
  formatMoney,
  formatWhen,
  holdReleasedNotice,
  messages,
  newBookingMail,
  newBookingNotice,
  type OrderFacts,
  paidNote,
  paymentReceivedNotice,
  receiptMail,
  refundedNote,
  refundedNotice,
  tipCurrency,
  tipNote,
  tipReceivedNotice,
  tipReplaced,
  tipSentNotice,
  tipTooLarge,
  tipTooSmall,
} from './messages';
import {
  authorizeKey,
  CONFIRMABLE,
  captureKey,
  cardExpired,
  luhnValid,
  notPayableReason,
  orphanRefundKey,
  PAID_STATUSES,
  prepareKey,
  receiptKey,
  reconcileAction,
  refundKey,
  tipRefusal,
  voidKey,
} from './policy';
import type { CardDetails, PaymentProvider, ProviderEvent } from './provider';
import * as repo from './repository';
import type { OrderFactsRow, PaymentRow } from './repository';

/** Outbox kinds of this domain. */
export const CAPTURE_KIND = paymentCaptureJob.name;
export const VOID_KIND = paymentVoidJob.name;
export const REFUND_KIND = paymentRefundJob.name;
/** Refund of captured money no payment accounts for (reconciliation). */
export const ORPHAN_REFUND_KIND = paymentOrphanRefundJob.name;

/** How long (ms) an `Idempotency-Key` stays locked by a request that never answered (it died). */
export const IDEMPOTENCY_LOCK_MS = 10_000;
/** How far back (ms) reconciliation lists provider charges: 24 h. */
export const RECONCILE_WINDOW_MS = 24 * 60 * 60 * 1000;

/** The configured providers by name; `stripe` only when its keys are set. */
export interface PaymentProviders {
  sandbox: PaymentProvider;
  stripe?: PaymentProvider;
}

export interface PaymentsDeps extends ServiceDeps {
  providers: PaymentProviders;
}

/** What the checkout caller is. */
export interface Payer {
  id: string;
  role: string;
}

/** Card as the confirm body carries it (sandbox only; Stripe collects the card in the browser). */
export interface ConfirmInput {
  card?: {
    number: string;
    expMonth: number | string;
    expYear: number | string;
    cvc: string;
    name: string;
  };
}

interface CaptureJob {
  paymentId: string;
  actorId: string | null;
}
interface VoidJob {
  paymentId: string | null;
  ref: string;
  provider: string;
  actorId: string | null;
}
interface RefundJob {
  paymentId: string;
  amount: number;
  reason: string | null;
  actorId: string | null;
  /** Who bears the pro's part (ledger policy `RefundBearer`); absent: the refund policy's (the pro). */
  bearer?: RefundBearer;
}
interface OrphanRefundJob {
  paymentId: string | null;
  provider: string;
  ref: string;
  amount: number;
  currency: string;
}

// ─── requests from other domains (inside THEIR transaction) ─────────────────────────────────

/**
 * Queues the capture of the order's authorised payment (the vendor accepted), inside the
 * caller's transaction `tx`. Outbox kind `payment.capture`, key `payment:<id>:capture`: the
 * handler captures the full amount with that key, marks the payment `captured` and posts the
 * charge to the ledger. Returns the payment id, or null when there is nothing to capture (no
 * authorised payment, or it was captured already).
 */
export async function requestCapture(
  tx: DbOrTx,
  orderId: string,
  actorId: string | null,
): Promise<{ paymentId: string } | null> {
  const p = await repo.lockLatestPayment(tx, orderId);
  if (p?.status !== 'authorized' || p.capturedAt || p.voidedAt || !p.providerRef) {
    return null;
  }
  await enqueue(tx, paymentCaptureJob, { paymentId: p.id, actorId }, { key: captureKey(p.id) });
  return { paymentId: p.id };
}

/**
 * Queues the release (void) of the order's authorisation (vendor declined, customer cancelled
 * before acceptance), inside `tx`. Outbox kind `payment.void`, key `payment:<id>:void:<ref>`;
 * the handler voids with that key, marks the payment `voided` and tells the customer the hold
 * was released. If the payment was already captured (or its capture is queued) this becomes a
 * full refund instead (see {@link requestRefund}). Returns what was queued, or null.
 */
export async function requestVoid(
  tx: DbOrTx,
  orderId: string,
  actorId: string | null,
): Promise<{ paymentId: string; kind: 'void' | 'refund' } | null> {
  const p = await repo.lockLatestPayment(tx, orderId);
  if (!p?.providerRef || p.voidedAt) return null;
  const captured =
    p.capturedAt !== null ||
    p.status === 'succeeded' ||
    p.status === 'captured' ||
    (await repo.outboxHasKey(tx, captureKey(p.id)));
  if (captured) {
    const left = p.amount - p.amountRefunded;
    if (left <= 0) return null;
    const refund = await requestRefund(tx, orderId, left, null, actorId);
    return refund ? { paymentId: refund.paymentId, kind: 'refund' } : null;
  }
  if (p.status !== 'authorized') return null;
  await enqueue(
    tx,
    paymentVoidJob,
    {
      paymentId: p.id,
      ref: p.providerRef,
      provider: p.provider,
      actorId,
    },
    { key: voidKey(p.id, p.providerRef) },
  );
  return { paymentId: p.id, kind: 'void' };
}

/**
 * Queues a refund of `amountMinor` (minor units, capped at what is left to refund; refunds
 * queued but not yet confirmed count as gone) of the order's captured payment, inside `tx`, and sets the payment `refund_pending` at once (the
 * customer sees "Refund pending"). Outbox kind `payment.refund`, key `payment:<id>:refund:<n>`:
 * the handler refunds with that key and, once the provider confirmed it, sets the payment
 * `refunded`, the order `refunded` (from `cancelled`/`declined`), posts the reversal to the
 * ledger and notifies the customer "Refunded". If the payment is only authorised and no capture
 * is queued, a full refund is a void instead and a partial one captures first. `reason` is
 * kept on the job (shown to admins). Returns what was queued, or null (nothing to refund).
 */
export async function requestRefund(
  tx: DbOrTx,
  orderId: string,
  amountMinor: number,
  reason: string | null,
  actorId: string | null,
): Promise<{ paymentId: string; kind: 'refund' | 'void'; amount: number } | null> {
  if (!Number.isSafeInteger(amountMinor) || amountMinor <= 0) return null;
  const p = await repo.lockLatestPayment(tx, orderId);
  if (!p?.providerRef || p.voidedAt) return null;
  if (!['authorized', 'captured', 'succeeded', 'refund_pending', 'refunded'].includes(p.status)) {
    return null;
  }
  // Refunds queued but not yet confirmed count as gone: never refund more than was captured (#8).
  const left = p.amount - p.amountRefunded - (await repo.undeliveredRefundTotal(tx, p.id));
  const amount = Math.min(amountMinor, left);
  if (amount <= 0) return null;
  const captured = isCaptured(p);
  if (!captured && !(await repo.outboxHasKey(tx, captureKey(p.id)))) {
    if (amount >= p.amount) {
      await enqueue(
        tx,
        paymentVoidJob,
        {
          paymentId: p.id,
          ref: p.providerRef,
          provider: p.provider,
          actorId,
        },
        { key: voidKey(p.id, p.providerRef) },
      );
      return { paymentId: p.id, kind: 'void', amount };
    }
    await enqueue(tx, paymentCaptureJob, { paymentId: p.id, actorId }, { key: captureKey(p.id) });
  }
  return requestPaymentRefund(tx, p, amount, reason, actorId);
}

/** Whether the provider holds the payment's money: captured, or a legacy one-step charge. */
export function isCaptured(p: PaymentRow): boolean {
  return p.capturedAt !== null || p.status === 'succeeded';
}

/**
 * For the admin console (issue #8): locks the payment `paymentId` inside `tx` — its order row
 * first, the lock order of the refund handler (order → payment) — and answers it with the minor
 * units of its refunds queued but not yet confirmed by the provider (`pendingRefunds`). Null
 * for an unknown id.
 */
export async function lockPaymentForRefund(
  tx: DbOrTx,
  paymentId: string,
): Promise<{ payment: PaymentRow; pendingRefunds: number } | null> {
  const before = await repo.getPayment(tx, paymentId);
  if (!before) return null;
  await repo.lockOrder(tx, before.orderId);
  const payment = await repo.lockPayment(tx, paymentId);
  if (!payment) return null;
  return { payment, pendingRefunds: await repo.undeliveredRefundTotal(tx, payment.id) };
}

/**
 * Queues a refund of `amountMinor` (minor units) of the payment `p` — captured, locked by the
 * caller, the amount checked against what is left — inside `tx`, and sets it `refund_pending`
 * at once (never "refunded" before the provider confirmed). Outbox kind `payment.refund`, key
 * `payment:<id>:refund:<n>`; its handler refunds, posts the reversal to the ledger, sets the
 * payment `refunded` and tells the customer (see {@link requestRefund}). `reason` is kept on the
 * job; `actorId` is recorded on the order event. `bearer` (an admin's choice; absent for refunds
 * under the refund policy, which the pro bears) says who bears the pro's part: `platform` posts
 * it to the goodwill expense and the pro keeps it; `vendor` takes it back from the pro, notes
 * `reason` on their earnings line and tells them in-app and by mail once the refund is posted.
 */
export async function requestPaymentRefund(
  tx: DbOrTx,
  p: PaymentRow,
  amountMinor: number,
  reason: string | null,
  actorId: string | null,
  bearer?: RefundBearer,
): Promise<{ paymentId: string; kind: 'refund'; amount: number }> {
  const n = p.refundCount + 1;
  await repo.updatePayment(tx, p.id, {
    refundCount: n,
    status: 'refund_pending',
    updatedAt: new Date(),
  });
  await enqueue(
    tx,
    paymentRefundJob,
    { paymentId: p.id, amount: amountMinor, reason, actorId, ...(bearer ? { bearer } : {}) },
    { key: refundKey(p.id, n) },
  );
  return { paymentId: p.id, kind: 'refund', amount: amountMinor };
}

// ─── DTOs ────────────────────────────────────────────────────────────────────────────────────

/**
 * The contract `Payment` of a row. `testMode`: the provider moves no real money. `extra`:
 * provider fields for the browser (Stripe's client secret and publishable key).
 */
export function toPaymentDto(
  p: PaymentRow,
  testMode: boolean,
  extra: { clientSecret?: string | null; publishableKey?: string | null } = {},
): Payment {
  return {
    id: p.id,
    orderId: p.orderId,
    provider: p.provider === 'stripe' ? 'stripe' : 'sandbox',
    status: p.status,
    amount: { amount: p.amount, currency: p.currency },
    amountRefunded: { amount: p.amountRefunded, currency: p.currency },
    cardLast4: p.cardLast4,
    failureMessage: p.failureMessage,
    testMode,
    createdAt: p.createdAt.toISOString(),
    ...extra,
  };
}

function factsOf(v: OrderFactsRow): OrderFacts {
  return {
    orderId: v.order.id,
    reference: v.order.reference,
    serviceTitle: v.serviceTitle,
    businessName: v.businessName,
    customerName: v.customerName,
    when: formatWhen(v.order.startsAt, v.vendorTimeZone),
  };
}

const paymentNotFound = () => notFound(messages.paymentNotFound, 'payment_not_found');
const notTippable = () => conflict(messages.notTippable, 'order_not_tippable');
const alreadyTipped = () => conflict(messages.alreadyTipped, 'already_tipped');
const slotTaken = () => conflict(messages.slotTaken, 'slot_taken');

function notPayable(reason: 'already_paid' | 'order_not_payable'): AppError {
  return reason === 'already_paid'
    ? conflict(messages.alreadyPaid, 'already_paid')
    : conflict(messages.notPayable, 'order_not_payable');
}

/** Why a payment in `status` cannot be confirmed (409), or null when it can. */
function unconfirmable(status: PaymentRow['status']): AppError | null {
  if (CONFIRMABLE.includes(status)) return null;
  if (status === 'refunded' || status === 'refund_pending') {
    return conflict(messages.refunded, 'order_not_payable');
  }
  if (status === 'voided') return conflict(messages.notPayable, 'order_not_payable');
  return conflict(messages.alreadyPaid, 'already_paid');
}

/** Postgres error code and constraint of a driver error (also when Drizzle wrapped it). */
function pgError(err: unknown): { code?: string; constraint?: string } {
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
function deliveryError(err: unknown): unknown {
  if (err && typeof err === 'object' && (err as { permanent?: unknown }).permanent === true) {
    return new PermanentDeliveryError((err as Error).message, { cause: err });
  }
  return err;
}

// ─── the service ─────────────────────────────────────────────────────────────────────────────

/**
 * The payments service. `providers` by name; new payments use `config.paymentProvider`, existing
 * ones the provider they were made with.
 */
export function createPaymentsService(deps: PaymentsDeps) {
  const { db, clock, config, log, providers } = deps;

  /**
   * A transaction of a use case or job below, run again when PostgreSQL aborts it for a
   * deadlock or a serialisation failure (db/transaction.ts: lock order, retry).
   */
  const inTransaction = <T>(fn: (tx: Tx) => Promise<T>) => withTransactionRetry(db, fn, { log });

  function providerFor(name: string): PaymentProvider {
    const provider = name === 'stripe' ? providers.stripe : providers.sandbox;
    if (!provider) throw new AppError(501, messages.stripeNotConfigured, 'provider_not_configured');
    return provider;
  }

  const testModeOf = (name: string) =>
    (name === 'stripe' ? providers.stripe?.testMode : providers.sandbox.testMode) ?? true;

  /** The contract `Payment` of a row, with the provider's test-mode flag. */
  const dto = (p: PaymentRow, extra?: Parameters<typeof toPaymentDto>[2]) =>
    toPaymentDto(p, testModeOf(p.provider), extra);

  /** Pushes the order's status to both parties' sockets (agreed event `order`). */
  async function pushOrder(tx: DbOrTx, v: OrderFactsRow, status: string): Promise<void> {
    await pushToUsers(tx, [v.order.customerId, v.vendorUserId], {
      type: 'order',
      data: { id: v.order.id, status },
    });
  }

  /**
   * In `tx` (order row locked): order `pending_payment` → `paid`, its event, "New booking…" to
   * the vendor (notification and mail), "Card authorised" to the customer, the receipt mail and
   * the `order` push — all through the outbox, each with a key derived from the payment.
   */
  async function markOrderPaid(
    tx: DbOrTx,
    v: OrderFactsRow,
    p: PaymentRow,
    last4: string | null,
    actorId: string | null,
  ): Promise<void> {
    const now = clock.now();
    await repo.markOrderPaid(tx, v.order.id, now);
    await repo.insertOrderEvent(tx, {
      orderId: v.order.id,
      status: 'paid',
      actorId,
      note: paidNote(p.amount, p.currency, last4),
      at: now,
    });
    const facts = factsOf(v);
    const amount = formatMoney(p.amount, p.currency);
    await notify(tx, [
      { userId: v.vendorUserId, ...newBookingNotice(facts), key: `payment:${p.id}:notice:vendor` },
      {
        userId: v.order.customerId,
        ...paymentReceivedNotice(facts, amount),
        key: `payment:${p.id}:notice:customer`,
      },
    ]);
    await enqueueMail(
      tx,
      receiptMail({
        to: v.customerEmail,
        facts,
        amount,
        last4,
        testMode: testModeOf(p.provider),
        publicUrl: config.publicUrl,
      }),
      receiptKey(p.id),
    );
    await enqueueMail(
      tx,
      newBookingMail({
        to: v.vendorEmail,
        vendorName: v.vendorName,
        facts,
        // The pro is told what the booking earns them, not the customer's total.
        earnings: formatMoney(v.order.total - v.order.fee, p.currency),
        publicUrl: config.publicUrl,
      }),
      `payment:${p.id}:vendor-mail`,
    );
    await pushOrder(tx, v, 'paid');
  }

  async function enqueueVoid(tx: DbOrTx, p: PaymentRow, ref: string, actorId: string | null) {
    await enqueue(
      tx,
      paymentVoidJob,
      { paymentId: p.id, ref, provider: p.provider, actorId },
      { key: voidKey(p.id, ref) },
    );
  }

  type Settled = { kind: 'paid' } | { kind: 'conflict'; error: AppError };

  /**
   * Records a provider authorisation `ref` obtained with `key` for a payment: one transaction
   * (vendor → order → payment locked) re-checks payment, order and slot, then sets the payment
   * `authorized` and the order `paid` (see `markOrderPaid`). A replay of the same `ref` is a
   * success. When the order can no longer take it (cancelled, slot taken) the authorisation is
   * recorded and its void queued in the same transaction, and a 409 is thrown after commit.
   */
  async function settleAuthorization(
    paymentId: string,
    key: string | null,
    ref: string,
    last4: string | null,
    actorId: string | null,
  ): Promise<void> {
    const p0 = await repo.getPayment(db, paymentId);
    if (!p0) throw paymentNotFound();
    if (p0.kind === 'tip') return settleTip(paymentId, key, ref, last4, actorId);
    const v0 = await repo.orderFacts(db, p0.orderId);
    if (!v0) throw paymentNotFound();
    let outcome: Settled;
    try {
      outcome = await inTransaction(async (tx): Promise<Settled> => {
        await repo.lockVendor(tx, v0.order.vendorId);
        const order = await repo.lockOrder(tx, v0.order.id);
        const p = await repo.lockPayment(tx, paymentId);
        if (!order || !p) return { kind: 'conflict', error: paymentNotFound() };
        if (p.providerRef === ref && p.status !== 'requires_payment' && p.status !== 'failed') {
          // Recorded already (a concurrent confirm, or reconciliation adopted it).
          return p.status === 'authorized' || p.capturedAt
            ? { kind: 'paid' }
            : {
                kind: 'conflict',
                error: unconfirmable(p.status) ?? notPayable('order_not_payable'),
              };
        }
        const now = clock.now();
        const ours = key === null || p.idempotencyKey === key || p.providerRef === ref;
        const record = {
          status: 'authorized' as const,
          providerRef: ref,
          cardLast4: last4,
          authorizedAt: now,
          failureMessage: null,
          updatedAt: now,
        };
        if (!CONFIRMABLE.includes(p.status) || !ours) {
          // Another charge holds this payment: this authorisation is one too many.
          await enqueueVoid(tx, p, ref, actorId);
          return { kind: 'conflict', error: unconfirmable(p.status) ?? notPayable('already_paid') };
        }
        const v = { ...v0, order };
        const reason = notPayableReason(order.status);
        if (reason) {
          await repo.updatePayment(tx, p.id, record);
          await enqueueVoid(tx, p, ref, actorId);
          return { kind: 'conflict', error: notPayable(reason) };
        }
        const interval = { startsAt: order.startsAt, endsAt: order.endsAt };
        if ((await blockingOrders(tx, order.vendorId, interval, now, order.id)).length > 0) {
          await cancelForTakenSlot(tx, v, { ...p, ...record }, actorId);
          return { kind: 'conflict', error: slotTaken() };
        }
        const paid = await repo.updatePayment(tx, p.id, record);
        await markOrderPaid(tx, v, paid!, last4, actorId);
        return { kind: 'paid' };
      });
    } catch (err) {
      const { code, constraint } = pgError(err);
      if (code !== '23505' || constraint !== 'orders_vendor_slot_live_uq') throw err;
      // The database's one-live-order-per-slot index fired: someone else paid this slot.
      await inTransaction(async (tx) => {
        const order = await repo.lockOrder(tx, v0.order.id);
        const p = await repo.lockPayment(tx, paymentId);
        if (!order || !p) return;
        const now = clock.now();
        const recorded = await repo.updatePayment(tx, p.id, {
          status: 'authorized',
          providerRef: ref,
          cardLast4: last4,
          authorizedAt: now,
          updatedAt: now,
        });
        await cancelForTakenSlot(tx, { ...v0, order }, recorded!, actorId);
      });
      outcome = { kind: 'conflict', error: slotTaken() };
    }
    if (outcome.kind === 'conflict') throw outcome.error;
  }

  /**
   * Records the authorisation `ref` of a tip payment (issue #9) and queues its capture at once
   * (a tip is for work already done: nothing to wait for). One transaction (order → payment
   * locked): a replay of the same `ref` is a success; when the order is not completed any more or
   * another tip of it was already charged (one tip per order), the authorisation is recorded, its
   * void queued, and a 409 thrown after commit.
   */
  async function settleTip(
    paymentId: string,
    key: string | null,
    ref: string,
    last4: string | null,
    actorId: string | null,
  ): Promise<void> {
    const outcome = await inTransaction(async (tx): Promise<Settled> => {
      const p0 = await repo.getPayment(tx, paymentId);
      const order = p0 ? await repo.lockOrder(tx, p0.orderId) : null;
      const p = await repo.lockPayment(tx, paymentId);
      if (!order || !p) return { kind: 'conflict', error: paymentNotFound() };
      if (p.providerRef === ref && p.status !== 'requires_payment' && p.status !== 'failed') {
        return p.status === 'authorized' || p.capturedAt
          ? { kind: 'paid' }
          : { kind: 'conflict', error: unconfirmable(p.status) ?? notTippable() };
      }
      const now = clock.now();
      const ours = key === null || p.idempotencyKey === key || p.providerRef === ref;
      if (!CONFIRMABLE.includes(p.status) || !ours) {
        await enqueueVoid(tx, p, ref, actorId);
        return { kind: 'conflict', error: unconfirmable(p.status) ?? alreadyTipped() };
      }
      const recorded = await repo.updatePayment(tx, p.id, {
        status: 'authorized',
        providerRef: ref,
        cardLast4: last4,
        authorizedAt: now,
        failureMessage: null,
        updatedAt: now,
      });
      const tipped = (await repo.tipPayments(tx, order.id)).some(
        (t) => t.id !== p.id && PAID_STATUSES.includes(t.status),
      );
      if (order.status !== 'completed' || tipped) {
        await enqueueVoid(tx, recorded!, ref, actorId);
        return { kind: 'conflict', error: tipped ? alreadyTipped() : notTippable() };
      }
      await enqueue(tx, paymentCaptureJob, { paymentId: p.id, actorId }, { key: captureKey(p.id) });
      return { kind: 'paid' };
    });
    if (outcome.kind === 'conflict') throw outcome.error;
  }

  /** In `tx`: the slot went to someone else; cancel the unpaid order and release the hold. */
  async function cancelForTakenSlot(
    tx: DbOrTx,
    v: OrderFactsRow,
    p: PaymentRow,
    actorId: string | null,
  ): Promise<void> {
    const now = clock.now();
    if (p.providerRef && p.status === 'authorized') {
      await repo.updatePayment(tx, p.id, {
        failureMessage: messages.slotTakenHoldReleased,
        updatedAt: now,
      });
      await enqueueVoid(tx, p, p.providerRef, actorId);
    }
    if (await repo.cancelPendingOrder(tx, v.order.id, now)) {
      await repo.insertOrderEvent(tx, {
        orderId: v.order.id,
        status: 'cancelled',
        actorId,
        note: messages.slotTakenNote,
        at: now,
      });
      await pushOrder(tx, v, 'cancelled');
    }
  }

  /** The payment and order of a customer's payment, or 404. */
  async function customersPayment(user: Payer, paymentId: string) {
    const payment = await repo.getPayment(db, paymentId);
    if (!payment) throw paymentNotFound();
    const facts = await repo.orderFacts(db, payment.orderId);
    if (!facts || facts.order.customerId !== user.id) throw paymentNotFound();
    return { payment, facts };
  }

  /** Checks the sandbox card before anything changes: present, Luhn-valid, not expired (400s). */
  function checkCard(input: ConfirmInput, provider: PaymentProvider): CardDetails | undefined {
    if (provider.name !== 'sandbox') return undefined;
    const c = input.card;
    if (!c)
      throw badRequest(messages.cardRequired, 'card_required', { card: messages.cardRequired });
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
    if (cardExpired(card, clock.now())) {
      throw badRequest(messages.cardExpired, 'card_expired', {
        'card.expMonth': messages.cardExpired,
      });
    }
    return card;
  }

  /** One confirm, without `Idempotency-Key` handling. */
  async function confirmOnce(
    user: Payer,
    paymentId: string,
    input: ConfirmInput,
  ): Promise<PaymentResult> {
    const { payment, facts } = await customersPayment(user, paymentId);
    const early = unconfirmable(payment.status);
    if (early) throw early;
    const isTip = payment.kind === 'tip';
    if (isTip && facts.order.status !== 'completed') throw notTippable();
    const reason = isTip ? null : notPayableReason(facts.order.status);
    if (reason) throw notPayable(reason);
    const provider = providerFor(payment.provider);
    const card = checkCard(input, provider);

    // 1. Lock the payment and store this attempt's provider key before calling the provider.
    // Its order first (lock order: db/transaction.ts): a taken slot cancels the order below.
    const prepared = await inTransaction(async (tx) => {
      await repo.lockOrder(tx, payment.orderId);
      const p = await repo.lockPayment(tx, paymentId);
      if (!p) return { error: paymentNotFound() };
      const refused = unconfirmable(p.status);
      if (refused) return { error: refused };
      const order = await repo.orderFacts(tx, p.orderId);
      if (isTip && order?.order.status !== 'completed') return { error: notTippable() };
      const why = isTip ? null : order ? notPayableReason(order.order.status) : 'order_not_payable';
      if (why || !order) return { error: notPayable(why ?? 'order_not_payable') };
      const now = clock.now();
      const interval = { startsAt: order.order.startsAt, endsAt: order.order.endsAt };
      // A tip pays for work done: no slot to check.
      const blocked =
        !isTip &&
        (await blockingOrders(tx, order.order.vendorId, interval, now, order.order.id)).length > 0;
      if (blocked) {
        await cancelForTakenSlot(tx, order, p, user.id);
        return { error: slotTaken() };
      }
      const key = authorizeKey(p.id, p.attempt);
      if (p.idempotencyKey !== key) {
        await repo.updatePayment(tx, p.id, { idempotencyKey: key, updatedAt: now });
      }
      return { payment: { ...p, idempotencyKey: key }, key };
    });
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
      await inTransaction(async (tx) => {
        const locked = await repo.lockPayment(tx, p.id);
        if (!locked || locked.idempotencyKey !== key || !CONFIRMABLE.includes(locked.status))
          return;
        await repo.updatePayment(tx, p.id, {
          status: 'failed',
          failureMessage: result.message,
          cardLast4: result.last4,
          // The next confirm is a new attempt with a new provider key.
          attempt: locked.attempt + 1,
          updatedAt: clock.now(),
        });
      });
      throw new AppError(402, result.message, result.code);
    }
    if (result.status === 'requires_action') {
      throw new AppError(402, messages.requiresAction, 'requires_action');
    }
    await settleAuthorization(p.id, key, result.ref, result.last4, user.id);
    const [fresh, order] = await Promise.all([
      repo.getPayment(db, p.id),
      repo.orderFacts(db, p.orderId),
    ]);
    if (!fresh || !order) throw paymentNotFound();
    return { payment: dto(fresh), order: repo.toOrderDto(order) };
  }

  /** Runs `fn` at most once per (user, `Idempotency-Key`); see `confirm`. */
  async function once<T>(
    user: Payer,
    key: string,
    scope: string,
    request: unknown,
    fn: () => Promise<T>,
  ): Promise<T> {
    const requestHash = createHash('sha256')
      .update(JSON.stringify([scope, request]))
      .digest('hex');
    const now = clock.now();
    const { taken, record } = await repo.claimIdempotencyKey(db, {
      userId: user.id,
      key,
      scope,
      requestHash,
      now,
      staleBefore: new Date(now.getTime() - IDEMPOTENCY_LOCK_MS),
    });
    if (record.requestHash !== requestHash) {
      throw new AppError(422, messages.idempotencyMismatch, 'idempotency_mismatch');
    }
    if (!taken) {
      if (record.statusCode === null) {
        throw conflict(messages.idempotencyInProgress, 'idempotency_in_progress');
      }
      const stored = record.response as
        | { data: T }
        | { error: { message: string; code?: string; fields?: Record<string, string> } };
      if ('data' in stored) return stored.data;
      throw new AppError(
        record.statusCode,
        stored.error.message,
        stored.error.code,
        stored.error.fields,
      );
    }
    try {
      const data = await fn();
      await repo.completeIdempotencyKey(db, {
        userId: user.id,
        key,
        statusCode: 200,
        response: { data },
      });
      return data;
    } catch (err) {
      if (err instanceof AppError && err.status < 500) {
        await repo.completeIdempotencyKey(db, {
          userId: user.id,
          key,
          statusCode: err.status,
          response: { error: { message: err.message, code: err.code, fields: err.fields } },
        });
      } else {
        await repo.releaseIdempotencyKey(db, { userId: user.id, key }).catch(() => undefined);
      }
      throw err;
    }
  }

  // ─── outbox handlers ────────────────────────────────────────────────────────────────────

  /** The admin view of a payment: it, what the provider did to the card, its ledger postings. */
  async function adminViewOf(p: PaymentRow): Promise<AdminPayment> {
    const provider = providerFor(p.provider);
    let events: ProviderEvent[] = [];
    if ('eventsForPayment' in provider && typeof provider.eventsForPayment === 'function') {
      events = await (provider.eventsForPayment as (id: string) => Promise<ProviderEvent[]>)(p.id);
    } else if (p.providerRef) {
      events = await provider.events(p.providerRef);
    }
    const [ledger, facts, pendingRefunds] = await Promise.all([
      entriesForPayment(db, p.id),
      repo.orderFacts(db, p.orderId),
      repo.undeliveredRefundTotal(db, p.id),
    ]);
    // As the refund handler splits it: a tip carries no booking fee.
    const fee = p.kind === 'tip' ? 0 : Math.min(facts?.order.fee ?? 0, p.amount);
    return {
      payment: dto(p),
      proShareLeft: vendorShareLeft(
        Math.min(p.amount, p.amountRefunded + pendingRefunds),
        p.amount,
        fee,
      ),
      providerEvents: events.map((e) => ({
        type: e.type,
        amount: e.amount,
        idempotencyKey: e.idempotencyKey,
        at: e.at,
      })),
      ledger: ledger.map((l) => ({
        id: l.id,
        orderId: l.orderId,
        paymentId: l.paymentId,
        account: l.account,
        amount: l.amount,
        currency: l.currency,
        kind: l.kind as LedgerKind,
        createdAt: l.createdAt.toISOString(),
      })),
    };
  }

  async function handleCapture(job: CaptureJob): Promise<void> {
    const p = await repo.getPayment(db, job.paymentId);
    if (!p) throw new PermanentDeliveryError(`payment ${job.paymentId} not found`);
    await capture(p);
  }

  /**
   * Captures the payment's full amount with its capture key (`payment:<id>:capture`, the key of
   * the capture job too), then records it: payment `captured`, charge posted to the ledger.
   * A no-op once captured. Used by the capture job and by a refund that finds it not done yet.
   */
  async function capture(p: PaymentRow): Promise<void> {
    if (p.capturedAt) return;
    if (p.voidedAt || !p.providerRef) {
      throw new PermanentDeliveryError(`payment ${p.id} cannot be captured (voided or no charge)`);
    }
    await providerFor(p.provider)
      .capture({
        ref: p.providerRef,
        amount: p.amount,
        currency: p.currency,
        idempotencyKey: captureKey(p.id),
      })
      .catch((err: unknown) => {
        throw deliveryError(err);
      });
    await inTransaction(async (tx) => {
      const order = await repo.lockOrder(tx, p.orderId);
      const locked = await repo.lockPayment(tx, p.id);
      if (!order || !locked || locked.capturedAt) return;
      const now = clock.now();
      await repo.updatePayment(tx, p.id, {
        capturedAt: now,
        status: locked.status === 'authorized' ? 'captured' : locked.status,
        updatedAt: now,
      });
      if (locked.kind === 'tip') {
        await recordTip(tx, order, locked, now);
        return;
      }
      await postCapture(tx, {
        orderId: order.id,
        paymentId: p.id,
        currency: p.currency,
        total: p.amount,
        fee: Math.min(order.fee, p.amount),
        key: captureKey(p.id),
        at: now,
      });
      const v = await repo.orderFacts(tx, order.id);
      if (v) await pushOrder(tx, v, order.status);
    });
  }

  /**
   * In the capture's transaction: a captured tip (issue #9) is posted to the ledger in full to
   * the vendor (`postTip`), noted on the order's timeline, and both sides are told.
   */
  async function recordTip(
    tx: DbOrTx,
    order: repo.OrderRow,
    p: PaymentRow,
    now: Date,
  ): Promise<void> {
    await postTip(tx, {
      orderId: order.id,
      paymentId: p.id,
      currency: p.currency,
      amount: p.amount,
      key: captureKey(p.id),
      at: now,
    });
    await repo.insertOrderEvent(tx, {
      orderId: order.id,
      status: order.status,
      actorId: order.customerId,
      note: tipNote(p.amount, p.currency, p.cardLast4),
      at: now,
    });
    const v = await repo.orderFacts(tx, order.id);
    if (!v) return;
    const amount = formatMoney(p.amount, p.currency);
    await notify(tx, [
      {
        userId: v.vendorUserId,
        ...tipReceivedNotice(factsOf(v), amount),
        key: `${captureKey(p.id)}:notice:vendor`,
      },
      {
        userId: order.customerId,
        ...tipSentNotice(factsOf(v), amount),
        key: `${captureKey(p.id)}:notice:customer`,
      },
    ]);
    await pushOrder(tx, v, order.status);
  }

  async function handleVoid(job: VoidJob, ctx: DeliveryContext): Promise<void> {
    await providerFor(job.provider)
      .void({ ref: job.ref, idempotencyKey: ctx.key })
      .catch((err: unknown) => {
        throw deliveryError(err);
      });
    if (!job.paymentId) return;
    const paymentId = job.paymentId;
    const p0 = await repo.getPayment(db, paymentId);
    if (!p0 || p0.providerRef !== job.ref) {
      log.info({ paymentId, ref: job.ref }, 'voided a provider charge the payment does not hold');
      return;
    }
    await inTransaction(async (tx) => {
      const order = await repo.lockOrder(tx, p0.orderId);
      const p = await repo.lockPayment(tx, paymentId);
      if (!order || !p || p.voidedAt || p.providerRef !== job.ref) return;
      const now = clock.now();
      await repo.updatePayment(tx, p.id, { voidedAt: now, status: 'voided', updatedAt: now });
      const v = await repo.orderFacts(tx, order.id);
      if (!v) return;
      await notify(tx, [
        {
          userId: order.customerId,
          ...holdReleasedNotice(factsOf(v), formatMoney(p.amount, p.currency)),
          key: `${ctx.key}:notice`,
        },
      ]);
      await pushOrder(tx, v, order.status);
    });
  }

  async function handleRefund(job: RefundJob, ctx: DeliveryContext): Promise<void> {
    const p = await repo.getPayment(db, job.paymentId);
    if (!p?.providerRef) throw new PermanentDeliveryError(`payment ${job.paymentId} has no charge`);
    if (!p.capturedAt && p.status !== 'succeeded') {
      if (p.voidedAt) throw new PermanentDeliveryError(`payment ${p.id} was voided, not captured`);
      // Its capture job has not run yet (the worker may deliver in any order): capture first,
      // with the capture's own key, so the capture job finds it done.
      await capture(p);
    }
    const result = await providerFor(p.provider)
      .refund({
        ref: p.providerRef,
        amount: job.amount,
        currency: p.currency,
        idempotencyKey: ctx.key,
      })
      .catch((err: unknown) => {
        throw deliveryError(err);
      });
    if (result.status === 'pending') {
      // Same key next time: the provider answers with this refund until it settles (or a
      // webhook calls `refundSettled` to retry at once). The customer keeps "Refund pending".
      throw new Error(`refund ${result.refundRef} is pending at the provider`);
    }
    await inTransaction(async (tx) => {
      const order = await repo.lockOrder(tx, p.orderId);
      const locked = await repo.lockPayment(tx, p.id);
      if (!order || !locked) return;
      const now = clock.now();
      // A tip (issue #9) carries no booking fee: all of it was the vendor's.
      const fee = locked.kind === 'tip' ? 0 : Math.min(order.fee, locked.amount);
      if (locked.kind !== 'tip') {
        // A legacy one-step charge (`succeeded`) never had its capture posted.
        await postCapture(tx, {
          orderId: order.id,
          paymentId: p.id,
          currency: p.currency,
          total: locked.amount,
          fee,
          key: captureKey(p.id),
          at: now,
        });
      }
      const recovery = job.bearer === 'vendor';
      const posted = await postRefund(tx, {
        orderId: order.id,
        paymentId: p.id,
        currency: p.currency,
        total: locked.amount,
        fee,
        refundedBefore: locked.amountRefunded,
        amount: job.amount,
        bearer: job.bearer === 'platform' ? 'platform' : 'vendor',
        reason: recovery ? job.reason : null,
        key: ctx.key,
        at: now,
      });
      if (posted === 0) return; // recorded by an earlier delivery
      const refunded = locked.amountRefunded + job.amount;
      await repo.updatePayment(tx, p.id, {
        amountRefunded: refunded,
        status: 'refunded',
        updatedAt: now,
      });
      // A booking refunded in full is over whatever state it was in; a partial refund (or a
      // tip's) leaves it where it is, unless it was already called off.
      const fully = locked.kind !== 'tip' && refunded >= locked.amount;
      const changed = await repo.markOrderRefunded(
        tx,
        order.id,
        fully ? REFUNDABLE_ORDER_STATUSES : ['cancelled', 'declined'],
        now,
      );
      await repo.insertOrderEvent(tx, {
        orderId: order.id,
        status: changed ? 'refunded' : order.status,
        actorId: job.actorId,
        note: refundedNote(job.amount, p.currency, locked.amount),
        at: now,
      });
      const v = await repo.orderFacts(tx, order.id);
      if (!v) return;
      await notify(tx, [
        {
          userId: order.customerId,
          ...refundedNotice(factsOf(v), formatMoney(job.amount, p.currency)),
          key: `${ctx.key}:notice`,
        },
      ]);
      if (recovery && job.reason) {
        const recovered =
          vendorShareLeft(locked.amountRefunded, locked.amount, fee) -
          vendorShareLeft(refunded, locked.amount, fee);
        await tellVendorOfRecovery(tx, {
          facts: v,
          refundAmount: job.amount,
          recovered,
          currency: p.currency,
          reason: job.reason,
          key: ctx.key,
          publicUrl: config.publicUrl,
        });
      }
      await pushOrder(tx, v, changed ? 'refunded' : order.status);
    });
  }

  async function handleOrphanRefund(job: OrphanRefundJob, ctx: DeliveryContext): Promise<void> {
    const result = await providerFor(job.provider)
      .refund({ ref: job.ref, amount: job.amount, currency: job.currency, idempotencyKey: ctx.key })
      .catch((err: unknown) => {
        throw deliveryError(err);
      });
    if (result.status === 'pending') throw new Error(`refund ${result.refundRef} is pending`);
    log.warn({ ...job }, 'refunded a captured charge no payment accounts for');
  }

  // ─── reconciliation ─────────────────────────────────────────────────────────────────────

  /**
   * Lists each provider's charges created since `since` (default: the last 24 h) and matches
   * them to payments (`reconcileAction` in policy.ts): an authorisation left by a crash between
   * the provider call and the commit is adopted (payment `authorized`, order `paid`) when its
   * order can still be paid, any other unaccounted authorisation is voided and unaccounted
   * captured money refunded, both through the outbox. Idempotent; safe to run while confirms
   * are in flight (they and it use the same keys). Returns what it did.
   */
  async function reconcile(since?: Date) {
    const from = since ?? new Date(clock.now().getTime() - RECONCILE_WINDOW_MS);
    const summary = { checked: 0, adopted: 0, voided: 0, refunded: 0 };
    for (const provider of [providers.sandbox, providers.stripe]) {
      if (!provider) continue;
      const charges = await provider.charges(from);
      for (const charge of charges) {
        summary.checked++;
        const payment = charge.paymentId ? await repo.getPayment(db, charge.paymentId) : null;
        const facts = payment ? await repo.orderFacts(db, payment.orderId) : null;
        let orderPayable = false;
        if (payment?.kind === 'tip' && facts) {
          // A tip can be adopted while its order is completed and has no other charged tip.
          orderPayable =
            facts.order.status === 'completed' &&
            !(await repo.tipPayments(db, facts.order.id)).some(
              (t) => t.id !== payment.id && PAID_STATUSES.includes(t.status),
            );
        } else if (facts && facts.order.status === 'pending_payment') {
          const o = facts.order;
          const interval = { startsAt: o.startsAt, endsAt: o.endsAt };
          orderPayable =
            (await blockingOrders(db, o.vendorId, interval, clock.now(), o.id)).length === 0;
        }
        const action = reconcileAction({
          chargeRef: charge.ref,
          chargeState: charge.state,
          payment: payment ? { status: payment.status, providerRef: payment.providerRef } : null,
          orderPayable,
        });
        if (action === 'none') continue;
        if (action === 'adopt' && payment?.idempotencyKey) {
          const again = await provider.authorize({
            paymentId: payment.id,
            ref: payment.providerRef,
            amount: payment.amount,
            currency: payment.currency,
            idempotencyKey: payment.idempotencyKey,
          });
          if (again.status === 'authorized' && again.ref === charge.ref) {
            try {
              await settleAuthorization(
                payment.id,
                payment.idempotencyKey,
                charge.ref,
                again.last4,
                null,
              );
              summary.adopted++;
              log.info(
                { paymentId: payment.id, ref: charge.ref },
                'reconciliation adopted an authorisation',
              );
            } catch (err) {
              if (!(err instanceof AppError)) throw err;
              summary.voided++; // settle queued its void
            }
            continue;
          }
        }
        if (action === 'refund') {
          const left = charge.amount - charge.amountRefunded;
          if (left <= 0) continue;
          await enqueue(
            db,
            paymentOrphanRefundJob,
            {
              paymentId: charge.paymentId,
              provider: provider.name,
              ref: charge.ref,
              amount: left,
              currency: charge.currency,
            },
            { key: orphanRefundKey(charge.ref) },
          );
          summary.refunded++;
          log.warn(
            { paymentId: charge.paymentId, ref: charge.ref },
            'reconciliation refunds an orphan charge',
          );
          continue;
        }
        await enqueue(
          db,
          paymentVoidJob,
          {
            paymentId: charge.paymentId,
            ref: charge.ref,
            provider: provider.name,
            actorId: null,
          },
          { key: voidKey(charge.paymentId ?? 'orphan', charge.ref) },
        );
        summary.voided++;
        log.warn(
          { paymentId: charge.paymentId, ref: charge.ref },
          'reconciliation voids an orphan authorisation',
        );
      }
    }
    return summary;
  }

  return {
    /** The provider of a payment (by its `provider` column); 501 when Stripe is not configured. */
    providerFor,
    /** The contract `Payment` of a row. */
    toDto: dto,

    /**
     * Starts (or resumes) payment of the customer's pending order: its open payment
     * (`requires_payment`, or `failed` after a decline) or a new one for the order total with the
     * configured provider; then `provider.prepare` (Stripe: the PaymentIntent; its client secret
     * is returned). 404 unless the caller is the order's customer; 409 once paid/not payable.
     */
    async initialize(user: Payer, orderId: string): Promise<Payment> {
      const facts = await repo.orderFacts(db, orderId);
      if (!facts || facts.order.customerId !== user.id) {
        throw notFound(messages.orderNotFound, 'order_not_found');
      }
      const reason = notPayableReason(facts.order.status);
      if (reason) throw notPayable(reason);
      let row = await repo.openPayment(db, orderId);
      if (!row) {
        row = await inTransaction(async (tx) => {
          // Serialise concurrent initialisations of one order on its row.
          await repo.lockOrder(tx, orderId);
          const again = await repo.openPayment(tx, orderId);
          if (again) return again;
          return repo.insertPayment(tx, {
            id: uuidv7(),
            orderId,
            provider: config.paymentProvider,
            amount: facts.order.total,
            currency: facts.order.currency,
          });
        });
      }
      const prepared = await providerFor(row.provider).prepare({
        paymentId: row.id,
        amount: row.amount,
        currency: row.currency,
        idempotencyKey: prepareKey(row.id),
      });
      if (prepared.ref && prepared.ref !== row.providerRef) {
        row =
          (await repo.updatePayment(db, row.id, {
            providerRef: prepared.ref,
            updatedAt: clock.now(),
          })) ?? row;
      }
      return dto(row, {
        ...(prepared.clientSecret ? { clientSecret: prepared.clientSecret } : {}),
        ...(prepared.publishableKey ? { publishableKey: prepared.publishableKey } : {}),
      });
    },

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
    async confirm(
      user: Payer,
      paymentId: string,
      input: ConfirmInput,
      idempotencyKey?: string,
    ): Promise<PaymentResult> {
      if (!idempotencyKey) return confirmOnce(user, paymentId, input);
      return once(user, idempotencyKey, 'payments.confirm', { paymentId, input }, () =>
        confirmOnce(user, paymentId, input),
      );
    },

    /**
     * The admin view of a payment: the payment, what the provider did to the card (every event
     * of the sandbox's fake bank for this payment, or the provider's events of its charge) and
     * its ledger postings. 404 for an unknown id, and for anyone but an admin (the `/v1/admin`
     * guard already answers those 403, issue #8).
     */
    async adminView(user: Payer, paymentId: string) {
      if (user.role !== 'admin') throw notFound(messages.adminPaymentNotFound, 'not_found');
      const p = await repo.getPayment(db, paymentId);
      if (!p) throw paymentNotFound();
      return adminViewOf(p);
    },

    /**
     * The admin view (see `adminView`) of every payment of an order — the booking's attempts
     * and its tips — oldest first (issue #8: `GET /v1/admin/orders/{id}`).
     */
    async adminViewsOfOrder(orderId: string) {
      const rows = await repo.paymentsOfOrder(db, orderId);
      return Promise.all(rows.map(adminViewOf));
    },

    /**
     * Records an authorisation the provider reports asynchronously (e.g. a Stripe webhook
     * `payment_intent.amount_capturable_updated`) exactly as a confirm would: payment
     * `authorized`, order `paid`. Idempotent; throws a 409 AppError when the order can no longer
     * take it (the hold is then released through the outbox).
     */
    async applyAuthorization(paymentId: string, ref: string, last4: string | null): Promise<void> {
      await settleAuthorization(paymentId, null, ref, last4, null);
    },

    /**
     * A provider says a refund of the payment settled (e.g. Stripe `charge.refunded`): makes its
     * pending refund jobs due now, so the outbox records them (the provider answers the same key
     * with the settled refund). Returns how many jobs were rescheduled.
     */
    async refundSettled(paymentId: string): Promise<number> {
      return repo.rescheduleOutbox(db, `payment:${paymentId}:refund:`, clock.now());
    },

    reconcile,

    // For the orders domain (its `OrderPayments`): queue money moves inside ITS transaction.
    requestCapture,
    requestVoid,
    requestRefund,
    /** The order's current payment as the API shows it (its latest attempt), or null. */
    async paymentOf(dbx: DbOrTx, orderId: string): Promise<Payment | null> {
      const row = await repo.latestPayment(dbx, orderId);
      return row ? dto(row) : null;
    },

    /**
     * The order's tip (issue #9) as the API shows it: the charged one if any, else the newest
     * open attempt; null when none was started (or only replaced ones remain).
     */
    async tipOf(dbx: DbOrTx, orderId: string): Promise<Payment | null> {
      const tips = await repo.tipPayments(dbx, orderId);
      const shown =
        tips.find((t) => PAID_STATUSES.includes(t.status)) ??
        tips.find((t) => CONFIRMABLE.includes(t.status));
      return shown ? dto(shown) : null;
    },

    /**
     * `POST /v1/orders/{id}/tip` (issue #9): starts a tip of `body.amount` minor units in the
     * order's currency for a completed order, by its customer — a `payments` row of kind `tip`
     * prepared with the configured provider like a checkout (`initialize`); the customer then
     * confirms it with `POST /v1/payments/{id}/confirm` (sandbox: the card; Stripe: Stripe.js
     * first), which authorises it and queues its capture at once; the capture posts the whole
     * tip to the vendor's payable (ledger `tipPostings`). One tip per order: 409 `already_tipped`
     * once one was charged. Asking again with the same amount resumes the open attempt; another
     * amount replaces it (the old attempt, never authorised, is closed).
     *
     * Errors: 404 `order_not_found` (not the caller's order, or not a customer); 409
     * `order_not_tippable` (not completed), `already_tipped`; 400 `invalid_tip` for a foreign
     * currency or an amount outside `TIP_LIMITS` / `maxTip` (contract cancellation.ts).
     */
    async startTip(user: Payer, orderId: string, body: TipBody): Promise<Payment> {
      const facts = await repo.orderFacts(db, orderId);
      if (!facts || user.role !== 'customer' || facts.order.customerId !== user.id) {
        throw notFound(messages.orderNotFound, 'order_not_found');
      }
      const o = facts.order;
      if (body.currency && body.currency.toUpperCase() !== o.currency) {
        throw badRequest(tipCurrency(o.currency), 'invalid_tip', {
          currency: tipCurrency(o.currency),
        });
      }
      const refusal = tipRefusal(o, body.amount);
      if (refusal === 'not_completed') throw notTippable();
      if (refusal === 'too_small' || refusal === 'too_large') {
        const text =
          refusal === 'too_small'
            ? tipTooSmall(TIP_LIMITS.minMinor, o.currency)
            : tipTooLarge(maxTip(o.subtotal), o.currency);
        throw badRequest(text, 'invalid_tip', { amount: text });
      }
      let row = await inTransaction(async (tx) => {
        // Serialise tips of one order on its row (one tip per order).
        await repo.lockOrder(tx, orderId);
        const tips = await repo.tipPayments(tx, orderId);
        if (tips.some((t) => PAID_STATUSES.includes(t.status))) throw alreadyTipped();
        const open = tips.find((t) => CONFIRMABLE.includes(t.status));
        if (open?.amount === body.amount) return open;
        const now = clock.now();
        if (open) {
          // Never authorised: closing it moves no money (a Stripe intent left unconfirmed holds none).
          await repo.updatePayment(tx, open.id, {
            status: 'voided',
            failureMessage: tipReplaced(body.amount, o.currency),
            updatedAt: now,
          });
        }
        return repo.insertPayment(tx, {
          id: uuidv7(),
          orderId,
          kind: 'tip',
          provider: config.paymentProvider,
          amount: body.amount,
          currency: o.currency,
        });
      });
      const prepared = await providerFor(row.provider).prepare({
        paymentId: row.id,
        amount: row.amount,
        currency: row.currency,
        idempotencyKey: prepareKey(row.id),
      });
      if (prepared.ref && prepared.ref !== row.providerRef) {
        row =
          (await repo.updatePayment(db, row.id, {
            providerRef: prepared.ref,
            updatedAt: clock.now(),
          })) ?? row;
      }
      return dto(row, {
        ...(prepared.clientSecret ? { clientSecret: prepared.clientSecret } : {}),
        ...(prepared.publishableKey ? { publishableKey: prepared.publishableKey } : {}),
      });
    },

    /** What this domain's jobs run (./jobs/*.ts): register those with `app.jobs`. */
    handlers: {
      capture: handleCapture,
      void: handleVoid,
      refund: handleRefund,
      orphanRefund: handleOrphanRefund,
    },
  };
}

export type PaymentsService = ReturnType<typeof createPaymentsService>;
