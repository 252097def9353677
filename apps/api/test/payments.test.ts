import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications, orders, payments, sandboxBankEvents } from '../src/db/schema';
import { luhnValid } from '../src/domains/payments/policy';
import {
  availableSlots,
  bearer,
  book,
  createAdmin,
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

const confirm = (
  customer: TestUser,
  paymentId: string,
  card: object,
  headers: Record<string, string> = {},
) =>
  ctx.app.inject({
    method: 'POST',
    url: `/v1/payments/${paymentId}/confirm`,
    headers: { ...bearer(customer.token), ...headers },
    payload: { card },
  });

/** The fake bank's rows about a payment, oldest first. */
const bank = (paymentId: string) =>
  ctx.app.db
    .select()
    .from(sandboxBankEvents)
    .where(eq(sandboxBankEvents.paymentId, paymentId))
    .orderBy(sandboxBankEvents.createdAt, sandboxBankEvents.id);

/** Mails written to the local outbox folder for `to`. */
function mailsTo(to: string): { subject: string; text: string }[] {
  let files: string[] = [];
  try {
    files = readdirSync(ctx.config.outboxDir);
  } catch {
    return [];
  }
  return files
    .filter((f) => f.endsWith(`-${to}.json`))
    .map((f) => JSON.parse(readFileSync(join(ctx.config.outboxDir, f), 'utf8')));
}

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
  it('authorises 4242: payment authorized, order paid, both told, receipt mailed, one authorisation', async () => {
    const customer = await createCustomer(ctx);
    const order = await newOrder(customer);
    const pushed: { type: string; data: { title?: string; id?: string; status?: string } }[] = [];
    const unsubscribe = ctx.app.events.subscribe<(typeof pushed)[number]>(
      `user:${vendor.id}`,
      (m) => {
        pushed.push(m);
      },
    );
    await unsubscribe.ready;
    const res = await pay(ctx, customer, order.id);
    expect(res.statusCode).toBe(200);
    const { payment, order: paid } = res.json().data;
    expect(payment.status).toBe('authorized');
    expect(payment.cardLast4).toBe('4242');
    expect(paid.status).toBe('paid');

    // Nothing is told before the outbox delivers.
    expect(pushed).toEqual([]);
    await ctx.drain();
    await expect.poll(() => pushed.length).toBe(2);
    unsubscribe();
    const byType = Object.fromEntries(pushed.map((m) => [m.type, m.data]));
    expect(byType.notification!.title).toMatch(/^New booking: Boiler service on /);
    expect(byType.order).toEqual({ id: order.id, status: 'paid' });

    const vendorNotes = await ctx.app.db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, vendor.id));
    const newBooking = vendorNotes.find((n) => n.link === `/vendor/history/order?id=${order.id}`);
    expect(newBooking?.type).toBe('order.paid');
    const customerNotes = await ctx.app.db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, customer.id));
    expect(customerNotes.map((n) => n.title)).toEqual(['Card authorised']);
    const [row] = await ctx.app.db.select().from(orders).where(eq(orders.id, order.id));
    expect(row!.holdExpiresAt).toBeNull();

    // The checkout says "We have emailed your receipt": it is true.
    const receipts = mailsTo(customer.email);
    expect(receipts).toHaveLength(1);
    expect(receipts[0]!.subject).toMatch(/^Your Vetted receipt for VT-/);
    expect(receipts[0]!.text).toContain('$210.00 (card ending 4242)');
    // The vendor hears of it by mail too, once.
    const vendorMails = mailsTo(vendor.email).filter((m) => m.text.includes(paid.reference));
    expect(vendorMails.map((m) => m.subject)).toEqual([
      expect.stringMatching(/^New booking: Boiler service on /),
    ]);

    const events = await bank(payment.id);
    expect(events.map((e) => [e.type, e.status, e.amount, e.idempotencyKey])).toEqual([
      ['authorization', 'succeeded', 21_000, `payment:${payment.id}:authorize:1`],
    ]);
  });

  it('declines 4000…0002 with 402, leaves the order pending, and a retry with 4242 is a new attempt', async () => {
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
    const events = await bank(p.id);
    expect(events.map((e) => [e.status, e.idempotencyKey])).toEqual([
      ['declined', `payment:${p.id}:authorize:1`],
      ['succeeded', `payment:${p.id}:authorize:2`],
    ]);
  });

  it('answers insufficient funds, invalid and expired cards, and a missing card', async () => {
    const customer = await createCustomer(ctx);
    const order = await newOrder(customer);
    const p = (await initialize(customer, order.id)).json().data;
    const poor = await confirm(customer, p.id, { ...GOOD_CARD, number: '4000000000009995' });
    expect(poor.statusCode).toBe(402);
    expect(poor.json().error).toEqual({
      message: 'Your card has insufficient funds. Try another card.',
      code: 'insufficient_funds',
    });
    const bad = await confirm(customer, p.id, { ...GOOD_CARD, number: '4242424242424241' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toBe('Enter a valid card number');
    const none = await ctx.app.inject({
      method: 'POST',
      url: `/v1/payments/${p.id}/confirm`,
      headers: bearer(customer.token),
      payload: {},
    });
    expect(none.statusCode).toBe(400);
    expect(none.json().error.message).toBe('Enter your card details');
    // Any other Luhn-valid number succeeds.
    const other = await confirm(customer, p.id, { ...GOOD_CARD, number: '5555 5555 5555 4444' });
    expect(other.statusCode).toBe(200);
    expect(other.json().data.payment.cardLast4).toBe('4444');
    // Refusals before the provider call moved nothing: one decline, one authorisation.
    expect((await bank(p.id)).map((e) => e.status)).toEqual(['declined', 'succeeded']);
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
    expect(await bank(p.id)).toHaveLength(1);
  });

  it('lets one of two customers paying for the same time win; the other gets 409 slot_taken', async () => {
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
    // Checked before the provider call: the first customer's card was never touched.
    expect(await bank(pa.id)).toEqual([]);
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

describe('Idempotency-Key on confirm', () => {
  it('replays the first answer for the same body and answers 422 for another body', async () => {
    const customer = await createCustomer(ctx);
    const order = await newOrder(customer);
    const p = (await initialize(customer, order.id)).json().data;
    const key = { 'idempotency-key': `confirm-${p.id}` };
    const first = await confirm(customer, p.id, GOOD_CARD, key);
    expect(first.statusCode).toBe(200);
    const replay = await confirm(customer, p.id, GOOD_CARD, key);
    expect(replay.statusCode).toBe(200);
    expect(replay.json()).toEqual(first.json());
    const other = await confirm(customer, p.id, { ...GOOD_CARD, cvc: '999' }, key);
    expect(other.statusCode).toBe(422);
    expect(other.json().error.code).toBe('idempotency_mismatch');
    // Without the key, the same confirm is simply "already paid".
    expect((await confirm(customer, p.id, GOOD_CARD)).statusCode).toBe(409);
    expect(await bank(p.id)).toHaveLength(1);
  });

  it('replays a decline too; a new key is a new attempt', async () => {
    const customer = await createCustomer(ctx);
    const order = await newOrder(customer);
    const p = (await initialize(customer, order.id)).json().data;
    const first = await confirm(customer, p.id, DECLINED_CARD, { 'idempotency-key': 'try-1' });
    expect(first.statusCode).toBe(402);
    const replay = await confirm(customer, p.id, DECLINED_CARD, { 'idempotency-key': 'try-1' });
    expect(replay.statusCode).toBe(402);
    expect(replay.json()).toEqual(first.json());
    const next = await confirm(customer, p.id, GOOD_CARD, { 'idempotency-key': 'try-2' });
    expect(next.statusCode).toBe(200);
    expect((await bank(p.id)).map((e) => e.status)).toEqual(['declined', 'succeeded']);
  });

  it('keys are per user: another customer with the same key is not replayed', async () => {
    const a = await createCustomer(ctx);
    const b = await createCustomer(ctx);
    const pa = (await initialize(a, (await newOrder(a)).id)).json().data;
    const pb = (await initialize(b, (await newOrder(b)).id)).json().data;
    const key = { 'idempotency-key': 'same-key-for-both' };
    expect((await confirm(a, pa.id, GOOD_CARD, key)).statusCode).toBe(200);
    const res = await confirm(b, pb.id, GOOD_CARD, key);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.payment.id).toBe(pb.id);
  });
});

describe('GET /v1/admin/payments/:id', () => {
  it('shows an admin the payment, what the fake bank did and the ledger; 403 for anyone else', async () => {
    const customer = await createCustomer(ctx);
    const order = await newOrder(customer);
    const paid = await pay(ctx, customer, order.id);
    const paymentId = paid.json().data.payment.id as string;
    const admin = await createAdmin(ctx);
    const view = await ctx.app.inject({
      method: 'GET',
      url: `/v1/admin/payments/${paymentId}`,
      headers: bearer(admin.token),
    });
    expect(view.statusCode).toBe(200);
    const data = view.json().data;
    expect(data.payment).toMatchObject({ id: paymentId, status: 'authorized' });
    expect(data.providerEvents).toEqual([
      {
        type: 'authorization',
        amount: 21_000,
        idempotencyKey: `payment:${paymentId}:authorize:1`,
        at: expect.any(String),
      },
    ]);
    expect(data.ledger).toEqual([]);
    for (const who of [customer, vendor]) {
      const res = await ctx.app.inject({
        method: 'GET',
        url: `/v1/admin/payments/${paymentId}`,
        headers: bearer(who.token),
      });
      // The /v1/admin guard answers every non-admin 403.
      expect(res.statusCode).toBe(403);
      expect(res.json().error).toEqual({ message: 'Admins only', code: 'admin_only' });
    }
    const unknown = await ctx.app.inject({
      method: 'GET',
      url: `/v1/admin/payments/${crypto.randomUUID()}`,
      headers: bearer(admin.token),
    });
    expect(unknown.statusCode).toBe(404);
  });
});

describe('sandbox provider', () => {
  it('checks Luhn', () => {
    expect(luhnValid('4242424242424242')).toBe(true);
    expect(luhnValid('4000000000000002')).toBe(true);
    expect(luhnValid('4242424242424241')).toBe(false);
    expect(luhnValid('12')).toBe(false);
  });

  it('returns the first outcome for a repeated key and never records it twice', async () => {
    const provider = ctx.app.payments.providerFor('sandbox');
    const paymentId = crypto.randomUUID();
    const input = {
      paymentId,
      ref: null,
      amount: 100,
      currency: 'USD',
      card: { ...GOOD_CARD, number: '4242424242424242' },
      idempotencyKey: `k-${paymentId}`,
    };
    const results = await Promise.all([provider.authorize(input), provider.authorize(input)]);
    expect(results[0]).toEqual(results[1]);
    expect(results[0]!.status).toBe('authorized');
    // Even with another card: the key decides.
    const later = await provider.authorize({
      ...input,
      card: { ...input.card, number: '4000000000000002' },
    });
    expect(later).toEqual(results[0]);
    const rows = await ctx.app.db
      .select()
      .from(sandboxBankEvents)
      .where(and(eq(sandboxBankEvents.paymentId, paymentId)));
    expect(rows).toHaveLength(1);
  });
});
