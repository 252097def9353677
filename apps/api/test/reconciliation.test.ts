import { and, asc, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { orders, payments, sandboxBankEvents } from '../src/db/schema';
import { authorizeKey } from '../src/domains/payments/policy';
import { createReconciler } from '../src/domains/payments/reconciliation';
import { createPaymentsService } from '../src/domains/payments/service';
import {
  bearer,
  book,
  createCustomer,
  createVendor,
  GOOD_CARD,
  pay,
  type TestUser,
  type TestVendor,
} from './fixtures';
import { createTestContext, type TestContext } from './helpers';

let ctx: TestContext;
let vendor: TestVendor;

beforeAll(async () => {
  ctx = await createTestContext();
  vendor = await createVendor(ctx, { price: 5_000 });
});
afterAll(async () => ctx?.close());
afterEach(() => {
  vi.useRealTimers();
});

async function openPayment(customer: TestUser) {
  const created = await book(ctx, customer, vendor.serviceId);
  expect(created.statusCode).toBe(201);
  const orderId = created.json().data.id as string;
  const init = await ctx.app.inject({
    method: 'POST',
    url: '/v1/payments/initialize',
    headers: bearer(customer.token),
    payload: { orderId },
  });
  return { orderId, paymentId: init.json().data.id as string };
}

/**
 * What a confirm does up to the provider call — store the attempt's key, authorise at the bank —
 * and then the process "dies": nothing of the outcome is committed.
 */
async function crashAfterProviderCall(paymentId: string, key = authorizeKey(paymentId, 1)) {
  await ctx.app.db.update(payments).set({ idempotencyKey: key }).where(eq(payments.id, paymentId));
  const [p] = await ctx.app.db.select().from(payments).where(eq(payments.id, paymentId));
  const result = await ctx.app.payments.providerFor('sandbox').authorize({
    paymentId,
    ref: null,
    amount: p!.amount,
    currency: p!.currency,
    card: { ...GOOD_CARD, number: '4242424242424242' },
    idempotencyKey: key,
  });
  if (result.status !== 'authorized') throw new Error('expected an authorisation');
  return result.ref;
}

const bank = (paymentId: string) =>
  ctx.app.db
    .select()
    .from(sandboxBankEvents)
    .where(
      and(eq(sandboxBankEvents.paymentId, paymentId), eq(sandboxBankEvents.status, 'succeeded')),
    )
    .orderBy(asc(sandboxBankEvents.createdAt), asc(sandboxBankEvents.id));

const confirm = (customer: TestUser, paymentId: string) =>
  ctx.app.inject({
    method: 'POST',
    url: `/v1/payments/${paymentId}/confirm`,
    headers: bearer(customer.token),
    payload: { card: GOOD_CARD },
  });

async function state(orderId: string, paymentId: string) {
  const [o] = await ctx.app.db.select().from(orders).where(eq(orders.id, orderId));
  const [p] = await ctx.app.db.select().from(payments).where(eq(payments.id, paymentId));
  return { order: o!.status, payment: p!.status, ref: p!.providerRef };
}

describe('reconciliation', () => {
  it('adopts an authorisation a crash left unrecorded while the order can still be paid', async () => {
    const customer = await createCustomer(ctx);
    const { orderId, paymentId } = await openPayment(customer);
    const ref = await crashAfterProviderCall(paymentId);
    expect(await state(orderId, paymentId)).toEqual({
      order: 'pending_payment',
      payment: 'requires_payment',
      ref: null,
    });

    const summary = await ctx.app.payments.reconcile();
    expect(summary).toMatchObject({ adopted: 1, voided: 0, refunded: 0 });
    expect(await state(orderId, paymentId)).toEqual({ order: 'paid', payment: 'authorized', ref });
    // Idempotent: a second pass changes nothing.
    expect(await ctx.app.payments.reconcile()).toMatchObject({
      adopted: 0,
      voided: 0,
      refunded: 0,
    });
    // The customer's retry is told it is paid; the card was authorised once.
    const retry = await confirm(customer, paymentId);
    expect(retry.statusCode).toBe(409);
    expect(retry.json().error.code).toBe('already_paid');
    expect((await bank(paymentId)).map((e) => e.type)).toEqual(['authorization']);
  });

  it('a customer retrying before reconciliation gets the same authorisation, not a second one', async () => {
    const customer = await createCustomer(ctx);
    const { orderId, paymentId } = await openPayment(customer);
    const ref = await crashAfterProviderCall(paymentId);
    const retry = await confirm(customer, paymentId);
    expect(retry.statusCode).toBe(200);
    expect(await state(orderId, paymentId)).toEqual({ order: 'paid', payment: 'authorized', ref });
    expect(await ctx.app.payments.reconcile()).toMatchObject({
      adopted: 0,
      voided: 0,
      refunded: 0,
    });
    expect((await bank(paymentId)).map((e) => e.type)).toEqual(['authorization']);
  });

  it('voids an unrecorded authorisation whose order can no longer be paid', async () => {
    const customer = await createCustomer(ctx);
    const { orderId, paymentId } = await openPayment(customer);
    await crashAfterProviderCall(paymentId);
    const cancel = await ctx.app.inject({
      method: 'POST',
      url: `/v1/orders/${orderId}/transitions`,
      headers: bearer(customer.token),
      payload: { action: 'cancel' },
    });
    expect(cancel.statusCode).toBe(200);
    expect(await ctx.app.payments.reconcile()).toMatchObject({ adopted: 0, voided: 1 });
    await ctx.drain();
    expect((await bank(paymentId)).map((e) => e.type)).toEqual(['authorization', 'void']);
    expect(await ctx.app.payments.reconcile()).toMatchObject({ voided: 0 });
  });

  it('voids a second authorisation of a paid payment, and refunds captured money nobody accounts for', async () => {
    const customer = await createCustomer(ctx);
    const created = await book(ctx, customer, vendor.serviceId);
    const orderId = created.json().data.id as string;
    const paid = await pay(ctx, customer, orderId);
    const paymentId = paid.json().data.payment.id as string;
    const provider = ctx.app.payments.providerFor('sandbox');
    // Two stray charges, as the old code's random keys left them.
    const stray = async (key: string) => {
      const r = await provider.authorize({
        paymentId,
        ref: null,
        amount: 5_250,
        currency: 'USD',
        card: { ...GOOD_CARD, number: '4242424242424242' },
        idempotencyKey: key,
      });
      if (r.status !== 'authorized') throw new Error('expected an authorisation');
      return r.ref;
    };
    const held = await stray(`${paymentId}:legacy-1`);
    const taken = await stray(`${paymentId}:legacy-2`);
    await provider.capture({
      ref: taken,
      amount: 5_250,
      currency: 'USD',
      idempotencyKey: 'legacy-capture',
    });

    expect(await ctx.app.payments.reconcile()).toMatchObject({
      adopted: 0,
      voided: 1,
      refunded: 1,
    });
    await ctx.drain();
    const rows = await bank(paymentId);
    expect(rows.filter((r) => r.ref === held).map((r) => r.type)).toEqual([
      'authorization',
      'void',
    ]);
    expect(rows.filter((r) => r.ref === taken).map((r) => [r.type, r.amount])).toEqual([
      ['authorization', 5_250],
      ['capture', 5_250],
      ['refund', 5_250],
    ]);
    // The payment's own authorisation is untouched.
    const [p] = await ctx.app.db.select().from(payments).where(eq(payments.id, paymentId));
    expect(p!.status).toBe('authorized');
    expect(rows.filter((r) => r.ref === p!.providerRef).map((r) => r.type)).toEqual([
      'authorization',
    ]);
    expect(await ctx.app.payments.reconcile()).toMatchObject({ voided: 0, refunded: 0 });
  });

  it('looks only at charges inside its window, measured on the injected clock', async () => {
    const customer = await createCustomer(ctx);
    const { paymentId } = await openPayment(customer);
    await crashAfterProviderCall(paymentId);
    const later = { now: () => new Date(Date.now() + 2 * 24 * 3_600_000) };
    const service = createPaymentsService({
      db: ctx.app.db,
      clock: later,
      config: ctx.config,
      log: ctx.app.log,
      providers: { sandbox: ctx.app.payments.providerFor('sandbox') },
    });
    expect(await service.reconcile()).toEqual({ checked: 0, adopted: 0, voided: 0, refunded: 0 });
    expect((await ctx.app.payments.reconcile()).adopted).toBe(1);
  });
});

describe('the reconciliation runner', () => {
  it('runs at start and then every interval, never two passes at once', async () => {
    vi.useFakeTimers();
    let calls = 0;
    let release: () => void = () => {};
    const payments = {
      reconcile: () =>
        new Promise<{ checked: number; adopted: number; voided: number; refunded: number }>(
          (resolve) => {
            calls++;
            release = () => resolve({ checked: 0, adopted: 0, voided: 0, refunded: 0 });
          },
        ),
    };
    const reconciler = createReconciler({ payments, log: ctx.app.log, intervalMs: 60_000 });
    reconciler.start();
    expect(calls).toBe(1);
    // Still running when the interval fires: no second pass.
    await vi.advanceTimersByTimeAsync(60_000);
    expect(calls).toBe(1);
    release();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(calls).toBe(2);
    release();
    await reconciler.stop();
    await vi.advanceTimersByTimeAsync(180_000);
    expect(calls).toBe(2);
  });
});
