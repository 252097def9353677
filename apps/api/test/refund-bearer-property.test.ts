import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  capturePostings,
  feeShareOf,
  type Posting,
  payoutPostings,
  type RefundBearer,
  refundPostings,
  vendorShareLeft,
} from '../src/domains/ledger/policy';
import { netOfOwed } from '../src/domains/earnings/policy';

/*
 * Who bears a refund, as a property of the pure posting rules: over random prices,
 * booking fees and sequences of partial refunds, each borne by the platform (goodwill) or the
 * pro, every posting set and the whole order sum to zero per currency; a goodwill refund never
 * touches the pro's payable; a recovered one takes exactly the pro's part of it; the fee comes
 * back only beyond the pro's part, whoever bears it.
 */

/** `-x` without `-0`. */
const neg = (x: number) => 0 - x;
const sum = (postings: Posting[], account?: string) =>
  postings.filter((p) => !account || p.account === account).reduce((s, p) => s + p.amount, 0);

const bearerArb = fc.constantFrom<RefundBearer>('platform', 'vendor');

/** A charge (total, fee ≤ total) and refund requests: fractions of the total, each with a bearer. */
const chargeWithRefunds = fc
  .record({
    total: fc.integer({ min: 1, max: 10_000_000 }),
    feeBps: fc.integer({ min: 0, max: 10_000 }),
    refunds: fc.array(
      fc.record({ fraction: fc.double({ min: 0, max: 1, noNaN: true }), bearer: bearerArb }),
      { maxLength: 8 },
    ),
  })
  .map(({ total, feeBps, refunds }) => ({
    total,
    fee: Math.floor((total * feeBps) / 10_000),
    refunds,
  }));

describe('refund postings by bearer (property)', () => {
  it('balance after every step, and split the vendor part between the pro and the goodwill expense by bearer', () => {
    fc.assert(
      fc.property(chargeWithRefunds, ({ total, fee, refunds }) => {
        const all: Posting[] = [...capturePostings({ total, fee })];
        let refunded = 0;
        let recovered = 0;
        let goodwill = 0;
        for (const { fraction, bearer } of refunds) {
          const amount = Math.min(total - refunded, Math.max(1, Math.round(fraction * total)));
          if (amount <= 0) continue;
          const set = refundPostings({ total, fee, refundedBefore: refunded, amount, bearer });
          expect(sum(set)).toBe(0);
          const feePart =
            feeShareOf(refunded + amount, total, fee) - feeShareOf(refunded, total, fee);
          // The fee comes back the same way whoever bears the rest.
          expect(sum(set, 'platform_fee')).toBe(feePart);
          // The pro's part equals what the vendor share left shrinks by.
          const proPart =
            vendorShareLeft(refunded, total, fee) - vendorShareLeft(refunded + amount, total, fee);
          expect(proPart).toBe(amount - feePart);
          if (bearer === 'platform') {
            expect(sum(set, 'vendor_payable')).toBe(0);
            expect(sum(set, 'platform_goodwill')).toBe(proPart);
            goodwill += proPart;
          } else {
            expect(sum(set, 'platform_goodwill')).toBe(0);
            expect(sum(set, 'vendor_payable')).toBe(proPart);
            recovered += proPart;
          }
          all.push(...set);
          refunded += amount;
          expect(sum(all)).toBe(0);
          expect(neg(sum(all, 'refunds'))).toBe(refunded);
          expect(sum(all, 'customer_card')).toBe(total);
          // The pro is owed their share less only what was recovered from them.
          expect(neg(sum(all, 'vendor_payable'))).toBe(total - fee - recovered);
          expect(sum(all, 'platform_goodwill')).toBe(goodwill);
          expect(neg(sum(all, 'platform_fee'))).toBeGreaterThanOrEqual(0);
          expect(neg(sum(all, 'platform_fee'))).toBeLessThanOrEqual(fee);
        }
        expect(vendorShareLeft(refunded, total, fee)).toBe(total - fee - recovered - goodwill);
      }),
      { numRuns: 1000 },
    );
  });

  it('with a payout of the pro’s share before a recovery, what the pro owes nets to the recovery', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 1_000_000 }),
        fc.integer({ min: 0, max: 100_000 }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (subtotal, fee, fraction) => {
          const total = subtotal + fee;
          const amount = Math.max(1, Math.round(fraction * total));
          const lines = [
            ...capturePostings({ total, fee }),
            ...payoutPostings({ amount: subtotal }),
            ...refundPostings({ total, fee, refundedBefore: 0, amount, bearer: 'vendor' }),
          ];
          expect(sum(lines.filter((l) => l.kind !== 'payout'))).toBe(0);
          expect(sum(lines.filter((l) => l.kind === 'payout'))).toBe(0);
          // Settled and paid out: what is left is the negated payable, here ≤ 0.
          const left = neg(sum(lines, 'vendor_payable'));
          const { available, owed } = netOfOwed(left);
          expect(available).toBe(0);
          expect(owed).toBe(Math.min(amount, subtotal));
        },
      ),
    );
  });

  it('a goodwill refund and a recovery of the same amount differ only in who is debited', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 1_000_000 }),
        fc.integer({ min: 0, max: 100_000 }),
        fc.integer({ min: 1, max: 1_100_000 }),
        (subtotal, fee, wanted) => {
          const total = subtotal + fee;
          const amount = Math.min(total, wanted);
          const platform = refundPostings({
            total,
            fee,
            refundedBefore: 0,
            amount,
            bearer: 'platform',
          });
          const vendor = refundPostings({
            total,
            fee,
            refundedBefore: 0,
            amount,
            bearer: 'vendor',
          });
          expect(platform.map((p) => p.amount)).toEqual(vendor.map((p) => p.amount));
          expect(platform.map((p) => p.account)).toEqual([
            'refunds',
            'platform_fee',
            'platform_goodwill',
          ]);
          expect(vendor.map((p) => p.account)).toEqual([
            'refunds',
            'platform_fee',
            'vendor_payable',
          ]);
        },
      ),
    );
  });

  it('table: a 105.00 charge with a 5.00 fee', () => {
    expect(
      refundPostings({
        total: 10_500,
        fee: 500,
        refundedBefore: 0,
        amount: 10_500,
        bearer: 'platform',
      }),
    ).toEqual([
      { account: 'refunds', amount: -10_500, kind: 'refund' },
      { account: 'platform_fee', amount: 500, kind: 'refund' },
      { account: 'platform_goodwill', amount: 10_000, kind: 'refund' },
    ]);
    expect(
      refundPostings({ total: 10_500, fee: 500, refundedBefore: 4_000, amount: 6_500 }),
    ).toEqual([
      { account: 'refunds', amount: -6_500, kind: 'refund' },
      { account: 'platform_fee', amount: 500, kind: 'refund' },
      { account: 'vendor_payable', amount: 6_000, kind: 'refund' },
    ]);
    expect(vendorShareLeft(0, 10_500, 500)).toBe(10_000);
    expect(vendorShareLeft(4_000, 10_500, 500)).toBe(6_000);
    expect(vendorShareLeft(10_000, 10_500, 500)).toBe(0);
    expect(vendorShareLeft(10_500, 10_500, 500)).toBe(0);
    expect(netOfOwed(-6_000)).toEqual({ available: 0, owed: 6_000 });
    expect(netOfOwed(4_000)).toEqual({ available: 4_000, owed: 0 });
    expect(netOfOwed(0)).toEqual({ available: 0, owed: 0 });
  });
});
