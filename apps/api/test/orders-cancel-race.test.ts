import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ledgerEntries,
  orderEvents,
  orders,
  outbox,
  payments,
  sandboxBankEvents,
} from '../src/db/schema';
import { unbalancedOrders } from '../src/domains/ledger/service';
import { paymentCaptureJob } from '../src/domains/payments/jobs/capture';
import {
  availableSlots,
  bearer,
  book,
  createCustomer,
  createVendor,
  pay,
  type TestUser,
  type TestVendor,
} from './fixtures';
import { createTestContext, type TestContext } from './helpers';

/**
 * The customer and the pro cancel one accepted order at the same moment, before its capture job
 * finished (it runs alongside). On PostgreSQL the transactions really run at once (a pool of
 * connections); on PGlite (one connection) they run one after the other, and the outcome must be
 * the same.
 */
const ROUNDS = 20;
/** Time a round may take (ms) on a busy 2-core machine: book, pay, accept, two cancels, jobs. */
const ROUND_BUDGET_MS = 10_000;
/** $100.00 service + 5 % booking fee. */
const SUBTOTAL = 10_000;
const TOTAL = 10_500;

let ctx: TestContext;
let vendor: TestVendor;

beforeAll(async () => {
  ctx = await createTestContext();
  vendor = await createVendor(ctx, { price: SUBTOTAL });
});
afterAll(async () => ctx?.close());

/**
 * A slot more than 25 h ahead: in the full-refund band of the published policy for the customer
 * too (a pro's cancellation always refunds everything), so whoever wins, the refund is the total.
 */
async function slotAhead(): Promise<string> {
  const slots = await availableSlots(ctx, vendor.serviceId, 5);
  const slot = slots.find((s) => Date.parse(s.startsAt) - Date.now() >= 25 * 3_600_000);
  if (!slot) throw new Error('no slot 25 h ahead');
  return slot.startsAt;
}

const transition = (who: TestUser, orderId: string, action: string) =>
  ctx.app.inject({
    method: 'POST',
    url: `/v1/orders/${orderId}/transitions`,
    headers: bearer(who.token),
    payload: { action },
  });

/** Books, pays and has the pro accept; no job is delivered, so the capture is still queued. */
async function acceptedOrder(): Promise<{ customer: TestUser; orderId: string }> {
  const customer = await createCustomer(ctx);
  const created = await book(ctx, customer, vendor.serviceId, await slotAhead());
  expect(created.statusCode).toBe(201);
  const orderId = created.json().data.id as string;
  expect((await pay(ctx, customer, orderId)).statusCode).toBe(200);
  expect((await transition(vendor, orderId, 'accept')).statusCode).toBe(200);
  return { customer, orderId };
}

/** Delivers the order's queued capture job now, as the worker would (its row, its key). */
async function runCaptureJob(orderId: string): Promise<void> {
  const [payment] = await ctx.app.db.select().from(payments).where(eq(payments.orderId, orderId));
  const [job] = await ctx.app.db
    .select()
    .from(outbox)
    .where(eq(outbox.idempotencyKey, `payment:${payment!.id}:capture`));
  await paymentCaptureJob.run(
    paymentCaptureJob.payload.parse(job!.payload),
    {
      id: job!.id,
      key: job!.idempotencyKey!,
      kind: job!.kind,
      attempt: 1,
      createdAt: job!.createdAt,
    },
    ctx.app.payments,
  );
}

describe('customer and pro cancel an accepted order at once, while its capture job runs', () => {
  it(
    `${ROUNDS} rounds: no 5xx, one cancellation (the other 409), one capture and one refund`,
    async () => {
      for (let round = 0; round < ROUNDS; round++) {
        const { customer, orderId } = await acceptedOrder();
        // As in production, where the worker is woken right after the acceptance, the capture job
        // runs while both cancellations do: its transaction locks the order, then posts to the
        // ledger (a foreign key to the vendor row the cancellations lock before the order).
        const [answers] = await Promise.all([
          Promise.all([
            transition(customer, orderId, 'cancel'),
            transition(vendor, orderId, 'cancel'),
          ]),
          runCaptureJob(orderId),
        ]);
        const statuses = answers.map((r) => r.statusCode);
        const context = `round ${round}: ${answers.map((r) => `${r.statusCode} ${r.body.slice(0, 200)}`).join(' | ')}`;
        // The first to commit cancels; the other then finds a cancelled order, which no action
        // leaves (spec: cancelled is final) — a 409 that says so, not a second cancellation.
        expect(statuses.sort(), context).toEqual([200, 409]);
        const refused = answers.find((r) => r.statusCode === 409)!;
        expect(refused.json().error.code, context).toBe('invalid_transition');

        const cancelled = await ctx.app.db
          .select()
          .from(orderEvents)
          .where(and(eq(orderEvents.orderId, orderId), eq(orderEvents.status, 'cancelled')));
        expect(cancelled, context).toHaveLength(1);

        // Deliver what is left: the refund (the capture job again: a no-op).
        await ctx.drain();
        const [order] = await ctx.app.db.select().from(orders).where(eq(orders.id, orderId));
        expect(order!.status, context).toBe('refunded');
        const [payment] = await ctx.app.db
          .select()
          .from(payments)
          .where(eq(payments.orderId, orderId));
        expect(payment, context).toMatchObject({ status: 'refunded', amountRefunded: TOTAL });
        const bank = await ctx.app.db
          .select()
          .from(sandboxBankEvents)
          .where(
            and(
              eq(sandboxBankEvents.paymentId, payment!.id),
              eq(sandboxBankEvents.status, 'succeeded'),
            ),
          );
        // Captured once (it was accepted), refunded once in full, never voided.
        expect(bank.map((e) => `${e.type} ${e.amount}`).sort(), context).toEqual([
          `authorization ${TOTAL}`,
          `capture ${TOTAL}`,
          `refund ${TOTAL}`,
        ]);
        const postings = await ctx.app.db
          .select()
          .from(ledgerEntries)
          .where(eq(ledgerEntries.orderId, orderId));
        expect(
          postings.reduce((sum, l) => sum + l.amount, 0),
          context,
        ).toBe(0);
        expect(postings.filter((l) => l.kind === 'refund').length, context).toBeGreaterThan(0);
      }
      expect(await unbalancedOrders(ctx.app.db)).toEqual([]);
    },
    ROUND_BUDGET_MS * ROUNDS,
  );
});
