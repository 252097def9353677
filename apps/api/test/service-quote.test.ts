import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { availableSlots, book, createCustomer, createVendor, type TestUser } from './fixtures';
import { createTestContext, type TestContext } from './helpers';

let ctx: TestContext;
let customer: TestUser;

beforeAll(async () => {
  ctx = await createTestContext();
  customer = await createCustomer(ctx, 'Quinn Quote');
});
afterAll(async () => ctx?.close());

const quote = (serviceId: string, startsAt: string) =>
  ctx.app.inject({
    method: 'GET',
    url: `/v1/services/${serviceId}/quote?startsAt=${encodeURIComponent(startsAt)}`,
  });

describe('GET /v1/services/{id}/quote', () => {
  // Figures worked out by hand from the fee rule (booking fee = 5 % of the subtotal, half up).
  it.each([
    { price: 12_345, fee: 617, total: 12_962 }, // 617.25 → 617
    { price: 10_010, fee: 501, total: 10_511 }, // 500.50 → 501 (half up)
    { price: 8_000, fee: 400, total: 8_400 },
  ])('prices $price as fee $fee and total $total before any order, signed out', async (row) => {
    const vendor = await createVendor(ctx, { price: row.price, currency: 'GBP' });
    const [slot] = await availableSlots(ctx, vendor.serviceId);
    const res = await quote(vendor.serviceId, slot!.startsAt);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({
      subtotal: row.price,
      bookingFee: row.fee,
      total: row.total,
      currency: 'GBP',
    });
  });

  it('quotes exactly what the order is then charged', async () => {
    const vendor = await createVendor(ctx, { price: 12_345 });
    const [slot] = await availableSlots(ctx, vendor.serviceId);
    const quoted = (await quote(vendor.serviceId, slot!.startsAt)).json().data;
    const order = (await book(ctx, customer, vendor.serviceId, slot!.startsAt)).json().data;
    expect(order.subtotal.amount).toBe(quoted.subtotal);
    expect(order.fee.amount).toBe(quoted.bookingFee);
    expect(order.total.amount).toBe(quoted.total);
  });

  it('answers 404 for an unknown service', async () => {
    const res = await quote(randomUUID(), new Date(Date.now() + 86_400_000).toISOString());
    expect(res.statusCode).toBe(404);
  });

  it('refuses a start that is not a slot on offer', async () => {
    const vendor = await createVendor(ctx);
    const [slot] = await availableSlots(ctx, vendor.serviceId);
    const offGrid = new Date(Date.parse(slot!.startsAt) + 7 * 60_000).toISOString();
    const res = await quote(vendor.serviceId, offGrid);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ ok: false, error: { code: 'invalid_slot' } });
  });

  it('refuses a startsAt that is not a date-time (contract query schema)', async () => {
    const vendor = await createVendor(ctx);
    const res = await quote(vendor.serviceId, 'tomorrow');
    expect(res.statusCode).toBe(400);
  });
});
