import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ledgerEntries } from '../src/db/schema';
import { unbalancedOrders } from '../src/domains/ledger/service';
import { mailsTo } from './auth-helpers';
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
 * No-shows through HTTP on a real database: the pro marks "Customer not there" (the policy's
 * fee charged, the rest refunded, the ledger balanced), the customer reports "Pro didn't come"
 * (a full refund, counted in the pro's reliability figure), and the customer disputes the fee
 * to support within 48 hours, once.
 */

const MIN = 60_000;
const HOUR = 60 * MIN;

let ctx: TestContext;
let vendor: TestVendor;
let admin: TestUser;

// The service price, chosen so every share is a whole number of cents: $120.00.
const PRICE = 12_000;

beforeAll(async () => {
  ctx = await createTestContext();
  vendor = await createVendor(ctx, { businessName: 'Lee Plumbing', price: PRICE });
  admin = await createAdmin(ctx);
});
afterAll(async () => ctx?.close());
afterEach(() => vi.restoreAllMocks());

const post = (url: string, token: string, payload?: object) =>
  ctx.app.inject({ method: 'POST', url, headers: bearer(token), ...(payload ? { payload } : {}) });
const markNoShow = (id: string, token: string) => post(`/v1/orders/${id}/no-show`, token);
const reportNoShow = (id: string, token: string) => post(`/v1/orders/${id}/report-no-show`, token);
const dispute = (id: string, token: string, reason: string) =>
  post(`/v1/orders/${id}/no-show/dispute`, token, { reason });

const detail = async (token: string, id: string) => {
  const res = await ctx.app.inject({
    method: 'GET',
    url: `/v1/orders/${id}`,
    headers: bearer(token),
  });
  expect(res.statusCode).toBe(200);
  return res.json().data;
};

const notices = async (token: string) => {
  const res = await ctx.app.inject({
    method: 'GET',
    url: '/v1/notifications',
    headers: bearer(token),
  });
  expect(res.statusCode).toBe(200);
  return res.json().data.items as { type: string; title: string; body: string; link: string }[];
};

/** Sets the API's clock to `ms` after (negative: before) `startsAt`. */
const clockAt = (startsAt: string, ms: number) =>
  vi.spyOn(ctx.app.clock, 'now').mockReturnValue(new Date(Date.parse(startsAt) + ms));

/** An accepted order of a fresh customer with `v`, its capture delivered. */
async function acceptedOrder(v: TestVendor = vendor) {
  const { customer, order } = await paidOrder(ctx, v);
  const res = await post(`/v1/orders/${order.id}/transitions`, v.token, { action: 'accept' });
  expect(res.statusCode).toBe(200);
  await ctx.drain();
  return {
    customer,
    order: order as { id: string; startsAt: string; subtotal: { amount: number } },
  };
}

/** The order's ledger lines as `[account, amount]`, summed per account. */
async function ledgerOf(orderId: string) {
  const lines = await ctx.app.db
    .select()
    .from(ledgerEntries)
    .where(eq(ledgerEntries.orderId, orderId));
  const byAccount: Record<string, number> = {};
  for (const l of lines) byAccount[l.account] = (byAccount[l.account] ?? 0) + l.amount;
  const perCurrency: Record<string, number> = {};
  for (const l of lines) perCurrency[l.currency] = (perCurrency[l.currency] ?? 0) + l.amount;
  return { byAccount, perCurrency };
}

describe('POST /v1/orders/{id}/no-show (the pro: "Customer not there")', () => {
  it('refuses before 15 minutes after the start, saying from when', async () => {
    const { order } = await acceptedOrder();
    clockAt(order.startsAt, 14 * MIN);
    const early = await markNoShow(order.id, vendor.token);
    expect(early.statusCode).toBe(409);
    expect(early.json().error.code).toBe('no_show_too_early');
    expect(early.json().error.message).toMatch(/15 minutes after the start/);
    expect((await detail(vendor.token, order.id)).canMarkNoShow).toBe(false);
    clockAt(order.startsAt, 15 * MIN);
    expect((await detail(vendor.token, order.id)).canMarkNoShow).toBe(true);
  });

  it('is the pro’s: the customer gets 403, someone else 404', async () => {
    const { customer, order } = await acceptedOrder();
    const other = await createVendor(ctx, { businessName: 'Other Pros' });
    clockAt(order.startsAt, HOUR);
    const byCustomer = await markNoShow(order.id, customer.token);
    expect(byCustomer.statusCode).toBe(403);
    expect(byCustomer.json().error.code).toBe('wrong_actor');
    expect((await markNoShow(order.id, other.token)).statusCode).toBe(404);
    // Nor may the pro report themselves through the customer's endpoint.
    expect((await reportNoShow(order.id, vendor.token)).statusCode).toBe(403);
  });

  it('charges exactly the policy’s fee and refunds the rest: no-show fee postings balance', async () => {
    const { customer, order } = await acceptedOrder();
    // By hand: the booking fee is 5 % of $120.00 = $6.00, the total $126.00; the no-show fee
    // is half the service price, $60.00; the customer gets $60.00 back and the $6.00 is kept.
    const bookingFee = 600;
    const total = PRICE + bookingFee;
    const fee = 6_000;
    const refund = PRICE - fee;
    clockAt(order.startsAt, 20 * MIN);
    const res = await markNoShow(order.id, vendor.token);
    expect(res.statusCode).toBe(200);
    const at = new Date(Date.parse(order.startsAt) + 20 * MIN);
    expect(res.json().data.status).toBe('cancelled');
    expect(res.json().data.noShow).toEqual({
      by: 'customer',
      at: at.toISOString(),
      fee: { amount: fee, currency: 'USD' },
      disputableUntil: new Date(at.getTime() + 48 * HOUR).toISOString(),
      disputedAt: null,
    });
    // Recorded once.
    const again = await markNoShow(order.id, vendor.token);
    expect(again.statusCode).toBe(409);

    await ctx.drain();
    const shown = await detail(customer.token, order.id);
    expect(shown.status).toBe('refunded');
    expect(shown.payment.amountRefunded.amount).toBe(refund);
    expect(shown.noShow.fee.amount).toBe(fee);

    const { byAccount, perCurrency } = await ledgerOf(order.id);
    expect(perCurrency).toEqual({ USD: 0 });
    expect(byAccount).toEqual({
      customer_card: total,
      refunds: -refund,
      platform_fee: -bookingFee,
      vendor_payable: -fee,
    });
    expect(await unbalancedOrders(ctx.app.db)).toEqual([]);

    const [n] = (await notices(customer.token)).filter((x) => x.type === 'order.no_show');
    expect(n!.title).toBe('Marked as a no-show: a fee of $60.00 was charged');
    expect(n!.link).toContain(order.id);
    const mails = await mailsTo(ctx, customer.email);
    expect(mails.map((m) => m.subject)).toContain(
      'Marked as a no-show: a fee of $60.00 was charged',
    );
  });
});

describe('POST /v1/orders/{id}/report-no-show (the customer: "Pro didn\'t come")', () => {
  it('refunds the whole total and counts in the pro’s reliability figure', async () => {
    const pro = await createVendor(ctx, { businessName: 'Late Pros', price: PRICE });
    const before = await ctx.app.inject({
      method: 'GET',
      url: `/v1/admin/vendors/${pro.vendorId}`,
      headers: bearer(admin.token),
    });
    expect(before.json().data.noShows90d).toBe(0);
    const { customer, order } = await acceptedOrder(pro);
    clockAt(order.startsAt, 10 * MIN);
    expect((await reportNoShow(order.id, customer.token)).json().error.code).toBe(
      'no_show_too_early',
    );
    clockAt(order.startsAt, 30 * MIN);
    expect((await detail(customer.token, order.id)).canReportNoShow).toBe(true);
    const res = await reportNoShow(order.id, customer.token);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.noShow).toMatchObject({
      by: 'vendor',
      fee: null,
      disputableUntil: null,
    });
    // A pro's no-show cannot be disputed by anyone.
    expect(
      (await dispute(order.id, customer.token, 'Not my fee to dispute at all')).statusCode,
    ).toBe(409);

    await ctx.drain();
    const total = PRICE + 600;
    const shown = await detail(customer.token, order.id);
    expect(shown.status).toBe('refunded');
    expect(shown.payment.amountRefunded.amount).toBe(total);
    const { byAccount, perCurrency } = await ledgerOf(order.id);
    expect(perCurrency).toEqual({ USD: 0 });
    expect(byAccount).toEqual({
      customer_card: total,
      refunds: -total,
      platform_fee: 0,
      vendor_payable: 0,
    });

    const [n] = (await notices(pro.token)).filter((x) => x.type === 'order.no_show');
    expect(n!.body).toContain('Full refund of $126.00 on its way');
    expect((await mailsTo(ctx, pro.email)).map((m) => m.subject)).toContain(
      `${customer.fullName} reported you did not come`,
    );

    const after = await ctx.app.inject({
      method: 'GET',
      url: `/v1/admin/vendors/${pro.vendorId}`,
      headers: bearer(admin.token),
    });
    expect(after.json().data.noShows90d).toBe(1);
    // 91 days later it has left the 90-day window.
    clockAt(order.startsAt, 91 * 24 * HOUR);
    const later = await ctx.app.inject({
      method: 'GET',
      url: `/v1/admin/vendors/${pro.vendorId}`,
      headers: bearer(admin.token),
    });
    expect(later.json().data.noShows90d).toBe(0);
  });
});

