/**
 * Double-entry posting rules. Amounts are minor currency units, signed: debit
 * positive, credit negative. Every posting set sums to zero, so every order's postings balance.
 * Pure functions; property-tested in `test/ledger-property.test.ts`.
 */

/**
 * Ledger accounts. `customer_card`: money taken from cards; `refunds`: money given back to them;
 * `platform_goodwill`: the platform's expense when it bears a refund the pro would otherwise
 * bear (an admin's goodwill refund: the pro keeps their share).
 */
export type LedgerAccount =
  | 'customer_card'
  | 'platform_fee'
  | 'vendor_payable'
  | 'refunds'
  | 'payouts'
  | 'platform_clearing'
  | 'platform_goodwill';

/**
 * Who bears a refund's part beyond the booking fee: `vendor` (the pro's share is taken back —
 * cancellations under the refund policy, or an admin recovering it from the pro) or `platform`
 * (an admin's goodwill refund, posted to `platform_goodwill`; the pro keeps their share).
 */
export type RefundBearer = 'platform' | 'vendor';

export type LedgerKind = 'charge' | 'platform_fee' | 'vendor_payable' | 'refund' | 'payout' | 'tip';

/** One line of a posting set. */
export interface Posting {
  account: LedgerAccount;
  /** Minor units; debit +, credit −. */
  amount: number;
  kind: LedgerKind;
}

/** `-x`, but never `-0` (a credit of nothing is 0). */
const credit = (x: number) => (x === 0 ? 0 : -x);

function assertMinor(name: string, value: number): void {
  if (!Number.isSafeInteger(value) || value < 0) {
    throw new RangeError(`${name} must be a non-negative whole number of minor units`);
  }
}

/**
 * Postings of a captured charge of `total` (the order total, fee included), split into the
 * platform's booking `fee` (contract `BOOKING_FEE_BPS`) and what the platform owes the vendor:
 * card +total, platform fee −fee, vendor payable −(total − fee). Throws RangeError when
 * `fee > total` or an amount is not a non-negative integer.
 */
export function capturePostings(input: { total: number; fee: number }): Posting[] {
  assertMinor('total', input.total);
  assertMinor('fee', input.fee);
  if (input.fee > input.total) throw new RangeError('fee must not exceed total');
  return [
    { account: 'customer_card', amount: input.total, kind: 'charge' },
    { account: 'platform_fee', amount: credit(input.fee), kind: 'platform_fee' },
    { account: 'vendor_payable', amount: credit(input.total - input.fee), kind: 'vendor_payable' },
  ];
}

/**
 * Postings of a captured extra (a change order the customer approved): its `amount` is the
 * vendor's and the platform's booking `fee` on it (orders policy `bookingFee`) is charged on
 * top, so the card is charged `amount + fee` — posted like a booking's capture: card
 * +(amount + fee), platform fee −fee, vendor payable −amount. Throws RangeError as
 * {@link capturePostings} does.
 */
export function changeOrderPostings(input: { amount: number; fee: number }): Posting[] {
  assertMinor('amount', input.amount);
  assertMinor('fee', input.fee);
  return capturePostings({ total: input.amount + input.fee, fee: input.fee });
}

/**
 * The platform's share (minor units) of the first `refunded` units refunded of a charge of
 * `total` with booking fee `fee`. Refunds come out of the vendor's part first and reach the fee
 * only beyond it, as the refund policy says (`/refund`: a late cancellation gives back part of
 * the service price and the booking fee is kept; a full refund gives back the fee too).
 * Cumulative, so a sequence of partial refunds splits exactly like one refund of their sum.
 */
export function feeShareOf(refunded: number, total: number, fee: number): number {
  return Math.min(fee, Math.max(0, refunded - (total - fee)));
}

/**
 * The vendor's part (minor units) of what is left to refund of a charge of `total` with booking
 * fee `fee` once `refunded` is gone: `(total − fee) − (refunded − feeShareOf(refunded))`. A
 * further refund of `a` takes `min(a, vendorShareLeft)` of it from the vendor's part (vendor
 * first, see {@link feeShareOf}) — what a goodwill refund leaves the pro.
 */
export function vendorShareLeft(refunded: number, total: number, fee: number): number {
  return Math.max(0, total - fee - (refunded - feeShareOf(refunded, total, fee)));
}

/**
 * Postings of a refund of `amount` after `refundedBefore` was already refunded of a captured
 * charge of `total` with booking fee `fee`: refunds −amount, split into the vendor's part first
 * and the fee only beyond it (see {@link feeShareOf}). The fee part is debited to
 * `platform_fee`; the vendor's part to `vendor_payable` when `bearer` is `vendor` (the default:
 * the pro's share is taken back) or to `platform_goodwill` when it is `platform` (the pro keeps
 * it). Either way the set sums to zero. Throws RangeError when `amount` is not positive or the
 * refunds would exceed `total`.
 */
export function refundPostings(input: {
  total: number;
  fee: number;
  refundedBefore: number;
  amount: number;
  bearer?: RefundBearer;
}): Posting[] {
  const { total, fee, refundedBefore, amount, bearer = 'vendor' } = input;
  assertMinor('total', total);
  assertMinor('fee', fee);
  assertMinor('refundedBefore', refundedBefore);
  assertMinor('amount', amount);
  if (amount === 0) throw new RangeError('amount must be positive');
  if (refundedBefore + amount > total) throw new RangeError('refunds must not exceed the charge');
  const feePart =
    feeShareOf(refundedBefore + amount, total, fee) - feeShareOf(refundedBefore, total, fee);
  return [
    { account: 'refunds', amount: credit(amount), kind: 'refund' },
    { account: 'platform_fee', amount: feePart, kind: 'refund' },
    {
      account: bearer === 'platform' ? 'platform_goodwill' : 'vendor_payable',
      amount: amount - feePart,
      kind: 'refund',
    },
  ];
}

/**
 * Postings of a captured tip of `amount`: all of it is the vendor's, no booking fee —
 * card +amount, vendor payable −amount, both of kind `tip`. Throws RangeError when `amount` is
 * not a positive whole number of minor units.
 */
export function tipPostings(input: { amount: number }): Posting[] {
  assertMinor('amount', input.amount);
  if (input.amount === 0) throw new RangeError('amount must be positive');
  return [
    { account: 'customer_card', amount: input.amount, kind: 'tip' },
    { account: 'vendor_payable', amount: credit(input.amount), kind: 'tip' },
  ];
}

/**
 * Postings of a payout of `amount` (minor units) to a vendor: vendor payable +amount
 * (the platform owes them that much less), payouts −amount (money leaving to their bank), both of
 * kind `payout`. Throws RangeError when `amount` is not a positive whole number of minor units.
 */
export function payoutPostings(input: { amount: number }): Posting[] {
  assertMinor('amount', input.amount);
  if (input.amount === 0) throw new RangeError('amount must be positive');
  return [
    { account: 'vendor_payable', amount: input.amount, kind: 'payout' },
    { account: 'payouts', amount: credit(input.amount), kind: 'payout' },
  ];
}

/**
 * Postings that undo a payout of `amount` the provider refused for good: the mirror of
 * {@link payoutPostings} — vendor payable −amount (owed to the vendor again, so available once
 * more), payouts +amount. Throws RangeError when `amount` is not positive.
 */
export function payoutReversalPostings(input: { amount: number }): Posting[] {
  return payoutPostings(input).map((p) => ({ ...p, amount: credit(p.amount) }));
}
