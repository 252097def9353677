import type { AdminPayment, AdminRefundRequest } from '@vetted/contract';
import { v7 as uuidv7 } from 'uuid';
import type { AuthUser } from '../../../platform/types';
import { isCaptured, lockPaymentForRefund, requestPaymentRefund } from '../../payments';
import type { AdminDeps } from '../deps';
import * as msg from '../messages';
import * as policy from '../policy';
import { insertAudit } from '../repository';

/**
 * `POST /v1/admin/payments/{id}/refund`: refunds `amount` (minor units) of a captured
 * payment, or all that is left without one, through the payments domain's refund job — in
 * one transaction holding the order and payment locks, with an audit entry `payment.refund`
 * `{ amount, currency, reason, orderId, bearer }`. `bearer` `platform` (goodwill): the pro
 * keeps their share, Vetted's goodwill expense bears it; `vendor`: the pro's share is taken
 * back from their earnings and they are told why, in-app and by mail. Answers the payment
 * `refund_pending`: it becomes `refunded` (and the ledger gets the refund postings) once the
 * provider confirmed.
 * @throws AppError 404 `payment_not_found`; 409 `payment_not_captured`, `nothing_to_refund`
 *   (refunds still pending count as gone), `refund_too_large`.
 */
export async function refundPayment(
  { db, clock, payments }: Pick<AdminDeps, 'db' | 'clock' | 'payments'>,
  admin: AuthUser,
  paymentId: string,
  body: AdminRefundRequest,
): Promise<AdminPayment> {
  const reason = body.reason ?? '';
  await db.transaction(async (tx) => {
    const locked = await lockPaymentForRefund(tx, paymentId);
    if (!locked) throw msg.paymentNotFound();
    const p = locked.payment;
    if (!isCaptured(p) || p.voidedAt) throw msg.paymentNotCaptured(p.status);
    const left = policy.refundableAmount({
      amount: p.amount,
      amountRefunded: p.amountRefunded,
      pendingRefunds: locked.pendingRefunds,
    });
    const amount = policy.refundAmount(left, body.amount);
    if (amount === 'nothing_left') throw msg.nothingToRefund();
    if (amount === 'too_much') throw msg.refundTooLarge(left, p.currency);
    await requestPaymentRefund(tx, p, amount, reason, admin.id, body.bearer);
    await insertAudit(tx, {
      id: uuidv7(),
      actorId: admin.id,
      action: 'payment.refund',
      subjectType: 'payment',
      subjectId: p.id,
      detail: { amount, currency: p.currency, reason, orderId: p.orderId, bearer: body.bearer },
      at: clock.now(),
    });
  });
  return payments.adminView(admin, paymentId);
}
