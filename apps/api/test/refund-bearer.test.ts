import { paymentWords } from '@vetted/contract';
import { and, eq, like } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ledgerEntries, notifications, orders, outbox, payments } from '../src/db/schema';
import { availableFrom } from '../src/domains/earnings/policy';
import { unbalancedOrders } from '../src/domains/ledger/service';
import { resetClock, setClock } from './auth-helpers';
import {
  bearer,
  createAdmin,
  createVendor,
  paidOrder,
  type TestUser,
  type TestVendor,
} from './fixtures';
import { createTestContext, type TestContext } from './helpers';

/*
 * "Admin refunds say who bears them", through HTTP on a real database: a goodwill
 * refund (`bearer: 'platform'`, the default) is posted to the platform's goodwill expense and the
 * pro keeps their share; a refund recovered from the pro (`bearer: 'vendor'`, reason required)
 * takes their share back, tells them in-app and by mail with the amount and the reason, and —
 * after a payout — leaves a balance they owe, netted from their next earnings. A refund of
 * everything left moves the order to `refunded`. Every order's postings balance.
 *
 * Default vendor: a 100.00 USD service, so the order total is 105.00 (5 % booking fee 5.00) and
 * the pro's share 100.00.
 */

let ctx: TestContext;
let admin: TestUser;

const HOUR = 3_600_000;
const MIN = 60_000;

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await createAdmin(ctx, 'Ana Admin');
});
afterAll(async () => ctx?.close());
afterEach(() => resetClock(ctx));

const get = (token: string, url: string) =>
  ctx.app.inject({ method: 'GET', url, headers: bearer(token) });
const post = (token: string, url: string, payload: object) =>
  ctx.app.inject({ method: 'POST', url, headers: bearer(token), payload });

interface Figures {
  currency: string;
  pending: number;
  onHold: number;
  available: number;
  owed: number;
  paidOut: number;
}

/** The vendor's earnings (200 expected). */
async function earnings(vendor: TestVendor) {
  const res = await get(vendor.token, '/v1/vendor/earnings');
  expect(res.statusCode).toBe(200);
  return res.json().data as {
    currencies: Figures[];
    entries: { kind: string; amount: number; bucket: string; note: string | null }[];
  };
}

const usd = async (vendor: TestVendor) => (await earnings(vendor)).currencies[0]!;

/** A paid order the vendor accepted (captured); returns it with its payment id. */
async function acceptedOrder(vendor: TestVendor) {
  const { customer, order } = await paidOrder(ctx, vendor);
  const accept = await post(vendor.token, `/v1/orders/${order.id}/transitions`, {
    action: 'accept',
  });
  expect(accept.statusCode).toBe(200);
  await ctx.drain();
  const [p] = await ctx.app.db.select().from(payments).where(eq(payments.orderId, order.id));
  return {
    customer,
    order: order as { id: string; reference: string; startsAt: string },
    paymentId: p!.id,
  };
}

/** An accepted order taken through start and complete; returns it and when it completed. */
async function completedOrder(vendor: TestVendor) {
  const { customer, order, paymentId } = await acceptedOrder(vendor);
  const code = (await get(customer.token, `/v1/orders/${order.id}`)).json().data
    .startCode as string;
  const startsAt = Date.parse(order.startsAt);
  setClock(ctx, new Date(startsAt - 10 * MIN));
  const start = await post(vendor.token, `/v1/orders/${order.id}/transitions`, {
    action: 'start',
    startCode: code,
  });
  expect(start.statusCode).toBe(200);
  const completedAt = new Date(startsAt + HOUR);
  setClock(ctx, completedAt);
  const complete = await post(vendor.token, `/v1/orders/${order.id}/transitions`, {
    action: 'complete',
  });
  expect(complete.statusCode).toBe(200);
  await ctx.drain();
  return { order, paymentId, completedAt };
}

