import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { orders } from '../src/db/schema';
import { availableSlots, bearer, book, createCustomer, createVendor } from './fixtures';
import { createTestContext, type TestContext } from './helpers';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => ctx?.close());
afterEach(() => vi.restoreAllMocks());

const UNPAID_LIMIT_ERROR = {
  message: 'You have 3 unpaid bookings. Pay or cancel one before booking another',
  code: 'too_many_unpaid_orders',
};

describe('POST /v1/orders with one Idempotency-Key in parallel', () => {
  it('answers 20 concurrent requests with the same order, 201 each, and stores one row', async () => {
    const vendor = await createVendor(ctx);
    const customer = await createCustomer(ctx);
    const [slot] = await availableSlots(ctx, vendor.serviceId);
    const key = randomUUID();
    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        book(ctx, customer, vendor.serviceId, slot!.startsAt, { 'idempotency-key': key }),
      ),
    );
    expect(results.map((r) => r.statusCode)).toEqual(Array(20).fill(201));
    const ids = new Set(results.map((r) => r.json().data.id));
    expect(ids.size).toBe(1);
    const rows = await ctx.app.db.select().from(orders).where(eq(orders.customerId, customer.id));
    expect(rows.map((r) => r.id)).toEqual([...ids]);
  });
});

describe('at most 3 unpaid bookings per customer', () => {
  it('answers the 4th with 429 and why; a replay still answers; paying or cancelling frees a place', async () => {
    const vendor = await createVendor(ctx);
    const customer = await createCustomer(ctx);
    const slots = await availableSlots(ctx, vendor.serviceId);
    const created = [];
    for (let i = 0; i < 3; i++) {
      const res = await book(ctx, customer, vendor.serviceId, slots[i]!.startsAt, {
        'idempotency-key': `k${i}`,
      });
      expect(res.statusCode).toBe(201);
      created.push(res.json().data);
    }
    const fourth = await book(ctx, customer, vendor.serviceId, slots[3]!.startsAt);
    expect(fourth.statusCode).toBe(429);
    expect(fourth.json().error).toEqual(UNPAID_LIMIT_ERROR);

    // A retry of an earlier booking is that booking, not a 4th one.
    const replay = await book(ctx, customer, vendor.serviceId, slots[0]!.startsAt, {
      'idempotency-key': 'k0',
    });
    expect(replay.statusCode).toBe(201);
    expect(replay.json().data.id).toBe(created[0].id);

    // Another customer is not affected.
    const other = await createCustomer(ctx);
    expect((await book(ctx, other, vendor.serviceId, slots[4]!.startsAt)).statusCode).toBe(201);

    const cancel = await ctx.app.inject({
      method: 'POST',
      url: `/v1/orders/${created[1].id}/transitions`,
      headers: bearer(customer.token),
      payload: { action: 'cancel' },
    });
    expect(cancel.statusCode).toBe(200);
    expect((await book(ctx, customer, vendor.serviceId, slots[3]!.startsAt)).statusCode).toBe(201);
    expect((await book(ctx, customer, vendor.serviceId, slots[5]!.startsAt)).statusCode).toBe(429);
  });

  it('does not count holds that have expired (15 minutes)', async () => {
    const vendor = await createVendor(ctx);
    const customer = await createCustomer(ctx);
    const slots = await availableSlots(ctx, vendor.serviceId);
    for (let i = 0; i < 3; i++) {
      expect((await book(ctx, customer, vendor.serviceId, slots[i + 4]!.startsAt)).statusCode).toBe(
        201,
      );
    }
    expect((await book(ctx, customer, vendor.serviceId, slots[7]!.startsAt)).statusCode).toBe(429);
    // 16 minutes later the three holds have lapsed (the slots are hours ahead, so still bookable).
    vi.spyOn(ctx.app.clock, 'now').mockReturnValue(new Date(Date.now() + 16 * 60_000));
    expect((await book(ctx, customer, vendor.serviceId, slots[7]!.startsAt)).statusCode).toBe(201);
  });

  it('holds under a burst: 6 bookings of different slots at once → exactly 3 created, 3 refused', async () => {
    const vendor = await createVendor(ctx);
    const other = await createVendor(ctx);
    const customer = await createCustomer(ctx);
    const a = await availableSlots(ctx, vendor.serviceId);
    const b = await availableSlots(ctx, other.serviceId);
    const results = await Promise.all([
      book(ctx, customer, vendor.serviceId, a[0]!.startsAt),
      book(ctx, customer, other.serviceId, b[0]!.startsAt),
      book(ctx, customer, vendor.serviceId, a[1]!.startsAt),
      book(ctx, customer, other.serviceId, b[1]!.startsAt),
      book(ctx, customer, vendor.serviceId, a[2]!.startsAt),
      book(ctx, customer, other.serviceId, b[2]!.startsAt),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 201, 201, 429, 429, 429]);
    const rows = await ctx.app.db.select().from(orders).where(eq(orders.customerId, customer.id));
    expect(rows).toHaveLength(3);
  });
});
