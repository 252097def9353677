import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledgerEntries, payments } from '../src/db/schema';
import {
  capturePostings,
  type Posting,
  payoutPostings,
  refundPostings,
  tipPostings,
} from '../src/domains/ledger/policy';
import { unbalancedOrders, vendorBalance } from '../src/domains/ledger/service';
import { availableSlots, bearer, book, createCustomer, createVendor, pay } from './fixtures';
import { createTestContext, type TestContext } from './helpers';

/** `-x` without `-0`. */
const neg = (x: number) => 0 - x;
const sum = (postings: Posting[], account?: string) =>
  postings.filter((p) => !account || p.account === account).reduce((s, p) => s + p.amount, 0);

/** A charge (total, fee ≤ total) and a sequence of refund requests as fractions of the total. */
const chargeWithRefunds = fc
  .record({
    total: fc.integer({ min: 1, max: 10_000_000 }),
    feeBps: fc.integer({ min: 0, max: 10_000 }),
    refunds: fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { maxLength: 8 }),
  })
  .map(({ total, feeBps, refunds }) => ({
    total,
    fee: Math.floor((total * feeBps) / 10_000),
    refunds,
  }));

describe('ledger posting rules (property)', () => {
  it('every posting set sums to zero and an order never refunds more than it was charged', () => {
    fc.assert(
      fc.property(chargeWithRefunds, ({ total, fee, refunds }) => {
        const all: Posting[] = [];
        const capture = capturePostings({ total, fee });
        expect(sum(capture)).toBe(0);
        all.push(...capture);
        let refunded = 0;
        for (const fraction of refunds) {
          const amount = Math.min(total - refunded, Math.max(1, Math.round(fraction * total)));
          if (amount <= 0) {
            expect(() =>
              refundPostings({ total, fee, refundedBefore: refunded, amount: 1 }),
            ).toThrow(RangeError);
            continue;
          }
          const set = refundPostings({ total, fee, refundedBefore: refunded, amount });
          expect(sum(set)).toBe(0);
          all.push(...set);
          refunded += amount;
          // The order balances after every step…
          expect(sum(all)).toBe(0);
          // …money out never exceeds money in, and neither the platform nor the vendor ends up
          // owing more than it was credited.
          expect(neg(sum(all, 'refunds'))).toBe(refunded);
          expect(sum(all, 'customer_card')).toBe(total);
          expect(neg(sum(all, 'platform_fee'))).toBeGreaterThanOrEqual(0);
          expect(neg(sum(all, 'platform_fee'))).toBeLessThanOrEqual(fee);
          expect(neg(sum(all, 'vendor_payable'))).toBeGreaterThanOrEqual(0);
          expect(neg(sum(all, 'vendor_payable'))).toBeLessThanOrEqual(total - fee);
          // What the platform and vendor still hold is what the card paid minus the refunds.
          expect(neg(sum(all, 'platform_fee')) - sum(all, 'vendor_payable')).toBe(total - refunded);
        }
        if (refunded === total) {
          expect(sum(all, 'platform_fee')).toBe(0);
          expect(sum(all, 'vendor_payable')).toBe(0);
        }
      }),
      { numRuns: 1000 },
    );
  });

  it('a partial refund up to the service price keeps the booking fee (refund policy)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 1_000_000 }),
        fc.integer({ min: 0, max: 100_000 }),
        (subtotal, fee) => {
          const total = subtotal + fee;
          const amount = Math.ceil(subtotal / 2);
          const set = refundPostings({ total, fee, refundedBefore: 0, amount });
          expect(set.find((p) => p.account === 'platform_fee')!.amount).toBe(0);
          expect(set.find((p) => p.account === 'vendor_payable')!.amount).toBe(amount);
        },
      ),
    );
  });

  it('a tip posts card +amount and vendor payable −amount, balanced, nothing to the platform', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 10_000_000 }), (amount) => {
        const set = tipPostings({ amount });
        expect(set.reduce((s, p) => s + p.amount, 0)).toBe(0);
        expect(set).toEqual([
          { account: 'customer_card', amount, kind: 'tip' },
          { account: 'vendor_payable', amount: -amount, kind: 'tip' },
        ]);
      }),
    );
    expect(() => tipPostings({ amount: 0 })).toThrow(RangeError);
    expect(() => tipPostings({ amount: 1.5 })).toThrow(RangeError);
  });

  it('refuses over-refunds and bad amounts', () => {
    expect(() => refundPostings({ total: 100, fee: 5, refundedBefore: 60, amount: 41 })).toThrow(
      RangeError,
    );
    expect(() => capturePostings({ total: 100, fee: 101 })).toThrow(RangeError);
    expect(() => capturePostings({ total: 10.5, fee: 0 })).toThrow(RangeError);
    expect(sum(payoutPostings({ amount: 700 }))).toBe(0);
  });
});

describe('ledger through the payments outbox (property, real database)', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(async () => ctx?.close());

  it('random captures and refund sequences: every order balances, vendor balances stay in bounds', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 100, max: 500_000 }),
        fc.array(fc.integer({ min: 1, max: 600_000 }), { maxLength: 4 }),
        async (price, refundRequests) => {
          const vendor = await createVendor(ctx, { price });
          const customer = await createCustomer(ctx);
          const [slot] = await availableSlots(ctx, vendor.serviceId);
          const orderId = (await book(ctx, customer, vendor.serviceId, slot!.startsAt)).json().data
            .id as string;
          const paid = await pay(ctx, customer, orderId);
          expect(paid.statusCode).toBe(200);
          const paymentId = paid.json().data.payment.id as string;
          const accept = await ctx.app.inject({
            method: 'POST',
            url: `/v1/orders/${orderId}/transitions`,
            headers: bearer(vendor.token),
            payload: { action: 'accept' },
          });
          expect(accept.statusCode).toBe(200);
          await ctx.drain();
          for (const amount of refundRequests) {
            await ctx.app.db.transaction((tx) =>
              ctx.app.payments.requestRefund(tx, orderId, amount, 'property test', null),
            );
            await ctx.drain();
          }
          expect(await unbalancedOrders(ctx.app.db)).toEqual([]);
          const [p] = await ctx.app.db.select().from(payments).where(eq(payments.id, paymentId));
          const total = p!.amount;
          expect(p!.amountRefunded).toBeLessThanOrEqual(total);
          const lines = await ctx.app.db
            .select()
            .from(ledgerEntries)
            .where(eq(ledgerEntries.orderId, orderId));
          const byAccount = (account: string) =>
            lines.filter((l) => l.account === account).reduce((s, l) => s + l.amount, 0);
          expect(byAccount('customer_card')).toBe(total);
          expect(neg(byAccount('refunds'))).toBe(p!.amountRefunded);
          const [balance] = await vendorBalance(ctx.app.db, vendor.vendorId);
          expect(balance!.amount).toBeGreaterThanOrEqual(0);
          expect(balance!.amount).toBeLessThanOrEqual(price);
          expect(balance!.amount - byAccount('platform_fee')).toBe(total - p!.amountRefunded);
        },
      ),
      { numRuns: 8 },
    );
    // Each run books, pays, accepts and refunds through HTTP and the outbox: seconds under load.
  }, 180_000);
});
