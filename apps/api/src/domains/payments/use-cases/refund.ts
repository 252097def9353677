/**
 * The refund jobs: give money back with the job's key and, once the provider confirmed it,
 * record it (payment, order, ledger) and tell the people concerned.
 */
import type { Tx } from '../../../db/client';
import { type DeliveryContext, PermanentDeliveryError } from '../../../jobs/define';
import { type RefundBearer, vendorShareLeft } from '../../ledger';
import { postCapture, postRefund } from '../../ledger';
import { notify } from '../../notifications';
import { lockOrder, applyPaymentToOrder, loadOrderFacts } from '../../orders';
import { factsOf } from '../dto';
import { formatMoney } from '../../../shared/money';
import { refundedNote, refundedNotice } from '../messages';
import { captureKey } from '../policy';
import { tellVendorOfRecovery } from '../refund-recovery';
import * as repo from '../repository';
import type { PaymentRow } from '../repository';
import { capturePayment } from './capture';
import { feeOfPayment, refundExtrasOfOrder } from './change-order-payment';
import { type PaymentsContext, pushOrder } from './context';
import { deliveryError } from './errors';

/** The payload of job `payment.refund` (jobs/refund.ts). */
export interface RefundJob {
  paymentId: string;
  amount: number;
  reason: string | null;
  actorId: string | null;
  /** Who bears the pro's part (ledger policy `RefundBearer`); absent: the refund policy's (the pro). */
  bearer?: RefundBearer;
}

/**
 * Job `payment.refund`: refunds `job.amount` (minor units) with the job's key — capturing first
 * when the capture job has not run yet — then records it (see {@link recordRefund}). A refund
 * the provider reports pending fails the delivery, to be retried with the same key.
 * @throws PermanentDeliveryError when the payment holds no charge or was voided
 */
export async function handleRefund(
  ctx: PaymentsContext,
  job: RefundJob,
  delivery: DeliveryContext,
): Promise<void> {
  const p = await repo.getPayment(ctx.db, job.paymentId);
  if (!p?.providerRef) throw new PermanentDeliveryError(`payment ${job.paymentId} has no charge`);
  if (!p.capturedAt && p.status !== 'succeeded') {
    if (p.voidedAt) throw new PermanentDeliveryError(`payment ${p.id} was voided, not captured`);
    // Its capture job has not run yet (the worker may deliver in any order): capture first,
    // with the capture's own key, so the capture job finds it done.
    await capturePayment(ctx, p);
  }
  const result = await ctx
    .providerFor(p.provider)
    .refund({
      ref: p.providerRef,
      amount: job.amount,
      currency: p.currency,
      idempotencyKey: delivery.key,
    })
    .catch((err: unknown) => {
      throw deliveryError(err);
    });
  if (result.status === 'pending') {
    // Same key next time: the provider answers with this refund until it settles (or a
    // webhook calls `refundSettled` to retry at once). The customer keeps "Refund pending".
    throw new Error(`refund ${result.refundRef} is pending at the provider`);
  }
  await ctx.inTransaction((tx) => recordRefund(ctx, tx, p, job, delivery.key));
}

/**
 * In one transaction (order → payment locked): posts the refund to the ledger (and a legacy
 * one-step charge's capture), sets the payment `refunded`, the order `refunded` when the rules
 * say so, tells the customer and, for a refund recovered from the pro, the pro. A no-op when an
 * earlier delivery recorded it.
 */
async function recordRefund(
  ctx: PaymentsContext,
  tx: Tx,
  p: PaymentRow,
  job: RefundJob,
  key: string,
): Promise<void> {
  const order = await lockOrder(tx, p.orderId);
  const locked = await repo.lockPayment(tx, p.id);
  if (!order || !locked) return;
  const now = ctx.clock.now();
  // A tip carries no booking fee (all of it was the vendor's); an extra carries its own.
  const fee = await feeOfPayment(tx, locked, order);
  const base = { orderId: order.id, paymentId: p.id, currency: p.currency, at: now };
  if (locked.kind === 'order') {
    // A legacy one-step charge (`succeeded`) never had its capture posted.
    await postCapture(tx, { ...base, total: locked.amount, fee, key: captureKey(p.id) });
  }
  const recovery = job.bearer === 'vendor';
  const posted = await postRefund(tx, {
    ...base,
    total: locked.amount,
    fee,
    refundedBefore: locked.amountRefunded,
    amount: job.amount,
    bearer: job.bearer === 'platform' ? 'platform' : 'vendor',
    reason: recovery ? job.reason : null,
    key,
  });
  if (posted === 0) return; // recorded by an earlier delivery
  const refunded = locked.amountRefunded + job.amount;
  await repo.updatePayment(tx, p.id, {
    amountRefunded: refunded,
    status: 'refunded',
    updatedAt: now,
  });
  // A booking refunded in full is over whatever state it was in; a partial refund (or a
  // tip's, or an extra's) leaves it where it is, unless it was already called off.
  const fully = locked.kind === 'order' && refunded >= locked.amount;
  // The booking refunded in full: its extras go back under the same policy.
  if (fully) await refundExtrasOfOrder(tx, order.id, job, now);
  const changed = await applyPaymentToOrder(tx, {
    order,
    change: fully ? 'refunded_fully' : 'refunded_partly',
    actorId: job.actorId,
    note: refundedNote(job.amount, p.currency, locked.amount),
    at: now,
  });
  const v = await loadOrderFacts(tx, order.id);
  if (!v) return;
  await notify(tx, [
    {
      userId: order.customerId,
      ...refundedNotice(factsOf(v), formatMoney(job.amount, p.currency)),
      key: `${key}:notice`,
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
      key,
      publicUrl: ctx.config.publicUrl,
    });
  }
  await pushOrder(tx, v, changed ? 'refunded' : order.status);
}

/**
 * Job `payment.orphan_refund`: refunds captured money no payment accounts for (found by the
 * reconciliation), `amount` minor units of `currency`, with the job's key.
 */
export async function handleOrphanRefund(
  ctx: PaymentsContext,
  job: {
    paymentId: string | null;
    provider: string;
    ref: string;
    amount: number;
    currency: string;
  },
  delivery: DeliveryContext,
): Promise<void> {
  const result = await ctx
    .providerFor(job.provider)
    .refund({
      ref: job.ref,
      amount: job.amount,
      currency: job.currency,
      idempotencyKey: delivery.key,
    })
    .catch((err: unknown) => {
      throw deliveryError(err);
    });
  if (result.status === 'pending') throw new Error(`refund ${result.refundRef} is pending`);
  ctx.log.warn({ ...job }, 'refunded a captured charge no payment accounts for');
}
