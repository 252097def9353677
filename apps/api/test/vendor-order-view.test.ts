import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withoutCardDigits } from '../src/domains/orders/vendor-view';
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
 * "A pro sees their own net per order, never the customer's card digits", through
 * HTTP on a real database. The vendor sells a 160.00 USD service: the customer pays 168.00
 * (5 % booking fee 8.00) with the sandbox's good card ending 4242, and the pro earns 160.00.
 * The checkout's mails word the payment as the screens do: the card is only authorised.
 */

let ctx: TestContext;
let vendor: TestVendor;
let admin: TestUser;

beforeAll(async () => {
  ctx = await createTestContext();
  vendor = await createVendor(ctx, { price: 16_000, businessName: 'Demo Plumbing Co.' });
  admin = await createAdmin(ctx);
});
afterAll(async () => ctx?.close());

const get = (token: string, url: string) =>
  ctx.app.inject({ method: 'GET', url, headers: bearer(token) });
const post = (token: string, url: string, payload: object) =>
  ctx.app.inject({ method: 'POST', url, headers: bearer(token), payload });

/** The answer's JSON without ids, so a "4242" found in it can only be the card's digits. */
const withoutIds = (body: unknown) =>
  JSON.stringify(body).replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g, '');

async function read(token: string, orderId: string) {
  const res = await get(token, `/v1/orders/${orderId}`);
  expect(res.statusCode).toBe(200);
  return res.json();
}

describe("the pro's order view", () => {
  it('has the pro’s earnings and no card digits; the customer still sees their card', async () => {
    const { customer, order } = await paidOrder(ctx, vendor);

    const mine = await read(vendor.token, order.id);
    expect(mine.data.vendorNet).toEqual({ amount: 16_000, currency: 'USD' });
    expect(mine.data.total).toEqual({ amount: 16_800, currency: 'USD' });
    expect(mine.data.fee).toEqual({ amount: 800, currency: 'USD' });
    expect(mine.data.payment.status).toBe('authorized');
    expect(mine.data.payment.cardLast4).toBeNull();
    // The "paid" event's note named the card: the pro reads it without the digits.
    expect(mine.data.events.map((e: { note: string | null }) => e.note)).toContain(
      'Card authorised for $168.00',
    );
    expect(withoutIds(mine)).not.toContain('4242');

    const list = await get(vendor.token, '/v1/orders?pageSize=50');
    expect(list.statusCode).toBe(200);
    const row = list.json().data.items.find((o: { id: string }) => o.id === order.id);
    expect(row.vendorNet).toEqual({ amount: 16_000, currency: 'USD' });
    expect(withoutIds(list.json())).not.toContain('4242');

    const theirs = await read(customer.token, order.id);
    expect(theirs.data.payment.cardLast4).toBe('4242');
    expect(theirs.data.events.map((e: { note: string | null }) => e.note)).toContain(
      'Card ending 4242 authorised for $168.00',
    );
    expect(theirs.data.vendorNet).toBeUndefined();
    const customerList = await get(customer.token, '/v1/orders');
    expect(customerList.json().data.items[0].vendorNet).toBeUndefined();

    const adminView = await read(admin.token, order.id);
    expect(adminView.data.payment.cardLast4).toBe('4242');
    expect(adminView.data.vendorNet).toBeUndefined();
  });

  it('keeps the digits out of what accepting answers, and reads the net from the ledger once charged', async () => {
    const { order } = await paidOrder(ctx, vendor);
    const accepted = await post(vendor.token, `/v1/orders/${order.id}/transitions`, {
      action: 'accept',
    });
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json().data.vendorNet).toEqual({ amount: 16_000, currency: 'USD' });
    expect(withoutIds(accepted.json())).not.toContain('4242');
    await ctx.drain();

    const charged = await read(vendor.token, order.id);
    expect(charged.data.payment.status).toBe('captured');
    expect(charged.data.vendorNet).toEqual({ amount: 16_000, currency: 'USD' });
    expect(withoutIds(charged)).not.toContain('4242');
  });

  it('says a booking declined before it was charged earns nothing', async () => {
    const { order } = await paidOrder(ctx, vendor);
    const declined = await post(vendor.token, `/v1/orders/${order.id}/transitions`, {
      action: 'decline',
    });
    expect(declined.statusCode).toBe(200);
    await ctx.drain();
    const mine = await read(vendor.token, order.id);
    expect(mine.data.status).toBe('declined');
    expect(mine.data.vendorNet).toEqual({ amount: 0, currency: 'USD' });
  });

  it('takes a refund recovered from the pro off their net, and leaves it whole after goodwill', async () => {
    const { order } = await paidOrder(ctx, vendor);
    expect(
      (await post(vendor.token, `/v1/orders/${order.id}/transitions`, { action: 'accept' }))
        .statusCode,
    ).toBe(200);
    await ctx.drain();
    const paymentId = (await read(admin.token, order.id)).data.payment.id;

    const goodwill = await post(admin.token, `/v1/admin/payments/${paymentId}/refund`, {
      amount: 3_000,
      bearer: 'platform',
      reason: 'Arrived an hour late',
    });
    expect(goodwill.statusCode).toBe(200);
    await ctx.drain();
    expect((await read(vendor.token, order.id)).data.vendorNet).toEqual({
      amount: 16_000,
      currency: 'USD',
    });

    const recovered = await post(admin.token, `/v1/admin/payments/${paymentId}/refund`, {
      amount: 5_000,
      bearer: 'vendor',
      reason: 'The tap still leaks',
    });
    expect(recovered.statusCode).toBe(200);
    await ctx.drain();
    // 160.00 less the 50.00 taken back from the pro.
    expect((await read(vendor.token, order.id)).data.vendorNet).toEqual({
      amount: 11_000,
      currency: 'USD',
    });
  });
});

