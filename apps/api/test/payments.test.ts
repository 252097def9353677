import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications, orders, payments } from '../src/db/schema';
import { luhnValid, SandboxProvider, StripeProvider } from '../src/services/payments/providers';
import {
  availableSlots,
  bearer,
  book,
  createCustomer,
  createVendor,
  DECLINED_CARD,
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
  vendor = await createVendor(ctx, { serviceTitle: 'Boiler service', price: 20_000 });
});
afterAll(async () => ctx?.close());

async function newOrder(customer: TestUser, startsAt?: string) {
  const res = await book(ctx, customer, vendor.serviceId, startsAt);
  expect(res.statusCode).toBe(201);
  return res.json().data as { id: string; startsAt: string; total: { amount: number } };
}

const initialize = (customer: TestUser, orderId: string) =>
  ctx.app.inject({
    method: 'POST',
    url: '/v1/payments/initialize',
    headers: bearer(customer.token),
    payload: { orderId },
  });

const confirm = (customer: TestUser, paymentId: string, card: object) =>
  ctx.app.inject({
    method: 'POST',
    url: `/v1/payments/${paymentId}/confirm`,
    headers: bearer(customer.token),
    payload: { card },
  });

describe('POST /v1/payments/initialize', () => {
  it('creates one requires_payment payment for the order total, idempotently', async () => {
    const customer = await createCustomer(ctx);
    const order = await newOrder(customer);
    const first = await initialize(customer, order.id);
    expect(first.statusCode).toBe(200);
    const p = first.json().data;
    expect(p).toMatchObject({
      orderId: order.id,
      provider: 'sandbox',
      status: 'requires_payment',
      amount: { amount: 21_000, currency: 'USD' },
      testMode: true,
      cardLast4: null,
    });
    const again = await initialize(customer, order.id);
    expect(again.json().data.id).toBe(p.id);
    const rows = await ctx.app.db.select().from(payments).where(eq(payments.orderId, order.id));
    expect(rows).toHaveLength(1);
  });

  it("is only for the order's customer (404 for anyone else)", async () => {
    const customer = await createCustomer(ctx);
    const order = await newOrder(customer);
    const stranger = await createCustomer(ctx);
    expect((await initialize(stranger, order.id)).statusCode).toBe(404);
    expect((await initialize(vendor, order.id)).statusCode).toBe(404);
  });
});

