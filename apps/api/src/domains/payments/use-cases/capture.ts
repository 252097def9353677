/** The capture job: take the authorised money, record it and post it to the ledger. */
import type { DbOrTx } from '../../../db/client';
import { PermanentDeliveryError } from '../../../jobs/define';
import { postCapture, postTip } from '../../ledger';
import { notify } from '../../notifications';
import { lockOrder, loadOrderFacts, notePaymentOnOrder } from '../../orders';
import { factsOf } from '../dto';
import { formatMoney } from '../../../shared/money';
import { tipNote, tipReceivedNotice, tipSentNotice } from '../messages';
import { captureKey } from '../policy';
import * as repo from '../repository';
import type { OrderRow, PaymentRow } from '../repository';
import { type PaymentsContext, pushOrder } from './context';
import { recordChangeOrderCapture } from './change-order-payment';
import { deliveryError } from './errors';

/** Job `payment.capture`: captures the payment `paymentId` (see {@link capturePayment}). */
export async function handleCapture(
  ctx: PaymentsContext,
  job: { paymentId: string; actorId: string | null },
): Promise<void> {
  const p = await repo.getPayment(ctx.db, job.paymentId);
  if (!p) throw new PermanentDeliveryError(`payment ${job.paymentId} not found`);
  await capturePayment(ctx, p);
}

/**
 * Captures the payment's full amount with its capture key (`payment:<id>:capture`, the key of
 * the capture job too), then records it: payment `captured`, charge posted to the ledger.
 * A no-op once captured. Used by the capture job and by a refund that finds it not done yet.
 * @throws PermanentDeliveryError when the payment was voided or holds no charge
 */
export async function capturePayment(ctx: PaymentsContext, p: PaymentRow): Promise<void> {
  if (p.capturedAt) return;
  if (p.voidedAt || !p.providerRef) {
    throw new PermanentDeliveryError(`payment ${p.id} cannot be captured (voided or no charge)`);
  }
  await ctx
    .providerFor(p.provider)
    .capture({
      ref: p.providerRef,
      amount: p.amount,
      currency: p.currency,
      idempotencyKey: captureKey(p.id),
    })
    .catch((err: unknown) => {
      throw deliveryError(err);
    });
  await ctx.inTransaction(async (tx) => {
    const order = await lockOrder(tx, p.orderId);
    const locked = await repo.lockPayment(tx, p.id);
    if (!order || !locked || locked.capturedAt) return;
    const now = ctx.clock.now();
    await repo.updatePayment(tx, p.id, {
      capturedAt: now,
      status: locked.status === 'authorized' ? 'captured' : locked.status,
      updatedAt: now,
    });
    if (locked.kind === 'tip') {
      await recordTip(tx, order, locked, now);
      return;
    }
    if (locked.kind === 'change_order') {
      await recordChangeOrderCapture(tx, order, locked, now);
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
    const v = await loadOrderFacts(tx, order.id);
    if (v) await pushOrder(tx, v, order.status);
  });
}

/**
 * In the capture's transaction: a captured tip is posted to the ledger in full to
 * the vendor (`postTip`), noted on the order's timeline, and both sides are told.
 */
async function recordTip(tx: DbOrTx, order: OrderRow, p: PaymentRow, now: Date): Promise<void> {
  await postTip(tx, {
    orderId: order.id,
    paymentId: p.id,
    currency: p.currency,
    amount: p.amount,
    key: captureKey(p.id),
    at: now,
  });
  await notePaymentOnOrder(tx, {
    order,
    actorId: order.customerId,
    note: tipNote(p.amount, p.currency, p.cardLast4),
    at: now,
  });
  const v = await loadOrderFacts(tx, order.id);
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
