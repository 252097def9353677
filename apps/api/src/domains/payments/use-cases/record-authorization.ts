/**
 * The first half of settling an extra's or a tip's authorisation: the locks, the replay, the
 * refusal of a payment that cannot take this charge, and the recorded authorisation — the same
 * for both, so they lock in one order and answer a replay alike.
 */
import type { Tx } from '../../../db/client';
import type { AppError } from '../../../lib/errors';
import { lockOrder, type OrderRow } from '../../orders';
import { CONFIRMABLE } from '../policy';
import * as repo from '../repository';
import { type Authorization, enqueueVoid, type PaymentsContext, type Settled } from './context';
import { paymentNotFound, unconfirmable } from './errors';

/** An authorisation just recorded: the locked order, the payment as updated, and when. */
export interface RecordedAuthorization {
  kind: 'recorded';
  order: OrderRow;
  payment: repo.PaymentRow;
  now: Date;
}

/** What the payment's purpose answers when it cannot take the charge. */
export interface AuthorizationRefusals {
  /** The 409 of a replayed `ref` whose payment was voided or refunded meanwhile. */
  replayed: () => AppError;
  /** The 409 of a payment not in a confirmable status, or paid with another key. */
  refused: () => AppError;
}

/**
 * Inside `tx`: locks the order, then the payment (the order → payment lock order of every
 * payments use case), then answers a replay of the same `ref` (`paid`, or a conflict when it did
 * not stay paid), refuses (voiding the authorisation) a payment that is not confirmable or not
 * ours (another `key` and `ref`), and otherwise records it `authorized` with `ref` and `last4`.
 * @returns a {@link Settled} outcome to return as is, or the recorded authorisation for the
 *   caller's own checks (which void `payment` themselves when they refuse).
 */
export async function recordAuthorization(
  ctx: PaymentsContext,
  tx: Tx,
  a: Authorization,
  refusals: AuthorizationRefusals,
): Promise<Settled | RecordedAuthorization> {
  const { paymentId, key, ref, last4, actorId } = a;
  const p0 = await repo.getPayment(tx, paymentId);
  const order = p0 ? await lockOrder(tx, p0.orderId) : null;
  const p = await repo.lockPayment(tx, paymentId);
  if (!order || !p) return { kind: 'conflict', error: paymentNotFound() };
  if (p.providerRef === ref && p.status !== 'requires_payment' && p.status !== 'failed') {
    return p.status === 'authorized' || p.capturedAt
      ? { kind: 'paid' }
      : { kind: 'conflict', error: unconfirmable(p.status) ?? refusals.replayed() };
  }
  const now = ctx.clock.now();
  const ours = key === null || p.idempotencyKey === key || p.providerRef === ref;
  if (!CONFIRMABLE.includes(p.status) || !ours) {
    await enqueueVoid(tx, p, ref, actorId);
    return { kind: 'conflict', error: unconfirmable(p.status) ?? refusals.refused() };
  }
  const recorded = await repo.updatePayment(tx, p.id, {
    status: 'authorized',
    providerRef: ref,
    cardLast4: last4,
    authorizedAt: now,
    failureMessage: null,
    updatedAt: now,
  });
  return { kind: 'recorded', order, payment: recorded!, now };
}
