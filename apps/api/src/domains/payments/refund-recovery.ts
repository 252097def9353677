/**
 * What a refund does beyond the money: telling the
 * pro when an admin recovers a refund from them (in-app and by mail, through the outbox in the
 * refund's transaction).
 */
import type { DbOrTx } from '../../db/client';
import { enqueueMail } from '../mail';
import { notify } from '../notifications';
import { refundRecoveredMail, refundRecoveredNotice } from './messages';
import type { OrderFactsRow } from '../orders';

/**
 * Tells the pro of order `facts` that `recovered` (minor units of `currency`) of a refund of
 * `refundAmount` to the customer was taken back from their earnings, and why: an in-app
 * notification and a mail, both queued in `tx` with keys `<key>:vendor-notice` and
 * `<key>:vendor-mail` (a redelivered refund tells them once). Nothing when `recovered` is 0 (the
 * refund only reached the booking fee).
 */
export async function tellVendorOfRecovery(
  tx: DbOrTx,
  input: {
    facts: OrderFactsRow;
    refundAmount: number;
    recovered: number;
    currency: string;
    reason: string;
    key: string;
    publicUrl: string;
  },
): Promise<void> {
  if (input.recovered <= 0) return;
  const v = input.facts;
  const recovery = {
    vendorName: v.vendorName,
    customerName: v.customerName,
    serviceTitle: v.serviceTitle,
    reference: v.order.reference,
    refundAmount: input.refundAmount,
    recovered: input.recovered,
    currency: input.currency,
    reason: input.reason,
  };
  await notify(tx, [
    {
      userId: v.vendorUserId,
      ...refundRecoveredNotice(recovery),
      key: `${input.key}:vendor-notice`,
    },
  ]);
  await enqueueMail(
    tx,
    refundRecoveredMail({ ...recovery, to: v.vendorEmail, publicUrl: input.publicUrl }),
    `${input.key}:vendor-mail`,
  );
}
