import { and, asc, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderEvents, orders, outbox, payments, sandboxBankEvents } from '../src/db/schema';
import {
  bearer,
  book,
  createCustomer,
  createVendor,
  GOOD_CARD,
  type TestUser,
  type TestVendor,
} from './fixtures';
import { createTestContext, type TestContext } from './helpers';

/** Parallel confirms of ONE payment ("50 parallel confirms charged the card up to 50 times"). */
const PARALLEL = 50;

let ctx: TestContext;
let vendor: TestVendor;

beforeAll(async () => {
  ctx = await createTestContext();
  vendor = await createVendor(ctx, { price: 8_000 });
});
afterAll(async () => ctx?.close());

async function openPayment(customer: TestUser): Promise<{ orderId: string; paymentId: string }> {
  const created = await book(ctx, customer, vendor.serviceId);
  expect(created.statusCode).toBe(201);
  const orderId = created.json().data.id as string;
  const init = await ctx.app.inject({
    method: 'POST',
    url: '/v1/payments/initialize',
    headers: bearer(customer.token),
    payload: { orderId },
  });
  expect(init.statusCode).toBe(200);
  return { orderId, paymentId: init.json().data.id };
}

const confirm = (customer: TestUser, paymentId: string, headers: Record<string, string> = {}) =>
  ctx.app.inject({
    method: 'POST',
    url: `/v1/payments/${paymentId}/confirm`,
    headers: { ...bearer(customer.token), ...headers },
    payload: { card: GOOD_CARD },
  });

async function authorisations(paymentId: string) {
  return ctx.app.db
    .select()
    .from(sandboxBankEvents)
    .where(
      and(
        eq(sandboxBankEvents.paymentId, paymentId),
        eq(sandboxBankEvents.type, 'authorization'),
        eq(sandboxBankEvents.status, 'succeeded'),
      ),
    );
}

async function paidEvents(orderId: string) {
  return ctx.app.db
    .select()
    .from(orderEvents)
    .where(and(eq(orderEvents.orderId, orderId), eq(orderEvents.status, 'paid')));
}

describe(`${PARALLEL} parallel confirms of one payment`, () => {
  it('without Idempotency-Key: one authorisation; every caller gets the same success or 409 already_paid', async () => {
    const customer = await createCustomer(ctx);
    const { orderId, paymentId } = await openPayment(customer);
    const results = await Promise.all(
      Array.from({ length: PARALLEL }, () => confirm(customer, paymentId)),
    );
    const ok = results.filter((r) => r.statusCode === 200);
    const refused = results.filter((r) => r.statusCode !== 200);
    expect(ok.length).toBeGreaterThanOrEqual(1);
    for (const r of refused) {
      expect(r.statusCode).toBe(409);
      expect(r.json().error.code).toBe('already_paid');
    }
    const refs = new Set(ok.map((r) => r.json().data.payment.id));
    expect(refs).toEqual(new Set([paymentId]));
    for (const r of ok) {
      expect(r.json().data.payment.status).toBe('authorized');
      expect(r.json().data.order.status).toBe('paid');
    }

    expect(await authorisations(paymentId)).toHaveLength(1);
    expect(await paidEvents(orderId)).toHaveLength(1);
    console.info(
      `${PARALLEL} parallel confirms, no key: ${ok.length} × 200, ${refused.length} × 409 already_paid, 1 authorisation`,
    );
    const [p] = await ctx.app.db.select().from(payments).where(eq(payments.id, paymentId));
    expect(p!.status).toBe('authorized');
    const [o] = await ctx.app.db.select().from(orders).where(eq(orders.id, orderId));
    expect(o!.status).toBe('paid');
  });

  it('with one Idempotency-Key: one authorisation; callers get the first answer or 409 in progress', async () => {
    const customer = await createCustomer(ctx);
    const { orderId, paymentId } = await openPayment(customer);
    const key = { 'idempotency-key': `checkout-${paymentId}` };
    const results = await Promise.all(
      Array.from({ length: PARALLEL }, () => confirm(customer, paymentId, key)),
    );
    const ok = results.filter((r) => r.statusCode === 200);
    expect(ok.length).toBeGreaterThanOrEqual(1);
    const first = ok[0]!.json();
    for (const r of ok) expect(r.json()).toEqual(first);
    for (const r of results.filter((x) => x.statusCode !== 200)) {
      expect(r.statusCode).toBe(409);
      expect(r.json().error.code).toBe('idempotency_in_progress');
    }
    // A retry after the first answered gets that same answer.
    const retry = await confirm(customer, paymentId, key);
    expect(retry.statusCode).toBe(200);
    expect(retry.json()).toEqual(first);

    expect(await authorisations(paymentId)).toHaveLength(1);
    expect(await paidEvents(orderId)).toHaveLength(1);
    console.info(
      `${PARALLEL} parallel confirms, one key: ${ok.length} × 200 (same body), ${PARALLEL - ok.length} × 409 in progress, 1 authorisation`,
    );
  });

  it('one receipt, one vendor mail, one "New booking" and one "Card authorised" however many confirms ran', async () => {
    const customer = await createCustomer(ctx);
    const { paymentId } = await openPayment(customer);
    await Promise.all(Array.from({ length: 10 }, () => confirm(customer, paymentId)));
    const rows = await ctx.app.db
      .select({ key: outbox.idempotencyKey })
      .from(outbox)
      .where(like(outbox.idempotencyKey, `payment:${paymentId}:%`))
      .orderBy(asc(outbox.idempotencyKey));
    const keys = rows.map((r) => r.key);
    expect(keys).toEqual([
      `payment:${paymentId}:notice:customer`,
      `payment:${paymentId}:notice:vendor`,
      `payment:${paymentId}:receipt`,
      `payment:${paymentId}:vendor-mail`,
    ]);
  });
});
