/** Recording the authorisation of an extra (a change order the customer approves). */
import { approveChangeOrderOnAuthorization } from '../../orders';
import { type Authorization, enqueueVoid, type PaymentsContext, type Settled } from './context';
import { extraClosed } from './errors';
import { recordAuthorization } from './record-authorization';

/**
 * Records the authorisation `ref` of a `change_order` payment: one transaction (order →
 * payment → extra locked) sets the payment `authorized` and, through the orders domain, the
 * extra `approved` (the pro is told). Nothing is captured yet: approved extras are captured when
 * the job is completed. A replay of the same `ref` is a success. When the extra can no longer
 * be approved (the job ended, or it was declined meanwhile) the authorisation is recorded, its
 * void queued, and a 409 `order_not_changeable` thrown after commit.
 */
export async function settleChangeOrder(ctx: PaymentsContext, a: Authorization): Promise<void> {
  const outcome = await ctx.inTransaction(async (tx): Promise<Settled> => {
    const recorded = await recordAuthorization(ctx, tx, a, {
      replayed: extraClosed,
      refused: extraClosed,
    });
    if (recorded.kind !== 'recorded') return recorded;
    const { payment, now } = recorded;
    if (!(await approveChangeOrderOnAuthorization(tx, { paymentId: payment.id, at: now }))) {
      await enqueueVoid(tx, payment, a.ref, a.actorId);
      return { kind: 'conflict', error: extraClosed() };
    }
    return { kind: 'paid' };
  });
  if (outcome.kind === 'conflict') throw outcome.error;
}
