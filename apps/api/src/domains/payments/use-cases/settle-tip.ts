/** Recording the authorisation of a tip (spec: one tip per completed order) and its capture. */
import { enqueue } from '../../../jobs/engine';
import { paymentCaptureJob } from '../jobs/capture';
import { CONFIRMABLE, captureKey, PAID_STATUSES } from '../policy';
import * as repo from '../repository';
import { type Authorization, enqueueVoid, type PaymentsContext, type Settled } from './context';
import { alreadyTipped, notTippable, paymentNotFound, unconfirmable } from './errors';
import { lockOrder } from '../../orders';

/**
 * Records the authorisation `ref` of a tip payment and queues its capture at once
 * (a tip is for work already done: nothing to wait for). One transaction (order → payment
 * locked): a replay of the same `ref` is a success; when the order is not completed any more or
 * another tip of it was already charged (one tip per order), the authorisation is recorded, its
 * void queued, and a 409 thrown after commit.
 */
export async function settleTip(ctx: PaymentsContext, a: Authorization): Promise<void> {
  const { paymentId, key, ref, last4, actorId } = a;
  const outcome = await ctx.inTransaction(async (tx): Promise<Settled> => {
    const p0 = await repo.getPayment(tx, paymentId);
    const order = p0 ? await lockOrder(tx, p0.orderId) : null;
    const p = await repo.lockPayment(tx, paymentId);
    if (!order || !p) return { kind: 'conflict', error: paymentNotFound() };
    if (p.providerRef === ref && p.status !== 'requires_payment' && p.status !== 'failed') {
      return p.status === 'authorized' || p.capturedAt
        ? { kind: 'paid' }
        : { kind: 'conflict', error: unconfirmable(p.status) ?? notTippable() };
    }
    const now = ctx.clock.now();
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
