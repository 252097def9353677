/**
 * What a refund does beyond the money: which order states a full refund ends, and telling the
 * pro when an admin recovers a refund from them (in-app and by mail, through the outbox in the
 * refund's transaction).
 */
import type { OrderStatus } from '@vetted/contract';
import type { DbOrTx } from '../../db/client';
import { refundRecoveredMail, refundRecoveredNotice } from '../earnings/messages';
import { enqueueMail } from '../mail/service';
import { notify } from '../notifications/service';
import type { OrderFactsRow } from './repository';

/**
 * Order states a booking refunded in full moves from to `refunded`: every state after payment
 * (a refund of everything left ends the booking, whatever it was doing).
 */
export const REFUNDABLE_ORDER_STATUSES: OrderStatus[] = [
  'paid',
  'accepted',
  'in_progress',
  'completed',
  'cancelled',
  'declined',
];

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
