/** Recording the authorisation of a tip (spec: one tip per completed order) and its capture. */
import { enqueue } from '../../../jobs/engine';
import { paymentCaptureJob } from '../jobs/capture';
import { captureKey, PAID_STATUSES } from '../policy';
import * as repo from '../repository';
import { type Authorization, enqueueVoid, type PaymentsContext, type Settled } from './context';
import { alreadyTipped, notTippable } from './errors';
import { recordAuthorization } from './record-authorization';

/**
 * Records the authorisation `ref` of a tip payment and queues its capture at once
 * (a tip is for work already done: nothing to wait for). One transaction (order → payment
 * locked): a replay of the same `ref` is a success; when the order is not completed any more or
 * another tip of it was already charged (one tip per order), the authorisation is recorded, its
 * void queued, and a 409 thrown after commit.
 */
export async function settleTip(ctx: PaymentsContext, a: Authorization): Promise<void> {
  const outcome = await ctx.inTransaction(async (tx): Promise<Settled> => {
    const recorded = await recordAuthorization(ctx, tx, a, {
      replayed: notTippable,
      refused: alreadyTipped,
    });
    if (recorded.kind !== 'recorded') return recorded;
    const { order, payment } = recorded;
    const tipped = (await repo.tipPayments(tx, order.id)).some(
      (t) => t.id !== payment.id && PAID_STATUSES.includes(t.status),
    );
    if (order.status !== 'completed' || tipped) {
      await enqueueVoid(tx, payment, a.ref, a.actorId);
      return { kind: 'conflict', error: tipped ? alreadyTipped() : notTippable() };
    }
    await enqueue(
      tx,
      paymentCaptureJob,
      { paymentId: payment.id, actorId: a.actorId },
      { key: captureKey(payment.id) },
    );
    return { kind: 'paid' };
  });
  if (outcome.kind === 'conflict') throw outcome.error;
}