/** Gives the vendor a verified sandbox bank account: payouts need one. */
async function addBankAccount(vendor: TestVendor) {
  const res = await ctx.app.inject({
    method: 'PUT',
    url: '/v1/vendor/payout-account',
    headers: bearer(vendor.token),
    payload: {
      type: 'us_bank_account',
      country: 'US',
      holderName: 'Vera Vendor',
      routingNumber: '011000015',
      accountNumber: '000123456789',
    },
  });
  expect(res.statusCode).toBe(200);
}

/** Admin refund of payment `paymentId`, then the outbox run (the provider confirms it). */
async function refund(paymentId: string, body: object) {
  const res = await post(admin.token, `/v1/admin/payments/${paymentId}/refund`, body);
  await ctx.drain();
  return res;
}

/** The order's ledger postings per account (minor units, debit +, credit −). */
async function postingsByAccount(orderId: string) {
  const rows = await ctx.app.db
    .select()
    .from(ledgerEntries)
    .where(eq(ledgerEntries.orderId, orderId));
  const by: Record<string, number> = {};
  for (const r of rows) by[r.account] = (by[r.account] ?? 0) + r.amount;
  return by;
}

async function orderStatus(orderId: string) {
  const [o] = await ctx.app.db.select().from(orders).where(eq(orders.id, orderId));
  return o!.status;
}

async function paymentRow(paymentId: string) {
  const [p] = await ctx.app.db.select().from(payments).where(eq(payments.id, paymentId));
  return p!;
}

/** The payment in the one set of money words, as the order page reads it. */
async function paymentReads(paymentId: string) {
  const p = await paymentRow(paymentId);
  return paymentWords({
    status: p.status,
    amount: p.amount,
    amountRefunded: p.amountRefunded,
    currency: p.currency,
    vendorName: 'Vendor',
  });
}

describe('goodwill refund (bearer platform, the default)', () => {
  it('posts to the platform goodwill expense; the pro keeps their share; the order ends refunded only when all is refunded', async () => {
    const vendor = await createVendor(ctx);
    const { order, paymentId } = await acceptedOrder(vendor);
    expect(await usd(vendor)).toMatchObject({ pending: 10_000, available: 0, owed: 0 });

    const view = await get(admin.token, `/v1/admin/payments/${paymentId}`);
    expect(view.json().data.proShareLeft).toBe(10_000);

    // Part of it, without naming a bearer: goodwill.
    const part = await refund(paymentId, { amount: 4_000, reason: 'Arrived an hour late' });
    expect(part.statusCode).toBe(200);
    expect(part.json().data.proShareLeft).toBe(6_000);
    expect(await orderStatus(order.id)).toBe('accepted');
    expect(await paymentReads(paymentId)).toBe('Partly refunded $40.00 of $105.00');
    expect(await postingsByAccount(order.id)).toEqual({
      customer_card: 10_500,
      platform_fee: -500,
      vendor_payable: -10_000,
      refunds: -4_000,
      platform_goodwill: 4_000,
    });
    expect(await usd(vendor)).toMatchObject({ pending: 10_000, available: 0, owed: 0 });
    expect((await earnings(vendor)).entries.map((e) => e.kind)).toEqual(['vendor_payable']);

    // Everything left, bearer named: the fee comes back from the platform's fee, the rest
    // from its goodwill expense.
    const rest = await refund(paymentId, { bearer: 'platform', reason: 'Goodwill: the rest' });
    expect(rest.statusCode).toBe(200);
    expect(await postingsByAccount(order.id)).toEqual({
      customer_card: 10_500,
      platform_fee: 0,
      vendor_payable: -10_000,
      refunds: -10_500,
      platform_goodwill: 10_000,
    });
    expect(await paymentRow(paymentId)).toMatchObject({
      status: 'refunded',
      amountRefunded: 10_500,
    });
    expect(await paymentReads(paymentId)).toBe('Refunded');
    expect(await orderStatus(order.id)).toBe('refunded');
    // The pro's 100.00 is still theirs (held now that the booking is over).
    expect(await usd(vendor)).toMatchObject({ pending: 10_000, onHold: 10_000, owed: 0 });
    expect((await earnings(vendor)).entries.map((e) => e.kind)).toEqual(['vendor_payable']);
    expect(await unbalancedOrders(ctx.app.db)).toEqual([]);

    // Nothing was sent to the pro about it.
    const told = await ctx.app.db
      .select()
      .from(notifications)
      .where(
        and(
          eq(notifications.userId, vendor.id),
          eq(notifications.type, 'earnings.refund_recovered'),
        ),
      );
    expect(told).toEqual([]);

    const audit = await get(admin.token, `/v1/admin/audit?subjectId=${paymentId}`);
    expect(audit.json().data.items.map((e: { detail: object }) => e.detail)).toEqual([
      {
        amount: 6_500,
        currency: 'USD',
        reason: 'Goodwill: the rest',
        orderId: order.id,
        bearer: 'platform',
      },
      {
        amount: 4_000,
        currency: 'USD',
        reason: 'Arrived an hour late',
        orderId: order.id,
        bearer: 'platform',
      },
    ]);
  });
});

