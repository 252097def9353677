import { asc, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ledgerEntries, orders, payments, sandboxBankEvents } from '../src/db/schema';
import { unbalancedOrders } from '../src/domains/ledger/service';
import { authorizeKey } from '../src/domains/payments/policy';
import { mailsTo } from './auth-helpers';
import {
  bearer,
  createAdmin,
  createCustomer,
  book,
  createVendor,
  DECLINED_CARD,
  GOOD_CARD,
  paidOrder,
  pay,
  type TestUser,
  type TestVendor,
} from './fixtures';
import { createTestContext, type TestContext } from './helpers';

/*
 * Extras during a job (change orders) through HTTP on a real database: the pro proposes, the
 * customer approves with a second card authorisation (or declines), approved extras are captured
 * when the job is completed and posted to the ledger like the booking (charge, platform fee,
 * vendor payable), voided when it ends otherwise, refunded with a full refund of the order, and
 * shown on the order page, the final receipt and the pro's earnings. Nothing is charged without
 * the customer's approval.
 */

const MIN = 60_000;
const HOUR = 60 * MIN;
// $120.00 service: booking fee $6.00 (5 %), total $126.00. Extra $40.00: fee $2.00, total $42.00.
const PRICE = 12_000;
const EXTRA = 4_000;

let ctx: TestContext;
let vendor: TestVendor;
let otherVendor: TestVendor;
let otherCustomer: TestUser;
let admin: TestUser;

beforeAll(async () => {
  ctx = await createTestContext();
  vendor = await createVendor(ctx, { businessName: 'Lee Plumbing', price: PRICE });
  otherVendor = await createVendor(ctx, { businessName: 'Other Pro' });
  otherCustomer = await createCustomer(ctx, 'Other Customer');
  admin = await createAdmin(ctx);
});
afterAll(async () => ctx?.close());
afterEach(() => vi.restoreAllMocks());

const post = (url: string, token: string | null, payload?: object) =>
  ctx.app.inject({
    method: 'POST',
    url,
    headers: token ? bearer(token) : {},
    ...(payload ? { payload } : {}),
  });

const detail = async (token: string, id: string) => {
  const res = await ctx.app.inject({
    method: 'GET',
    url: `/v1/orders/${id}`,
    headers: bearer(token),
  });
  expect(res.statusCode).toBe(200);
  return res.json().data;
};

const propose = (
  token: string | null,
  orderId: string,
  amount = EXTRA,
  description = 'Replace the corroded valve',
) => post(`/v1/orders/${orderId}/change-orders`, token, { description, amount });
const approve = (token: string | null, orderId: string, coId: string) =>
  post(`/v1/orders/${orderId}/change-orders/${coId}/approve`, token);
const decline = (token: string | null, orderId: string, coId: string) =>
  post(`/v1/orders/${orderId}/change-orders/${coId}/decline`, token);
const confirm = (token: string, paymentId: string, card = GOOD_CARD) =>
  post(`/v1/payments/${paymentId}/confirm`, token, { card });
const transition = (token: string, id: string, action: string, extra: object = {}) =>
  post(`/v1/orders/${id}/transitions`, token, { action, ...extra });

/** An accepted order of a fresh customer with the vendor, its capture delivered. */
async function acceptedOrder() {
  const { customer, order } = await paidOrder(ctx, vendor);
  expect((await transition(vendor.token, order.id, 'accept')).statusCode).toBe(200);
  await ctx.drain();
  return { customer, order: order as { id: string; reference: string; startsAt: string } };
}

/** A proposed extra of `amount` on the order (201 expected); returns its id. */
async function proposed(orderId: string, amount = EXTRA): Promise<string> {
  const res = await propose(vendor.token, orderId, amount);
  expect(res.statusCode).toBe(201);
  return res.json().data.id as string;
}

/** The customer approves and confirms the extra with the sandbox card; returns the payment id. */
async function approved(customer: TestUser, orderId: string, coId: string): Promise<string> {
  const started = await approve(customer.token, orderId, coId);
  expect(started.statusCode).toBe(200);
  const paymentId = started.json().data.id as string;
  expect((await confirm(customer.token, paymentId)).statusCode).toBe(200);
  return paymentId;
}