describe('the mails of a booking whose card is only authorised', () => {
  it('tell the customer "Card authorised" and the pro their earnings, and neither says paid', async () => {
    const { customer, order } = await paidOrder(ctx, vendor);

    const [receipt, ...more] = await mailsTo(ctx, customer.email);
    expect(more).toEqual([]);
    expect(receipt!.subject).toBe(`Your Vetted receipt for ${order.reference}`);
    expect(receipt!.text).toContain('  Amount     $168.00 (card ending 4242)');
    expect(receipt!.text).toContain(
      '  Payment    Card authorised — charged when Demo Plumbing Co. accepts',
    );
    expect(receipt!.text).toContain(
      'Nothing is charged yet: the amount is held on card ending 4242 and charged when Demo Plumbing Co. accepts the booking; if they decline, the hold is released.',
    );
    expect(receipt!.html).toContain('Card authorised — charged when Demo Plumbing Co. accepts');
    expect(receipt!.text).not.toMatch(/\bpaid\b/i);

    const [booking] = (await mailsTo(ctx, vendor.email)).filter((m) =>
      m.text.includes(order.reference),
    );
    expect(booking!.text).toContain(
      'Your earnings: $160.00. Card authorised — charged when you accept.',
    );
    expect(booking!.html).toContain('Your earnings: $160.00.');
    expect(booking!.text).not.toMatch(/\bpaid\b/i);
    // The pro's mail names neither the customer's total nor their card.
    expect(booking!.text).not.toContain('$168.00');
    expect(booking!.text).not.toContain('4242');
  });
});

describe('withoutCardDigits', () => {
  it('takes the card out of the timeline notes a pro reads', () => {
    expect(withoutCardDigits('Card ending 4242 authorised for $168.00')).toBe(
      'Card authorised for $168.00',
    );
    expect(withoutCardDigits('Tip of $10.00 sent (card ending 4242)')).toBe('Tip of $10.00 sent');
    expect(withoutCardDigits('Cancelled by the customer')).toBe('Cancelled by the customer');
    expect(withoutCardDigits(null)).toBeNull();
  });
});