describe('refund recovered from the pro (bearer vendor)', () => {
  it('needs a reason, and the 400 says the pro is told it', async () => {
    const vendor = await createVendor(ctx);
    const { paymentId } = await acceptedOrder(vendor);
    for (const body of [{ bearer: 'vendor' }, { bearer: 'vendor', reason: '  ' }]) {
      const res = await post(admin.token, `/v1/admin/payments/${paymentId}/refund`, body);
      expect(res.statusCode).toBe(400);
      expect(JSON.stringify(res.json().error)).toContain(
        'Say why the pro bears this refund: they are told the reason',
      );
    }
    const unknownBearer = await post(admin.token, `/v1/admin/payments/${paymentId}/refund`, {
      bearer: 'customer',
      reason: 'Nobody',
    });
    expect(unknownBearer.statusCode).toBe(400);
    expect(await paymentRow(paymentId)).toMatchObject({ status: 'captured', refundCount: 0 });
  });

  it("takes the pro's share back and tells them in-app and by mail with the amount and the reason", async () => {
    const vendor = await createVendor(ctx);
    const { order, paymentId } = await acceptedOrder(vendor);
    const res = await refund(paymentId, {
      amount: 4_000,
      bearer: 'vendor',
      reason: 'The tap still leaks',
    });
    expect(res.statusCode).toBe(200);
    expect(await postingsByAccount(order.id)).toEqual({
      customer_card: 10_500,
      platform_fee: -500,
      vendor_payable: -6_000,
      refunds: -4_000,
    });
    expect(await unbalancedOrders(ctx.app.db)).toEqual([]);
    expect(await usd(vendor)).toMatchObject({ pending: 6_000, available: 0, owed: 0 });
    expect((await earnings(vendor)).entries[0]).toMatchObject({
      kind: 'refund',
      amount: -4_000,
      bucket: 'pending',
      note: 'The tap still leaks',
    });
    expect(await orderStatus(order.id)).toBe('accepted');

    const [notice] = await ctx.app.db
      .select()
      .from(notifications)
      .where(
        and(
          eq(notifications.userId, vendor.id),
          eq(notifications.type, 'earnings.refund_recovered'),
        ),
      );
    expect(notice).toMatchObject({
      title: '$40.00 taken back from your earnings',
      body: `Vetted refunded Test Customer $40.00 for Leak repair (${order.reference}), and $40.00 of it comes from your earnings. Reason: The tap still leaks.`,
      link: '/vendor/earnings',
    });

    const mails = await ctx.app.db
      .select()
      .from(outbox)
      .where(
        and(eq(outbox.kind, 'mail'), like(outbox.idempotencyKey, `payment:${paymentId}:refund:%`)),
      );
    expect(mails.map((m) => m.idempotencyKey)).toEqual([
      `payment:${paymentId}:refund:1:vendor-mail`,
    ]);
    const mail = mails[0]!.payload as { to: string; subject: string; text: string };
    expect(mail.to).toBe(vendor.email);
    expect(mail.subject).toBe(`$40.00 taken back from your earnings for ${order.reference}`);
    expect(mail.text).toContain(
      `Vetted refunded Test Customer $40.00 for Leak repair (${order.reference}), and $40.00 of it comes from your earnings.`,
    );
    expect(mail.text).toContain('Reason: The tap still leaks.');

    const audit = await get(admin.token, `/v1/admin/audit?subjectId=${paymentId}`);
    expect(audit.json().data.items[0].detail).toEqual({
      amount: 4_000,
      currency: 'USD',
      reason: 'The tap still leaks',
      orderId: order.id,
      bearer: 'vendor',
    });
  });

  it('a full recovery moves the order to refunded and tells the pro only their share', async () => {
    const vendor = await createVendor(ctx);
    const { order, paymentId } = await acceptedOrder(vendor);
    const res = await refund(paymentId, { bearer: 'vendor', reason: 'No-show' });
    expect(res.statusCode).toBe(200);
    expect(await orderStatus(order.id)).toBe('refunded');
    expect(await paymentReads(paymentId)).toBe('Refunded');
    expect(await postingsByAccount(order.id)).toEqual({
      customer_card: 10_500,
      platform_fee: 0,
      vendor_payable: 0,
      refunds: -10_500,
    });
    expect(await usd(vendor)).toMatchObject({ pending: 0, available: 0, owed: 0 });
    const [notice] = await ctx.app.db
      .select()
      .from(notifications)
      .where(
        and(
          eq(notifications.userId, vendor.id),
          eq(notifications.type, 'earnings.refund_recovered'),
        ),
      );
    expect(notice!.title).toBe('$100.00 taken back from your earnings');
    expect(notice!.body).toContain('Vetted refunded Test Customer $105.00');
  });

  it('after a payout leaves a balance the pro owes, netted from their next earnings and payout', async () => {
    const vendor = await createVendor(ctx);
    await addBankAccount(vendor);
    const first = await completedOrder(vendor);
    setClock(ctx, availableFrom(first.completedAt));
    const paid = await post(vendor.token, '/v1/vendor/payouts', { currency: 'USD' });
    expect(paid.statusCode).toBe(201);
    expect(paid.json().data.amount).toBe(10_000);
    await ctx.drain();
    expect(await usd(vendor)).toMatchObject({ available: 0, owed: 0, paidOut: 10_000 });

    // 60.00 of the pro's share comes back after it was paid out: they owe it.
    const res = await refund(first.paymentId, {
      amount: 6_000,
      bearer: 'vendor',
      reason: 'Half the job was redone by another pro',
    });
    expect(res.statusCode).toBe(200);
    expect(await usd(vendor)).toMatchObject({
      pending: 0,
      available: 0,
      owed: 6_000,
      paidOut: 10_000,
    });
    expect((await earnings(vendor)).entries[0]).toMatchObject({
      kind: 'refund',
      amount: -6_000,
      bucket: 'available',
      note: 'Half the job was redone by another pro',
    });
    const refused = await post(vendor.token, '/v1/vendor/payouts', { currency: 'USD' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toEqual({
      code: 'nothing_available',
      message:
        'You owe $60.00 from a refund recovered after a payout. It comes off your next earnings before you can pay out again',
    });
    expect(await unbalancedOrders(ctx.app.db)).toEqual([]);

    // The next job's 100.00 pays the 60.00 first: 40.00 is available, and that is all a
    // payout moves.
    const second = await completedOrder(vendor);
    expect(await usd(vendor)).toMatchObject({ pending: 10_000, available: 0, owed: 6_000 });
    setClock(ctx, availableFrom(second.completedAt));
    expect(await usd(vendor)).toMatchObject({ pending: 0, available: 4_000, owed: 0 });
    const tooMuch = await post(vendor.token, '/v1/vendor/payouts', {
      currency: 'USD',
      amount: 4_001,
    });
    expect(tooMuch.statusCode).toBe(409);
    const next = await post(vendor.token, '/v1/vendor/payouts', { currency: 'USD' });
    expect(next.statusCode).toBe(201);
    expect(next.json().data.amount).toBe(4_000);
    await ctx.drain();
    expect(await usd(vendor)).toMatchObject({ available: 0, owed: 0, paidOut: 14_000 });
  });
});
