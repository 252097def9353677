import { and, eq, inArray } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ledgerEntries, sandboxBankEvents } from '../src/db/schema';
import { changeOrderPostings } from '../src/domains/ledger/policy';
import { bearer, createVendor, GOOD_CARD, paidOrder } from './fixtures';
import { createTestContext, type TestContext } from './helpers';

/*
 * Change orders and the ledger, as a property over HTTP on a real database: for random
 * sequences of extras (random amounts, each approved with the sandbox card, declined, or left
 * unanswered) and a job that is then completed or cancelled by its pro, the order's postings
 * (every payment of it) sum to zero, the pro is owed exactly the booking's price plus the
 * approved extras' amounts (nothing after a cancellation, which refunds the booking in full),
 * and nothing declined or unanswered is ever authorised, captured or posted.
 */

const MIN = 60_000;
const HOUR = 60 * MIN;
const PRICE = 10_000;

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => ctx?.close());

const post = (url: string, token: string, payload?: object) =>
  ctx.app.inject({ method: 'POST', url, headers: bearer(token), ...(payload ? { payload } : {}) });

const extraArb = fc.record({
  amount: fc.integer({ min: 1, max: 250_000 }),
  decision: fc.constantFrom('approve', 'decline', 'open-then-decline', 'leave'),
});
const scenarioArb = fc.record({
  extras: fc.array(extraArb, { minLength: 1, maxLength: 4 }),
  end: fc.constantFrom('complete', 'cancel'),
});

describe('change orders and the ledger (property)', () => {
  it('changeOrderPostings: card = amount + fee, fee to the platform, amount to the pro', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10_000_000 }),
        fc.integer({ min: 0, max: 1_000_000 }),
        (amount, fee) => {
          const set = changeOrderPostings({ amount, fee });
          expect(set.reduce((s, p) => s + p.amount, 0)).toBe(0);
          const of = (account: string) => set.find((p) => p.account === account)?.amount;
          expect(of('customer_card')).toBe(amount + fee);
          expect(of('platform_fee')).toBe(fee === 0 ? 0 : -fee);
          expect(of('vendor_payable')).toBe(amount === 0 ? 0 : -amount);
        },
      ),
    );
  });

  it('postings balance, the pro gets exactly the approved extras, nothing unapproved is charged', async () => {
    await fc.assert(
      fc.asyncProperty(scenarioArb, async ({ extras, end }) => {
        // A pro per run: every run books the first free slot of its own calendar.
        const vendor = await createVendor(ctx, { price: PRICE });
        const { customer, order } = await paidOrder(ctx, vendor);
        expect(
          (await post(`/v1/orders/${order.id}/transitions`, vendor.token, { action: 'accept' }))
            .statusCode,
        ).toBe(200);
        const approved: { amount: number; paymentId: string }[] = [];
        const unapproved: (string | null)[] = [];
        for (const extra of extras) {
          const made = await post(`/v1/orders/${order.id}/change-orders`, vendor.token, {
            description: 'Extra work found on site',
            amount: extra.amount,
          });
          expect(made.statusCode).toBe(201);
          const coUrl = `/v1/orders/${order.id}/change-orders/${made.json().data.id}`;
          if (extra.decision === 'leave') {
            unapproved.push(null);
            continue;
          }
          if (extra.decision === 'decline') {
            expect((await post(`${coUrl}/decline`, customer.token)).statusCode).toBe(200);
            unapproved.push(null);
            continue;
          }
          const started = await post(`${coUrl}/approve`, customer.token);
          expect(started.statusCode).toBe(200);
          const paymentId = started.json().data.id as string;
          if (extra.decision === 'open-then-decline') {
            expect((await post(`${coUrl}/decline`, customer.token)).statusCode).toBe(200);
            unapproved.push(paymentId);
            continue;
          }
          const confirmed = await post(`/v1/payments/${paymentId}/confirm`, customer.token, {
            card: GOOD_CARD,
          });
          expect(confirmed.statusCode).toBe(200);
          approved.push({ amount: extra.amount, paymentId });
        }
        await ctx.drain();
        const startsAt = Date.parse(order.startsAt);
        const clock = vi.spyOn(ctx.app.clock, 'now');
        try {
          if (end === 'complete') {
            const d = await ctx.app.inject({
              method: 'GET',
              url: `/v1/orders/${order.id}`,
              headers: bearer(customer.token),
            });
            clock.mockReturnValue(new Date(startsAt - 10 * MIN));
            const startCode = d.json().data.startCode as string;
            const started = await post(`/v1/orders/${order.id}/transitions`, vendor.token, {
              action: 'start',
              startCode,
            });
            expect(started.statusCode).toBe(200);
            clock.mockReturnValue(new Date(startsAt + HOUR));
            const done = await post(`/v1/orders/${order.id}/transitions`, vendor.token, {
              action: 'complete',
            });
            expect(done.statusCode).toBe(200);
          } else {
            const cancelled = await post(`/v1/orders/${order.id}/transitions`, vendor.token, {
              action: 'cancel',
            });
            expect(cancelled.statusCode).toBe(200);
          }
        } finally {
          clock.mockRestore();
        }
        await ctx.drain();

        const rows = await ctx.app.db
          .select()
          .from(ledgerEntries)
          .where(eq(ledgerEntries.orderId, order.id));
        // Every payment of the order balances, and so does the order.
        expect(rows.reduce((s, r) => s + r.amount, 0)).toBe(0);
        for (const paymentId of new Set(rows.map((r) => r.paymentId))) {
          const own = rows.filter((r) => r.paymentId === paymentId);
          expect(own.reduce((s, r) => s + r.amount, 0)).toBe(0);
        }
        const owed =
          0 - rows.filter((r) => r.account === 'vendor_payable').reduce((s, r) => s + r.amount, 0);
        const extrasOwed = approved.reduce((s, a) => s + a.amount, 0);
        expect(owed).toBe(end === 'complete' ? PRICE + extrasOwed : 0);

        // Nothing unapproved is ever authorised, captured or posted.
        const unapprovedIds = unapproved.filter((id): id is string => id !== null);
        if (unapprovedIds.length > 0) {
          expect(rows.filter((r) => unapprovedIds.includes(r.paymentId ?? ''))).toEqual([]);
          const bank = await ctx.app.db
            .select()
            .from(sandboxBankEvents)
            .where(inArray(sandboxBankEvents.paymentId, unapprovedIds));
          expect(bank).toEqual([]);
        }
        // A cancelled job charges no extra: approved ones were authorised, never captured.
        if (end === 'cancel' && approved.length > 0) {
          const captures = await ctx.app.db
            .select()
            .from(sandboxBankEvents)
            .where(
              and(
                inArray(
                  sandboxBankEvents.paymentId,
                  approved.map((a) => a.paymentId),
                ),
                eq(sandboxBankEvents.type, 'capture'),
              ),
            );
          expect(captures).toEqual([]);
        }
      }),
      { numRuns: 15 },
    );
  });
});
