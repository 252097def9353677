/**
 * The ledger's use cases for other domains. Each posts one balanced set inside the
 * caller's transaction, idempotently (a repeated key posts nothing).
 */
import type { DbOrTx } from '../../db/client';
import {
  capturePostings,
  changeOrderPostings,
  payoutPostings,
  payoutReversalPostings,
  type Posting,
  type RefundBearer,
  refundPostings,
  tipPostings,
} from './policy';
import * as repo from './repository';

export { vendorBalance, unbalancedOrders, entriesForPayment } from './repository';

/**
 * Posts a captured charge of `total` (minor units) split into the booking `fee` and the vendor's
 * payable part. `key`: the capture's idempotency key. Returns the number of lines written.
 */
export function postCapture(
  tx: DbOrTx,
  input: {
    orderId: string;
    paymentId: string;
    currency: string;
    total: number;
    fee: number;
    key: string;
    at: Date;
  },
): Promise<number> {
  return repo.post(tx, {
    orderId: input.orderId,
    paymentId: input.paymentId,
    currency: input.currency,
    key: input.key,
    postings: capturePostings({ total: input.total, fee: input.fee }),
    at: input.at,
  });
}

/**
 * Posts a captured extra (a change order): card +(amount + fee), platform fee −fee, vendor
 * payable −amount (ledger policy `changeOrderPostings`), the pro's line noted with `note` (the
 * extra's words, shown on their earnings list). `key`: the capture's idempotency key. Returns
 * the number of lines written (0 on a repeat).
 */
export function postChangeOrder(
  tx: DbOrTx,
  input: {
    orderId: string;
    paymentId: string;
    currency: string;
    amount: number;
    fee: number;
    note: string;
    key: string;
    at: Date;
  },
): Promise<number> {
  return repo.post(tx, {
    orderId: input.orderId,
    paymentId: input.paymentId,
    currency: input.currency,
    key: input.key,
    postings: changeOrderPostings({ amount: input.amount, fee: input.fee }),
    at: input.at,
    note: { account: 'vendor_payable', text: input.note },
  });
}

/**
 * Posts a captured tip of `amount` (minor units), all of it owed to the vendor:
 * card +amount, vendor payable −amount. `key`: the tip capture's idempotency key. Returns the
 * number of lines written (0 on a repeat).
 */
export function postTip(
  tx: DbOrTx,
  input: {
    orderId: string;
    paymentId: string;
    currency: string;
    amount: number;
    key: string;
    at: Date;
  },
): Promise<number> {
  return repo.post(tx, {
    orderId: input.orderId,
    paymentId: input.paymentId,
    currency: input.currency,
    key: input.key,
    postings: tipPostings({ amount: input.amount }),
    at: input.at,
  });
}

/**
 * Posts a refund of `amount` (minor units) after `refundedBefore`, reducing the fee and the
 * vendor's part (vendor first, see ledger policy `refundPostings`). `bearer` (default `vendor`)
 * says who bears the vendor's part: `vendor` takes it from their payable, `platform` posts it
 * to `platform_goodwill` and the pro keeps it. `reason` (optional) is stored as the note of the
 * pro's `vendor_payable` line when they bear it, for their earnings list. `key`: the refund's
 * idempotency key. Returns the lines written. Throws RangeError when the refunds would exceed
 * `total`.
 */
export function postRefund(
  tx: DbOrTx,
  input: {
    orderId: string;
    paymentId: string;
    currency: string;
    total: number;
    fee: number;
    refundedBefore: number;
    amount: number;
    bearer?: RefundBearer;
    reason?: string | null;
    key: string;
    at: Date;
  },
): Promise<number> {
  const bearer = input.bearer ?? 'vendor';
  return repo.post(tx, {
    orderId: input.orderId,
    paymentId: input.paymentId,
    currency: input.currency,
    key: input.key,
    postings: refundPostings({ ...input, bearer }),
    at: input.at,
    note:
      bearer === 'vendor' && input.reason
        ? { account: 'vendor_payable', text: input.reason }
        : null,
  });
}

/** A payout as the ledger posts it: `amount` minor units of `currency` to vendor `vendorId`. */
interface PayoutPosting {
  payoutId: string;
  vendorId: string;
  currency: string;
  amount: number;
  at: Date;
}

/** Posts `postings` of payout `input` (no order, `payoutId` set) under idempotency key `key`. */
function postPayoutSet(
  tx: DbOrTx,
  input: PayoutPosting,
  key: string,
  postings: Posting[],
): Promise<number> {
  return repo.post(tx, {
    orderId: null,
    paymentId: null,
    vendorId: input.vendorId,
    payoutId: input.payoutId,
    currency: input.currency,
    key,
    postings,
    at: input.at,
  });
}

/**
 * Posts a payout of `amount` (minor units) to vendor `vendorId`: vendor payable
 * +amount, payouts −amount, with no order (`orderId` null) and `payoutId` set; idempotency key
 * `payout:<id>`. Call it in the transaction that creates the payout. Returns the lines written.
 */
export function postPayout(tx: DbOrTx, input: PayoutPosting): Promise<number> {
  return postPayoutSet(
    tx,
    input,
    `payout:${input.payoutId}`,
    payoutPostings({ amount: input.amount }),
  );
}

/**
 * Reverses the postings of a payout the provider refused for good, key
 * `payout:<id>:reversal`: the amount is owed to the vendor again. Idempotent like every posting
 * set. Returns the lines written (0 on a repeat).
 */
export function postPayoutReversal(tx: DbOrTx, input: PayoutPosting): Promise<number> {
  return postPayoutSet(
    tx,
    input,
    `payout:${input.payoutId}:reversal`,
    payoutReversalPostings({ amount: input.amount }),
  );
}