/** Starts (with the customer's code, at the slot) and completes the job; drains the outbox. */
async function complete(customer: TestUser, order: { id: string; startsAt: string }) {
  const code = (await detail(customer.token, order.id)).startCode as string;
  const at = (ms: number) =>
    vi.spyOn(ctx.app.clock, 'now').mockReturnValue(new Date(Date.parse(order.startsAt) + ms));
  at(-10 * MIN);
  expect((await transition(vendor.token, order.id, 'start', { startCode: code })).statusCode).toBe(
    200,
  );
  at(HOUR);
  expect((await transition(vendor.token, order.id, 'complete')).statusCode).toBe(200);
  await ctx.drain();
}

/** The ledger rows of a payment as `[account, amount, kind]`, in posting order. */
async function ledgerOf(paymentId: string) {
  const rows = await ctx.app.db
    .select()
    .from(ledgerEntries)
    .where(eq(ledgerEntries.paymentId, paymentId))
    .orderBy(asc(ledgerEntries.account));
  return rows.map((r) => [r.account, r.amount, r.kind]);
}

async function paymentRow(id: string) {
  const [row] = await ctx.app.db.select().from(payments).where(eq(payments.id, id));
  return row!;
}

describe('change orders', () => {
  it('propose → approve → confirm → complete: listed, captured, posted, on the receipt and earnings', async () => {
    const { customer, order } = await acceptedOrder();
    const created = await propose(vendor.token, order.id);
    expect(created.statusCode).toBe(201);
    const co = created.json().data;
    expect(co).toMatchObject({
      status: 'proposed',
      amount: { amount: 4_000, currency: 'USD' },
      fee: { amount: 200, currency: 'USD' },
      total: { amount: 4_200, currency: 'USD' },
      paymentId: null,
      decidedAt: null,
    });
    const toCustomer = (await mailsTo(ctx, customer.email)).map((m) => m.subject);
    expect(toCustomer).toContain(`Extra proposed on ${order.reference}: $42.00`);

    const paymentId = await approved(customer, order.id, co.id);
    expect(await paymentRow(paymentId)).toMatchObject({
      kind: 'change_order',
      status: 'authorized',
      amount: 4_200,
    });
    await ctx.drain();
    const inbox = await ctx.app.inject({
      method: 'GET',
      url: '/v1/notifications',
      headers: bearer(vendor.token),
    });
    expect(inbox.json().data.items.map((n: { type: string }) => n.type)).toContain(
      'order.change_approved',
    );
    const mid = await detail(customer.token, order.id);
    expect(mid.changeOrders).toHaveLength(1);
    expect(mid.changeOrders[0]).toMatchObject({ id: co.id, status: 'approved', paymentId });
    expect(mid.changeOrders[0].decidedAt).not.toBeNull();
    expect(mid.canProposeChangeOrder).toBe(false);
    expect((await detail(vendor.token, order.id)).canProposeChangeOrder).toBe(true);
    // Authorised, not captured: nothing posted before the job is completed.
    expect(await ledgerOf(paymentId)).toEqual([]);

    await complete(customer, order);
    expect(await paymentRow(paymentId)).toMatchObject({ status: 'captured' });
    expect(await ledgerOf(paymentId)).toEqual([
      ['customer_card', 4_200, 'charge'],
      ['platform_fee', -200, 'platform_fee'],
      ['vendor_payable', -4_000, 'vendor_payable'],
    ]);
    expect(await unbalancedOrders(ctx.app.db)).toEqual([]);

    const after = await detail(customer.token, order.id);
    expect(after.changeOrders[0]).toMatchObject({ status: 'approved' });
    expect(after.lineItems).toBeNull();
    expect(after.quote).toBeNull();

    const receipt = (await mailsTo(ctx, customer.email)).find(
      (m) => m.subject === `Your final Vetted receipt for ${order.reference}`,
    );
    expect(receipt?.text).toContain('Extra: Replace the corroded valve: $40.00');
    expect(receipt?.text).toContain('Extra booking fee: $2.00');
    expect(receipt?.text).toContain('Leak repair: $120.00');
    expect(receipt?.text).toContain('Total charged: $168.00');

    const earnings = await ctx.app.inject({
      method: 'GET',
      url: '/v1/vendor/earnings',
      headers: bearer(vendor.token),
    });
    const entries = earnings.json().data.entries as {
      amount: number;
      note: string | null;
      orderId: string;
    }[];
    expect(entries.filter((e) => e.orderId === order.id).map((e) => [e.amount, e.note])).toEqual(
      expect.arrayContaining([
        [4_000, 'Extra: Replace the corroded valve'],
        [12_000, null],
      ]),
    );
  });

  it('decline: declined, nothing authorised, no ledger rows', async () => {
    const { customer, order } = await acceptedOrder();
    const coId = await proposed(order.id);
    // The customer opens the approval, then changes their mind.
    const started = await approve(customer.token, order.id, coId);
    const paymentId = started.json().data.id as string;
    const res = await decline(customer.token, order.id, coId);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ status: 'declined' });
    expect(await paymentRow(paymentId)).toMatchObject({ status: 'voided', authorizedAt: null });
    // Its payment can no longer be confirmed, nor the extra approved again.
    expect((await confirm(customer.token, paymentId)).statusCode).toBe(409);
    expect((await approve(customer.token, order.id, coId)).json().error.code).toBe(
      'change_order_not_proposed',
    );
    await complete(customer, order);
    expect(await ledgerOf(paymentId)).toEqual([]);
    const bank = await ctx.app.db
      .select()
      .from(sandboxBankEvents)
      .where(eq(sandboxBankEvents.paymentId, paymentId));
    expect(bank).toEqual([]);
  });

  it('a declined card leaves the extra proposed with the error; another card approves it', async () => {
    const { customer, order } = await acceptedOrder();
    const coId = await proposed(order.id);
    const paymentId = (await approve(customer.token, order.id, coId)).json().data.id as string;
    expect((await confirm(customer.token, paymentId, DECLINED_CARD)).statusCode).toBe(402);
    const d = await detail(customer.token, order.id);
    expect(d.changeOrders[0]).toMatchObject({ status: 'proposed', paymentId });
    expect((await paymentRow(paymentId)).failureMessage).toMatch(/declined/i);
    // Approving again resumes the same payment.
    expect(await approved(customer, order.id, coId)).toBe(paymentId);
    expect((await detail(customer.token, order.id)).changeOrders[0].status).toBe('approved');
  });

  it('cancelling the order with an approved extra voids it (no capture) and cancels the open one', async () => {
    const { customer, order } = await acceptedOrder();
    const approvedId = await proposed(order.id);
    const paymentId = await approved(customer, order.id, approvedId);
    const openId = await proposed(order.id, 1_000);
    // The pro cancels before the slot: the booking is refunded in full, the extras released.
    expect((await transition(vendor.token, order.id, 'cancel')).statusCode).toBe(200);
    await ctx.drain();
    expect(await paymentRow(paymentId)).toMatchObject({ status: 'voided', capturedAt: null });
    expect(await ledgerOf(paymentId)).toEqual([]);
    const byId = new Map(
      (await detail(customer.token, order.id)).changeOrders.map(
        (c: { id: string; status: string }) => [c.id, c.status],
      ),
    );
    expect(byId.get(approvedId)).toBe('cancelled');
    expect(byId.get(openId)).toBe('cancelled');
    expect(await unbalancedOrders(ctx.app.db)).toEqual([]);
  });

  it("an admin's full refund of a completed order refunds its extras too", async () => {
    const { customer, order } = await acceptedOrder();
    const coId = await proposed(order.id);
    const paymentId = await approved(customer, order.id, coId);
    await complete(customer, order);
    const booking = (await detail(admin.token, order.id)).payment.id as string;
    const res = await post(`/v1/admin/payments/${booking}/refund`, admin.token, {
      reason: 'Work redone by another pro',
      bearer: 'vendor',
    });
    expect(res.statusCode).toBe(200);
    await ctx.drain();
    await ctx.drain();
    expect(await paymentRow(paymentId)).toMatchObject({
      status: 'refunded',
      amountRefunded: 4_200,
    });
    const rows = await ledgerOf(paymentId);
    expect(rows.filter((r) => r[2] === 'refund')).toEqual(
      expect.arrayContaining([
        ['refunds', -4_200, 'refund'],
        ['platform_fee', 200, 'refund'],
        ['vendor_payable', 4_000, 'refund'],
      ]),
    );
    expect(await unbalancedOrders(ctx.app.db)).toEqual([]);
  });

  it('a full refund before completion releases approved extras and cancels open ones', async () => {
    const { customer, order } = await acceptedOrder();
    const approvedId = await proposed(order.id);
    const paymentId = await approved(customer, order.id, approvedId);
    const openId = await proposed(order.id, 1_500);
    const booking = (await detail(admin.token, order.id)).payment.id as string;
    const res = await post(`/v1/admin/payments/${booking}/refund`, admin.token, {
      reason: 'Pro could not finish the job',
    });
    expect(res.statusCode).toBe(200);
    await ctx.drain();
    await ctx.drain();
    const d = await detail(customer.token, order.id);
    expect(d.status).toBe('refunded');
    expect(d.changeOrders.map((c: { id: string; status: string }) => [c.id, c.status])).toEqual([
      [approvedId, 'cancelled'],
      [openId, 'cancelled'],
    ]);
    expect(await paymentRow(paymentId)).toMatchObject({ status: 'voided', capturedAt: null });
    expect(await ledgerOf(paymentId)).toEqual([]);
  });

  it("reconciliation adopts an extra's authorisation a crash left unrecorded, or voids it once declined", async () => {
    const { customer, order } = await acceptedOrder();
    /** What a confirm does up to the provider call, then the process "dies". */
    const crashAfterProviderCall = async (paymentId: string) => {
      const key = authorizeKey(paymentId, 1);
      await ctx.app.db
        .update(payments)
        .set({ idempotencyKey: key })
        .where(eq(payments.id, paymentId));
      const p = await paymentRow(paymentId);
      const result = await ctx.app.payments.providerFor('sandbox').authorize({
        paymentId,
        ref: null,
        amount: p.amount,
        currency: p.currency,
        card: { ...GOOD_CARD, number: '4242424242424242' },
        idempotencyKey: key,
      });
      expect(result.status).toBe('authorized');
    };
    const adoptedId = await proposed(order.id);
    const adoptedPayment = (await approve(customer.token, order.id, adoptedId)).json().data.id;
    await crashAfterProviderCall(adoptedPayment);
    const declinedId = await proposed(order.id, 900);
    const declinedPayment = (await approve(customer.token, order.id, declinedId)).json().data.id;
    await crashAfterProviderCall(declinedPayment);
    expect((await decline(customer.token, order.id, declinedId)).statusCode).toBe(200);

    await ctx.app.payments.reconcile();
    await ctx.drain();
    expect(await paymentRow(adoptedPayment)).toMatchObject({ status: 'authorized' });
    const byId = new Map(
      (await detail(customer.token, order.id)).changeOrders.map(
        (c: { id: string; status: string }) => [c.id, c.status],
      ),
    );
    expect(byId.get(adoptedId)).toBe('approved');
    expect(byId.get(declinedId)).toBe('declined');
    const events = await ctx.app.db
      .select()
      .from(sandboxBankEvents)
      .where(eq(sandboxBankEvents.paymentId, declinedPayment));
    expect(events.map((e) => e.type).sort()).toEqual(['authorization', 'void']);
  });

  it("a quote's line items: on the order page, the checkout receipt and the final receipt", async () => {
    const customer = await createCustomer(ctx, 'Quinn Quote');
    const booked = await book(ctx, customer, vendor.serviceId);
    expect(booked.statusCode).toBe(201);
    const order = booked.json().data as { id: string; reference: string; startsAt: string };
    // What accepting a quote stores on its order (the quotes domain writes it at acceptance).
    const lineItems = [
      { description: 'Labour, 2 hours', amount: 8_000 },
      { description: 'New valve', amount: 4_000 },
    ];
    await ctx.app.db.update(orders).set({ lineItems }).where(eq(orders.id, order.id));
    expect((await pay(ctx, customer, order.id)).statusCode).toBe(200);
    const paidReceipt = (await mailsTo(ctx, customer.email)).find((m) =>
      m.subject.startsWith('Your Vetted receipt'),
    );
    expect(paidReceipt?.text).toContain('Labour, 2 hours: $80.00');
    expect(paidReceipt?.text).toContain('New valve: $40.00');
    expect((await transition(vendor.token, order.id, 'accept')).statusCode).toBe(200);
    expect((await detail(customer.token, order.id)).lineItems).toEqual(lineItems);
    await complete(customer, order);
    const final = (await mailsTo(ctx, customer.email)).find((m) =>
      m.subject.startsWith('Your final Vetted receipt'),
    );
    expect(final?.text).toContain('Labour, 2 hours: $80.00');
    expect(final?.text).toContain('Booking fee: $6.00');
    expect(final?.text).toContain('Total charged: $126.00');
  });

  it('extras only while accepted or in progress', async () => {
    const { customer, order } = await paidOrder(ctx, vendor);
    const res = await propose(vendor.token, order.id);
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('order_not_changeable');
    expect(res.json().error.message).toContain('this order is paid');
    expect((await detail(vendor.token, order.id)).canProposeChangeOrder).toBe(false);
    expect((await detail(customer.token, order.id)).changeOrders).toEqual([]);
  });

  it('stores photos privately: served to the parties, 404 to anyone else', async () => {
    const { customer, order } = await acceptedOrder();
    const png = await sharp({
      create: { width: 40, height: 30, channels: 3, background: '#3366cc' },
    })
      .png()
      .toBuffer();
    const form = new FormData();
    form.append('description', 'Replace the cracked trap');
    form.append('amount', '2500');
    form.append('photos', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'a.png');
    const request = new Request('http://localhost/', { method: 'POST', body: form });
    const res = await ctx.app.inject({
      method: 'POST',
      url: `/v1/orders/${order.id}/change-orders`,
      headers: { ...bearer(vendor.token), 'content-type': request.headers.get('content-type')! },
      payload: Buffer.from(await request.arrayBuffer()),
    });
    expect(res.statusCode).toBe(201);
    const co = res.json().data;
    expect(co).toMatchObject({ amount: { amount: 2_500 }, fee: { amount: 125 } });
    expect(co.photos).toHaveLength(1);
    const get = (token: string | null) =>
      ctx.app.inject({ method: 'GET', url: co.photos[0].url, headers: token ? bearer(token) : {} });
    expect((await get(customer.token)).statusCode).toBe(200);
    expect((await get(vendor.token)).headers['content-type']).toBe('image/webp');
    expect((await get(otherCustomer.token)).statusCode).toBe(404);
    expect((await get(null)).statusCode).toBe(404);
  });
});