describe('POST /v1/orders/{id}/no-show/dispute', () => {
  it('works once within 48 hours and opens a support chat with the reason', async () => {
    const { customer, order } = await acceptedOrder();
    clockAt(order.startsAt, 20 * MIN);
    expect((await markNoShow(order.id, vendor.token)).statusCode).toBe(200);
    const reason = 'I was at the door; the pro rang the wrong bell.';
    expect((await dispute(order.id, vendor.token, reason)).statusCode).toBe(403);
    clockAt(order.startsAt, 20 * MIN + 48 * HOUR);
    const res = await dispute(order.id, customer.token, reason);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.noShow.disputedAt).toBe(
      new Date(Date.parse(order.startsAt) + 20 * MIN + 48 * HOUR).toISOString(),
    );
    const twice = await dispute(order.id, customer.token, reason);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error.code).toBe('no_show_disputed');

    await ctx.drain();
    const chats = await ctx.app.inject({
      method: 'GET',
      url: '/v1/conversations?kind=support',
      headers: bearer(admin.token),
    });
    const chat = (chats.json().data.items as { id: string; subject: string | null }[]).find(
      (c) => c.subject === `No-show fee dispute for ${res.json().data.reference}`,
    );
    expect(chat).toBeDefined();
    const messages = await ctx.app.inject({
      method: 'GET',
      url: `/v1/conversations/${chat!.id}/messages`,
      headers: bearer(admin.token),
    });
    expect(messages.json().data.items.map((m: { body: string }) => m.body)).toEqual([reason]);
    const proNotices = (await notices(vendor.token)).filter(
      (x) => x.type === 'order.no_show_disputed',
    );
    expect(proNotices).toHaveLength(1);
  });

  it('is refused after 48 hours, and the reason must say something', async () => {
    const { customer, order } = await acceptedOrder();
    clockAt(order.startsAt, 20 * MIN);
    expect((await markNoShow(order.id, vendor.token)).statusCode).toBe(200);
    expect((await dispute(order.id, customer.token, 'short')).statusCode).toBe(400);
    clockAt(order.startsAt, 20 * MIN + 48 * HOUR + 1);
    const late = await dispute(order.id, customer.token, 'I was there the whole time, really.');
    expect(late.statusCode).toBe(409);
    expect(late.json().error.code).toBe('no_show_dispute_closed');
    expect((await detail(customer.token, order.id)).noShow.disputedAt).toBeNull();
  });
});
