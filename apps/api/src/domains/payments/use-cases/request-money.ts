/**
 * Requests from other domains, inside THEIR transaction: queue the capture, void or refund of an
 * order's payment (spec: exactly-once money). Each queues a job with a key derived from the
 * payment; the job (capture.ts, void.ts, refund.ts here) calls the provider with that key.
 */
import type { DbOrTx } from '../../../db/client';
import { enqueue } from '../../../jobs/engine';
import type { RefundBearer } from '../../ledger';
import { paymentCaptureJob } from '../jobs/capture';
import { paymentRefundJob } from '../jobs/refund';
import { captureKey, refundKey } from '../policy';
import * as repo from '../repository';
import type { PaymentRow } from '../repository';
import { enqueueVoid } from './context';
import { lockOrder } from '../../orders';
import { outboxHasKey } from '../../../jobs/outbox-queries';

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
    (await outboxHasKey(tx, captureKey(p.id)));
  if (captured) {
    const left = p.amount - p.amountRefunded;
    if (left <= 0) return null;
    const refund = await requestRefund(tx, orderId, left, null, actorId);
    return refund ? { paymentId: refund.paymentId, kind: 'refund' } : null;
  }
  if (p.status !== 'authorized') return null;
  await enqueueVoid(tx, p, p.providerRef, actorId);
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
  // Refunds queued but not yet confirmed count as gone: never refund more than was captured.
  const left = p.amount - p.amountRefunded - (await repo.undeliveredRefundTotal(tx, p.id));
  const amount = Math.min(amountMinor, left);
  if (amount <= 0) return null;
  const captured = isCaptured(p);
  if (!captured && !(await outboxHasKey(tx, captureKey(p.id)))) {
    if (amount >= p.amount) {
      await enqueueVoid(tx, p, p.providerRef, actorId);
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
 * For the admin console: locks the payment `paymentId` inside `tx` — its order row
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
  await lockOrder(tx, before.orderId);
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
