/** The void job: release an authorisation and tell the customer the hold is gone. */
import type { DeliveryContext } from '../../../jobs/define';
import { notify } from '../../notifications';
import { factsOf } from '../dto';
import { formatMoney } from '../../../shared/money';
import { holdReleasedNotice } from '../messages';
import * as repo from '../repository';
import { type PaymentsContext, pushOrder } from './context';
import { deliveryError } from './errors';
import { lockOrder, loadOrderFacts } from '../../orders';

/**
 * Job `payment.void`: releases the authorisation `ref` with the job's key, then (when the
 * payment still holds that ref) marks the payment `voided` and tells the customer the hold was
 * released. `paymentId` null: a provider charge no payment holds (reconciliation).
 */
export async function handleVoid(
  ctx: PaymentsContext,
  job: { paymentId: string | null; ref: string; provider: string; actorId: string | null },
  delivery: DeliveryContext,
): Promise<void> {
  await ctx
    .providerFor(job.provider)
    .void({ ref: job.ref, idempotencyKey: delivery.key })
    .catch((err: unknown) => {
      throw deliveryError(err);
    });
  if (!job.paymentId) return;
  const paymentId = job.paymentId;
  const p0 = await repo.getPayment(ctx.db, paymentId);
  if (!p0 || p0.providerRef !== job.ref) {
    ctx.log.info({ paymentId, ref: job.ref }, 'voided a provider charge the payment does not hold');
    return;
  }
  await ctx.inTransaction(async (tx) => {
    const order = await lockOrder(tx, p0.orderId);
    const p = await repo.lockPayment(tx, paymentId);
    if (!order || !p || p.voidedAt || p.providerRef !== job.ref) return;
    const now = ctx.clock.now();
    await repo.updatePayment(tx, p.id, { voidedAt: now, status: 'voided', updatedAt: now });
    const v = await loadOrderFacts(tx, order.id);
    if (!v) return;
    await notify(tx, [
      {
        userId: order.customerId,
        ...holdReleasedNotice(factsOf(v), formatMoney(p.amount, p.currency)),
        key: `${delivery.key}:notice`,
      },
    ]);
    await pushOrder(tx, v, order.status);
  });
}