describe('who may do what', () => {
  it('the pro cannot approve or decline; the customer cannot propose (403)', async () => {
    const { customer, order } = await acceptedOrder();
    const coId = await proposed(order.id);
    expect((await propose(customer.token, order.id)).statusCode).toBe(403);
    expect((await approve(vendor.token, order.id, coId)).statusCode).toBe(403);
    expect((await decline(vendor.token, order.id, coId)).statusCode).toBe(403);
    expect((await detail(customer.token, order.id)).changeOrders[0].status).toBe('proposed');
  });

  const callers = [
    ['another customer', () => otherCustomer.token, 404],
    ['another pro', () => otherVendor.token, 404],
    ['anonymous', () => null, 401],
  ] as const;
  const calls = [
    ['propose', (t: string | null, o: string) => propose(t, o)],
    ['approve', (t: string | null, o: string, c: string) => approve(t, o, c)],
    ['decline', (t: string | null, o: string, c: string) => decline(t, o, c)],
  ] as const;
  for (const [who, token, status] of callers) {
    for (const [name, call] of calls) {
      it(`${name} by ${who}: ${status}`, async () => {
        const { customer, order } = await acceptedOrder();
        const coId = await proposed(order.id);
        expect((await call(token(), order.id, coId)).statusCode).toBe(status);
        const d = await detail(customer.token, order.id);
        expect(d.changeOrders.map((c: { status: string }) => c.status)).toEqual(['proposed']);
      });
    }
  }

  it('no endpoint lets a pro raise what the customer pays', async () => {
    const { customer, order } = await acceptedOrder();
    const coId = await proposed(order.id);
    const paymentId = (await approve(customer.token, order.id, coId)).json().data.id as string;
    // The pro cannot confirm (authorise) the customer's payment either.
    expect((await confirm(vendor.token, paymentId)).statusCode).toBe(404);
    // The API's whole surface: the only writes under an order's extras are the three POSTs, and
    // no route changes an order's or an extra's amount.
    const doc = (await ctx.app.inject({ method: 'GET', url: '/v1/openapi.json' })).json();
    const extraOps = Object.entries(doc.paths as Record<string, Record<string, unknown>>)
      .filter(([path]) => path.includes('change-orders'))
      .flatMap(([path, ops]) => Object.keys(ops).map((m) => `${m.toUpperCase()} ${path}`))
      .sort();
    expect(extraOps).toEqual([
      'POST /v1/orders/{id}/change-orders',
      'POST /v1/orders/{id}/change-orders/{changeOrderId}/approve',
      'POST /v1/orders/{id}/change-orders/{changeOrderId}/decline',
    ]);
    const orderWrites = Object.entries(doc.paths as Record<string, Record<string, unknown>>)
      .filter(([path]) => path.startsWith('/v1/orders/{id}'))
      .flatMap(([, ops]) => Object.keys(ops))
      .filter((m) => m === 'put' || m === 'patch');
    expect(orderWrites).toEqual([]);
    const d = await detail(customer.token, order.id);
    expect(d.total.amount).toBe(12_600);
    expect(d.changeOrders[0]).toMatchObject({ status: 'proposed', total: { amount: 4_200 } });
  });
});
