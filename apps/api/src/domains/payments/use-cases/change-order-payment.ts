/**
 * The money of extras (change orders): a payment of kind `change_order` for the extra's amount
 * plus its booking fee, prepared like a tip when the customer approves, confirmed with
 * `POST /v1/payments/{id}/confirm`, captured when the job is completed, voided when it ends
 * otherwise, and posted to the ledger like a booking (vendor payable and platform fee).
 */
import type { Payment } from '@vetted/contract';
import { v7 as uuidv7 } from 'uuid';
import type { DbOrTx } from '../../../db/client';
import { enqueue } from '../../../jobs/engine';
import { outboxHasKey } from '../../../jobs/outbox-queries';
import { postChangeOrder, type RefundBearer } from '../../ledger';
import { changeOrderOfPayment, closeExtrasOnRefund, loadOrderFacts } from '../../orders';
import { paymentCaptureJob } from '../jobs/capture';
import { messages } from '../messages';
import { CONFIRMABLE, captureKey } from '../policy';
import * as repo from '../repository';
import type { OrderRow, PaymentRow } from '../repository';
import { enqueueVoid, type PaymentsContext, pushOrder } from './context';
import { paymentNotFound } from './errors';
import { preparePayment } from './initialize';
import { isCaptured, requestPaymentRefund } from './request-money';

/**
 * Inside the orders domain's transaction (order locked): the open `change_order` payment
 * `reuseId` when it can still be confirmed for `amount` (minor units of `currency`), else a new
 * one with the configured provider. Answers its id.
 */
export async function openChangeOrderPayment(
  ctx: PaymentsContext,
  tx: DbOrTx,
  input: { orderId: string; amount: number; currency: string; reuseId: string | null },
): Promise<string> {
  if (input.reuseId) {
    const open = await repo.lockPayment(tx, input.reuseId);
    if (open && CONFIRMABLE.includes(open.status) && open.amount === input.amount) return open.id;
  }
  const row = await repo.insertPayment(tx, {
    id: uuidv7(),
    orderId: input.orderId,
    kind: 'change_order',
    provider: ctx.config.paymentProvider,
    amount: input.amount,
    currency: input.currency,
  });
  return row.id;
}

/** After commit: `provider.prepare` of the extra's payment; answers the `Payment` to confirm. */
export async function prepareChangeOrderPayment(
  ctx: PaymentsContext,
  paymentId: string,
): Promise<Payment> {
  const row = await repo.getPayment(ctx.db, paymentId);
  if (!row) throw paymentNotFound();
  return preparePayment(ctx, row);
}

/**
 * Inside the orders domain's transaction: queues the capture of the extra's authorisation
 * (job `payment.capture`, key `payment:<id>:capture`), as a booking's is queued at accept.
 * Returns the payment id, or null when it holds no uncaptured authorisation.
 */
export async function requestChangeOrderCapture(
  tx: DbOrTx,
  paymentId: string,
  actorId: string | null,
): Promise<{ paymentId: string } | null> {
  const p = await repo.lockPayment(tx, paymentId);
  if (p?.status !== 'authorized' || p.capturedAt || p.voidedAt || !p.providerRef) return null;
  await enqueue(tx, paymentCaptureJob, { paymentId: p.id, actorId }, { key: captureKey(p.id) });
  return { paymentId: p.id };
}

/**
 * Inside the orders domain's transaction: the extra will not happen. An authorisation is
 * released (job `payment.void`); a payment never authorised is closed (`voided`, moving no
 * money) so it can no longer be confirmed. Captured money is left alone (a refund does that).
 */
export async function releaseChangeOrderPayment(
  ctx: PaymentsContext,
  tx: DbOrTx,
  paymentId: string,
  actorId: string | null,
): Promise<'void' | 'closed' | null> {
  const p = await repo.lockPayment(tx, paymentId);
  if (!p || p.voidedAt || isCaptured(p)) return null;
  if (p.status === 'authorized' && p.providerRef) {
    if (await outboxHasKey(tx, captureKey(p.id))) return null;
    await enqueueVoid(tx, p, p.providerRef, actorId);
    return 'void';
  }
  if (!CONFIRMABLE.includes(p.status)) return null;
  await repo.updatePayment(tx, p.id, {
    status: 'voided',
    failureMessage: messages.extraReplaced,
    updatedAt: ctx.clock.now(),
  });
  return 'closed';
}

/**
 * The platform's fee inside payment `p` (minor units), as the capture and refunds split it: a
 * tip carries none, an extra its own fee, a booking the order's fee (never more than `p.amount`).
 */
export async function feeOfPayment(db: DbOrTx, p: PaymentRow, order: OrderRow): Promise<number> {
  if (p.kind === 'tip') return 0;
  if (p.kind === 'change_order') {
    return Math.min((await changeOrderOfPayment(db, p.id))?.fee ?? 0, p.amount);
  }
  return Math.min(order.fee, p.amount);
}

/**
 * In the capture's transaction: a captured extra is posted to the ledger (card +total, platform
 * fee −fee, vendor payable −amount, the pro's line noted "Extra: …" for their earnings) and
 * both order pages refresh.
 */
export async function recordChangeOrderCapture(
  tx: DbOrTx,
  order: OrderRow,
  p: PaymentRow,
  now: Date,
): Promise<void> {
  const co = await changeOrderOfPayment(tx, p.id);
  const fee = Math.min(co?.fee ?? 0, p.amount);
  await postChangeOrder(tx, {
    orderId: order.id,
    paymentId: p.id,
    currency: p.currency,
    amount: p.amount - fee,
    fee,
    note: `Extra: ${co?.description ?? 'work added during the job'}`,
    key: captureKey(p.id),
    at: now,
  });
  const v = await loadOrderFacts(tx, order.id);
  if (v) await pushOrder(tx, v, order.status);
}

/**
 * In the refund transaction of an order's booking payment refunded in full: the order's extras
 * go back under the same policy — each captured (or capture-queued) extra is refunded in full
 * with the same reason and bearer (job `payment.refund`), an authorisation not yet captured is
 * released, and the orders domain closes the extras that will not happen. Returns how many
 * extras were refunded or released.
 */
export async function refundExtrasOfOrder(
  tx: DbOrTx,
  orderId: string,
  job: { reason: string | null; actorId: string | null; bearer?: RefundBearer },
  at: Date,
): Promise<number> {
  let n = 0;
  const released: string[] = [];
  for (const listed of await repo.changeOrderPayments(tx, orderId)) {
    const p = await repo.lockPayment(tx, listed.id);
    if (!p?.providerRef || p.voidedAt) continue;
    const queued = await outboxHasKey(tx, captureKey(p.id));
    if (!isCaptured(p) && !queued) {
      if (p.status !== 'authorized') continue;
      await enqueueVoid(tx, p, p.providerRef, job.actorId);
      released.push(p.id);
      n++;
      continue;
    }
    const left = p.amount - p.amountRefunded - (await repo.undeliveredRefundTotal(tx, p.id));
    if (left <= 0) continue;
    await requestPaymentRefund(tx, p, left, job.reason, job.actorId, job.bearer);
    n++;
  }
  await closeExtrasOnRefund(tx, { orderId, releasedPaymentIds: released, at });
  return n;
}