describe('POST /v1/payments/:id/confirm', () => {
  it('pays with 4242: payment succeeded, order paid, vendor and customer notified', async () => {
    const customer = await createCustomer(ctx);
    const order = await newOrder(customer);
    const pushed: { type: string; data: { title: string } }[] = [];
    const unsubscribe = ctx.app.events.subscribe<(typeof pushed)[number]>(
      `user:${vendor.id}`,
      (m) => {
        pushed.push(m);
      },
    );
    await unsubscribe.ready;
    const res = await pay(ctx, customer, order.id);
    expect(res.statusCode).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 50));
    unsubscribe();
    expect(pushed.map((m) => m.type)).toEqual(['notification']);
    expect(pushed[0]!.data.title).toMatch(/^New booking: Boiler service on /);
    const { payment, order: paid } = res.json().data;
    expect(payment.status).toBe('succeeded');
    expect(payment.cardLast4).toBe('4242');
    expect(paid.status).toBe('paid');

    const vendorNotes = await ctx.app.db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, vendor.id));
    const newBooking = vendorNotes.find((n) => n.link === `/vendor/history/order?id=${order.id}`);
    expect(newBooking).toBeDefined();
    expect(newBooking!.type).toBe('order.paid');
    expect(newBooking!.title).toMatch(/^New booking: Boiler service on /);
    const customerNotes = await ctx.app.db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, customer.id));
    expect(customerNotes.map((n) => n.title)).toContain('Payment received');
    const [row] = await ctx.app.db.select().from(orders).where(eq(orders.id, order.id));
    expect(row!.holdExpiresAt).toBeNull();
  });

  it('declines 4000…0002 with 402, leaves the order pending, and a retry with 4242 succeeds', async () => {
    const customer = await createCustomer(ctx);
    const order = await newOrder(customer);
    const p = (await initialize(customer, order.id)).json().data;
    const declined = await confirm(customer, p.id, DECLINED_CARD);
    expect(declined.statusCode).toBe(402);
    expect(declined.json().error).toEqual({
      message: 'Your card was declined. Try another card.',
      code: 'card_declined',
    });
    const [o] = await ctx.app.db.select().from(orders).where(eq(orders.id, order.id));
    expect(o!.status).toBe('pending_payment');
    const [failed] = await ctx.app.db.select().from(payments).where(eq(payments.id, p.id));
    expect(failed!.status).toBe('failed');
    expect(failed!.failureMessage).toBe('Your card was declined. Try another card.');
    // Initialize resumes the same payment.
    expect((await initialize(customer, order.id)).json().data.id).toBe(p.id);

    const retry = await confirm(customer, p.id, GOOD_CARD);
    expect(retry.statusCode).toBe(200);
    expect(retry.json().data.order.status).toBe('paid');
    expect(retry.json().data.payment.failureMessage).toBeNull();
  });

  it('answers insufficient funds and invalid card numbers', async () => {
    const customer = await createCustomer(ctx);
    const order = await newOrder(customer);
    const p = (await initialize(customer, order.id)).json().data;
    const poor = await confirm(customer, p.id, { ...GOOD_CARD, number: '4000000000009995' });
    expect(poor.statusCode).toBe(402);
    expect(poor.json().error.code).toBe('insufficient_funds');
    const bad = await confirm(customer, p.id, { ...GOOD_CARD, number: '4242424242424241' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toBe('Enter a valid card number');
    const expired = await confirm(customer, p.id, {
      ...GOOD_CARD,
      expYear: new Date().getUTCFullYear() - 1,
    });
    expect(expired.statusCode).toBe(400);
    // Any other Luhn-valid number succeeds.
    const other = await confirm(customer, p.id, { ...GOOD_CARD, number: '5555 5555 5555 4444' });
    expect(other.statusCode).toBe(200);
    expect(other.json().data.payment.cardLast4).toBe('4444');
  });

  it('refuses to pay twice (409) and to pay for someone else (404)', async () => {
    const customer = await createCustomer(ctx);
    const order = await newOrder(customer);
    const p = (await initialize(customer, order.id)).json().data;
    const stranger = await createCustomer(ctx);
    expect((await confirm(stranger, p.id, GOOD_CARD)).statusCode).toBe(404);
    expect((await confirm(customer, p.id, GOOD_CARD)).statusCode).toBe(200);
    const twice = await confirm(customer, p.id, GOOD_CARD);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error.code).toBe('already_paid');
    const reinit = await initialize(customer, order.id);
    expect(reinit.statusCode).toBe(409);
  });

  it('charges once when the same payment is confirmed twice at the same time', async () => {
    const customer = await createCustomer(ctx);
    const order = await newOrder(customer);
    const p = (await initialize(customer, order.id)).json().data;
    const results = await Promise.all([
      confirm(customer, p.id, GOOD_CARD),
      confirm(customer, p.id, GOOD_CARD),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const rows = await ctx.app.db.select().from(payments).where(eq(payments.orderId, order.id));
    expect(rows.map((r) => r.status)).toEqual(['succeeded']);
  });

  it('lets one of two customers paying for the same time win; the other gets 409 slot_taken', async () => {
    // First customer's hold expires; a second customer books and pays the slot; the first then
    // tries to pay.
    const [slot] = await availableSlots(ctx, vendor.serviceId);
    const first = await createCustomer(ctx);
    const second = await createCustomer(ctx);
    const a = await newOrder(first, slot!.startsAt);
    const pa = (await initialize(first, a.id)).json().data;
    await ctx.app.db
      .update(orders)
      .set({ holdExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(orders.id, a.id));
    const b = await newOrder(second, slot!.startsAt);
    expect((await pay(ctx, second, b.id)).statusCode).toBe(200);

    const late = await confirm(first, pa.id, GOOD_CARD);
    expect(late.statusCode).toBe(409);
    expect(late.json().error.code).toBe('slot_taken');
    const [o] = await ctx.app.db.select().from(orders).where(eq(orders.id, a.id));
    expect(o!.status).toBe('cancelled');
  });

  it('the database refuses a second live order on one vendor slot', async () => {
    const [slot] = await availableSlots(ctx, vendor.serviceId);
    const customer = await createCustomer(ctx);
    const a = await newOrder(customer, slot!.startsAt);
    expect((await pay(ctx, customer, a.id)).statusCode).toBe(200);
    const [row] = await ctx.app.db.select().from(orders).where(eq(orders.id, a.id));
    await expect(
      ctx.app.db.insert(orders).values({
        ...row!,
        id: crypto.randomUUID(),
        reference: 'VT-DUPE00',
        idempotencyKey: null,
      }),
    ).rejects.toThrow();
  });
});

describe('providers', () => {
  it('checks Luhn', () => {
    expect(luhnValid('4242424242424242')).toBe(true);
    expect(luhnValid('4000000000000002')).toBe(true);
    expect(luhnValid('4242424242424241')).toBe(false);
    expect(luhnValid('12')).toBe(false);
  });

  it('sandbox replays a charge with the same idempotency key', async () => {
    const sandbox = new SandboxProvider();
    const input = {
      amount: 100,
      currency: 'USD',
      card: { ...GOOD_CARD, number: '4242424242424242' },
      idempotencyKey: 'k1',
    };
    const a = await sandbox.charge(input);
    const b = await sandbox.charge(input);
    expect(a).toEqual(b);
  });

  it('stripe is a stub that answers 501 without a key', async () => {
    const stripe = new StripeProvider(undefined);
    await expect(stripe.charge()).rejects.toMatchObject({
      status: 501,
      message: 'Stripe is not configured',
    });
  });
});
