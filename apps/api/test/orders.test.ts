import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderEvents, orders, payments } from '../src/db/schema';
import {
  availableSlots,
  bearer,
  book,
  createAdmin,
  createCustomer,
  createVendor,
  paidOrder,
  pay,
  type TestUser,
  type TestVendor,
} from './fixtures';
import { createTestContext, type TestContext } from './helpers';

let ctx: TestContext;
let vendor: TestVendor;
let customer: TestUser;

beforeAll(async () => {
  ctx = await createTestContext();
  vendor = await createVendor(ctx, { price: 12_345 });
  customer = await createCustomer(ctx, 'Casey Customer');
});
afterAll(async () => ctx?.close());

const transition = (token: string, id: string, action: string, reason?: string) =>
  ctx.app.inject({
    method: 'POST',
    url: `/v1/orders/${id}/transitions`,
    headers: bearer(token),
    payload: { action, ...(reason ? { reason } : {}) },
  });

describe('POST /v1/orders', () => {
  it('creates a pending order priced by the server, ignoring any client price', async () => {
    const [slot] = await availableSlots(ctx, vendor.serviceId);
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/v1/orders',
      headers: bearer(customer.token),
      payload: {
        serviceId: vendor.serviceId,
        startsAt: slot!.startsAt,
        address: '12 Main Street, New York',
        total: { amount: 1, currency: 'USD' },
        subtotal: 1,
      },
    });
    expect(res.statusCode).toBe(201);
    const order = res.json().data;
    expect(order.status).toBe('pending_payment');
    expect(order.subtotal).toEqual({ amount: 12_345, currency: 'USD' });
    expect(order.fee).toEqual({ amount: 617, currency: 'USD' }); // 5 % of 123.45, rounded
    expect(order.total).toEqual({ amount: 12_962, currency: 'USD' });
    expect(order.reference).toMatch(/^VT-[0-9A-HJKMNP-TV-Z]{6}$/);
    expect(order.startsAt).toBe(slot!.startsAt);
    expect(order.service).toEqual({
      id: vendor.serviceId,
      title: 'Leak repair',
      durationMinutes: 60,
    });
    expect(order.customer).toEqual({ id: customer.id, fullName: 'Casey Customer' });
    const [row] = await ctx.app.db.select().from(orders).where(eq(orders.id, order.id));
    expect(row!.holdExpiresAt!.getTime()).toBeGreaterThan(Date.now() + 14 * 60_000);
    const events = await ctx.app.db
      .select()
      .from(orderEvents)
      .where(eq(orderEvents.orderId, order.id));
    expect(events.map((e) => e.status)).toEqual(['pending_payment']);
  });

  it('replays an Idempotency-Key: same order, exactly one row; a different body is 422', async () => {
    const [, slot] = await availableSlots(ctx, vendor.serviceId);
    const key = randomUUID();
    const first = await book(ctx, customer, vendor.serviceId, slot!.startsAt, {
      'idempotency-key': key,
    });
    expect(first.statusCode).toBe(201);
    const again = await book(ctx, customer, vendor.serviceId, slot!.startsAt, {
      'idempotency-key': key,
    });
    expect(again.statusCode).toBe(201);
    expect(again.json().data.id).toBe(first.json().data.id);
    const rows = await ctx.app.db.select().from(orders).where(eq(orders.idempotencyKey, key));
    expect(rows).toHaveLength(1);

    const [, , other] = await availableSlots(ctx, vendor.serviceId);
    const mismatch = await book(ctx, customer, vendor.serviceId, other!.startsAt, {
      'idempotency-key': key,
    });
    expect(mismatch.statusCode).toBe(422);
    expect(mismatch.json().error.code).toBe('idempotency_mismatch');

    // Another customer may use the same key for their own booking.
    const someoneElse = await createCustomer(ctx);
    const theirs = await book(ctx, someoneElse, vendor.serviceId, other!.startsAt, {
      'idempotency-key': key,
    });
    expect(theirs.statusCode).toBe(201);
    expect(theirs.json().data.id).not.toBe(first.json().data.id);
  });

  it('refuses a slot held by an unpaid order (409 slot_taken) and one that is paid', async () => {
    const [slot] = await availableSlots(ctx, vendor.serviceId);
    const first = await createCustomer(ctx);
    const second = await createCustomer(ctx);
    expect((await book(ctx, first, vendor.serviceId, slot!.startsAt)).statusCode).toBe(201);
    const held = await book(ctx, second, vendor.serviceId, slot!.startsAt);
    expect(held.statusCode).toBe(409);
    expect(held.json().error).toEqual({
      message: 'That time is no longer available. Pick another slot',
      code: 'slot_taken',
    });

    const { order } = await paidOrder(ctx, vendor);
    const taken = await book(ctx, second, vendor.serviceId, order.startsAt);
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error.code).toBe('slot_taken');
  });

  it('lets only one of two simultaneous bookings of a slot through', async () => {
    const [slot] = await availableSlots(ctx, vendor.serviceId);
    const a = await createCustomer(ctx);
    const b = await createCustomer(ctx);
    const results = await Promise.all([
      book(ctx, a, vendor.serviceId, slot!.startsAt),
      book(ctx, b, vendor.serviceId, slot!.startsAt),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409]);
  });

  it('answers 400 invalid_slot off the grid, in the past or inside the lead time', async () => {
    const [slot] = await availableSlots(ctx, vendor.serviceId);
    const offGrid = new Date(Date.parse(slot!.startsAt) + 15 * 60_000).toISOString();
    const res = await book(ctx, customer, vendor.serviceId, offGrid);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('invalid_slot');
    const past = await book(ctx, customer, vendor.serviceId, '2020-01-06T14:00:00.000Z');
    expect(past.statusCode).toBe(400);
    expect(past.json().error.code).toBe('invalid_slot');
  });

  it('is for customers only (403) and 404s unknown services', async () => {
    const [slot] = await availableSlots(ctx, vendor.serviceId);
    const asVendor = await book(ctx, vendor, vendor.serviceId, slot!.startsAt);
    expect(asVendor.statusCode).toBe(403);
    const admin = await createAdmin(ctx);
    expect((await book(ctx, admin, vendor.serviceId, slot!.startsAt)).statusCode).toBe(403);
    expect((await book(ctx, customer, randomUUID(), slot!.startsAt)).statusCode).toBe(404);
    const anonymous = await ctx.app.inject({
      method: 'POST',
      url: '/v1/orders',
      payload: { serviceId: vendor.serviceId, startsAt: slot!.startsAt, address: '12 Main Street' },
    });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('GET /v1/orders and /v1/orders/:id', () => {
  it('shows customers their own orders, vendors their paid incoming ones, admins all', async () => {
    const buyer = await createCustomer(ctx);
    const { order } = await paidOrder(ctx, vendor, buyer);
    const unpaid = (await book(ctx, buyer, vendor.serviceId)).json().data;

    const mine = (
      await ctx.app.inject({ method: 'GET', url: '/v1/orders', headers: bearer(buyer.token) })
    ).json().data;
    expect(mine.items.map((o: { id: string }) => o.id)).toEqual([unpaid.id, order.id]); // newest first
    expect(mine.total).toBe(2);

    const incoming = (
      await ctx.app.inject({
        method: 'GET',
        url: '/v1/orders?pageSize=50',
        headers: bearer(vendor.token),
      })
    ).json().data;
    const ids = incoming.items.map((o: { id: string }) => o.id);
    expect(ids).toContain(order.id);
    expect(ids).not.toContain(unpaid.id);
    expect(incoming.items.every((o: { status: string }) => o.status !== 'pending_payment')).toBe(
      true,
    );

    const filtered = (
      await ctx.app.inject({
        method: 'GET',
        url: '/v1/orders?status=paid',
        headers: bearer(buyer.token),
      })
    ).json().data;
    expect(filtered.items.map((o: { id: string }) => o.id)).toEqual([order.id]);

    const admin = await createAdmin(ctx);
    const all = (
      await ctx.app.inject({
        method: 'GET',
        url: '/v1/orders?pageSize=50',
        headers: bearer(admin.token),
      })
    ).json().data;
    expect(all.total).toBeGreaterThanOrEqual(mine.total + 1);
  });

  it('returns the detail with events and payment to its customer, vendor and admins; 404 to others', async () => {
    const { customer: buyer, order } = await paidOrder(ctx, vendor);
    const detail = await ctx.app.inject({
      method: 'GET',
      url: `/v1/orders/${order.id}`,
      headers: bearer(buyer.token),
    });
    expect(detail.statusCode).toBe(200);
    const d = detail.json().data;
    expect(d.status).toBe('paid');
    expect(d.events.map((e: { status: string }) => e.status)).toEqual(['pending_payment', 'paid']);
    expect(d.payment).toMatchObject({
      status: 'succeeded',
      cardLast4: '4242',
      testMode: true,
      provider: 'sandbox',
    });

    expect(
      (
        await ctx.app.inject({
          method: 'GET',
          url: `/v1/orders/${order.id}`,
          headers: bearer(vendor.token),
        })
      ).statusCode,
    ).toBe(200);
    const admin = await createAdmin(ctx);
    expect(
      (
        await ctx.app.inject({
          method: 'GET',
          url: `/v1/orders/${order.id}`,
          headers: bearer(admin.token),
        })
      ).statusCode,
    ).toBe(200);

    const stranger = await createCustomer(ctx);
    const other = await ctx.app.inject({
      method: 'GET',
      url: `/v1/orders/${order.id}`,
      headers: bearer(stranger.token),
    });
    expect(other.statusCode).toBe(404);
    const otherVendor = await createVendor(ctx);
    expect(
      (
        await ctx.app.inject({
          method: 'GET',
          url: `/v1/orders/${order.id}`,
          headers: bearer(otherVendor.token),
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await ctx.app.inject({
          method: 'GET',
          url: `/v1/orders/${randomUUID()}`,
          headers: bearer(buyer.token),
        })
      ).statusCode,
    ).toBe(404);
  });
});

describe('POST /v1/orders/:id/transitions', () => {
  it('runs paid → accepted → in_progress → completed by the vendor, notifying the customer', async () => {
    const { customer: buyer, order } = await paidOrder(ctx, vendor);
    for (const [action, status] of [
      ['accept', 'accepted'],
      ['start', 'in_progress'],
      ['complete', 'completed'],
    ] as const) {
      const res = await transition(vendor.token, order.id, action);
      expect(res.statusCode).toBe(200);
      expect(res.json().data.status).toBe(status);
    }
    const detail = (
      await ctx.app.inject({
        method: 'GET',
        url: `/v1/orders/${order.id}`,
        headers: bearer(buyer.token),
      })
    ).json().data;
    expect(detail.events.map((e: { status: string }) => e.status)).toEqual([
      'pending_payment',
      'paid',
      'accepted',
      'in_progress',
      'completed',
    ]);
    const inbox = (
      await ctx.app.inject({
        method: 'GET',
        url: '/v1/notifications',
        headers: bearer(buyer.token),
      })
    ).json().data;
    expect(inbox.items.map((n: { type: string }) => n.type)).toEqual(
      expect.arrayContaining([
        'order.accepted',
        'order.in_progress',
        'order.completed',
        'payment.succeeded',
      ]),
    );
  });

  it('decline refunds in full: order and payment end refunded', async () => {
    const { customer: buyer, order } = await paidOrder(ctx, vendor);
    const res = await transition(vendor.token, order.id, 'decline', 'Fully booked that day');
    expect(res.statusCode).toBe(200);
    const d = res.json().data;
    expect(d.status).toBe('refunded');
    expect(d.payment.status).toBe('refunded');
    expect(d.events.map((e: { status: string }) => e.status)).toEqual([
      'pending_payment',
      'paid',
      'declined',
      'refunded',
    ]);
    expect(d.events[2].note).toBe('Fully booked that day');
    const inbox = (
      await ctx.app.inject({
        method: 'GET',
        url: '/v1/notifications',
        headers: bearer(buyer.token),
      })
    ).json().data;
    const declined = inbox.items.find((n: { type: string }) => n.type === 'order.declined');
    expect(declined.body).toContain('refunded in full');
    // The slot is free again.
    expect(
      (await availableSlots(ctx, vendor.serviceId)).some((s) => s.startsAt === order.startsAt),
    ).toBe(true);
  });

  it('customer cancel: unpaid → cancelled; paid → refunded with the vendor notified', async () => {
    const buyer = await createCustomer(ctx);
    const unpaid = (await book(ctx, buyer, vendor.serviceId)).json().data;
    const c1 = await transition(buyer.token, unpaid.id, 'cancel');
    expect(c1.statusCode).toBe(200);
    expect(c1.json().data.status).toBe('cancelled');
    expect(c1.json().data.payment).toBeNull();

    const { order } = await paidOrder(ctx, vendor, buyer);
    const c2 = await transition(buyer.token, order.id, 'cancel');
    expect(c2.statusCode).toBe(200);
    expect(c2.json().data.status).toBe('refunded');
    const [payment] = await ctx.app.db
      .select()
      .from(payments)
      .where(eq(payments.orderId, order.id));
    expect(payment!.status).toBe('refunded');
    const vendorList = (
      await ctx.app.inject({
        method: 'GET',
        url: '/v1/orders?pageSize=50',
        headers: bearer(vendor.token),
      })
    ).json().data;
    const vendorIds = vendorList.items.map((o: { id: string }) => o.id);
    expect(vendorIds).toContain(order.id);
    expect(vendorIds).not.toContain(unpaid.id);
    const vendorInbox = (
      await ctx.app.inject({
        method: 'GET',
        url: '/v1/notifications?pageSize=50',
        headers: bearer(vendor.token),
      })
    ).json().data;
    expect(
      vendorInbox.items.some(
        (n: { type: string; link: string }) =>
          n.type === 'order.cancelled' && n.link.includes(order.id),
      ),
    ).toBe(true);
  });

  it('refuses the wrong actor (403) and the wrong state (409 invalid_transition)', async () => {
    const { customer: buyer, order } = await paidOrder(ctx, vendor);
    const byCustomer = await transition(buyer.token, order.id, 'accept');
    expect(byCustomer.statusCode).toBe(403);
    expect(byCustomer.json().error.message).toBe('Only the vendor can accept this order');
    const byVendor = await transition(vendor.token, order.id, 'cancel');
    expect(byVendor.statusCode).toBe(403);

    const start = await transition(vendor.token, order.id, 'start');
    expect(start.statusCode).toBe(409);
    expect(start.json().error).toEqual({
      message: "You can't start an order that is paid",
      code: 'invalid_transition',
    });
    expect((await transition(vendor.token, order.id, 'accept')).statusCode).toBe(200);
    const cancelAccepted = await transition(buyer.token, order.id, 'cancel');
    expect(cancelAccepted.statusCode).toBe(409);
    expect(cancelAccepted.json().error.code).toBe('invalid_transition');
    const acceptAgain = await transition(vendor.token, order.id, 'accept');
    expect(acceptAgain.statusCode).toBe(409);

    const stranger = await createCustomer(ctx);
    expect((await transition(stranger.token, order.id, 'cancel')).statusCode).toBe(404);
  });

  it('vendor cannot act on an unpaid order', async () => {
    const buyer = await createCustomer(ctx);
    const unpaid = (await book(ctx, buyer, vendor.serviceId)).json().data;
    const res = await transition(vendor.token, unpaid.id, 'accept');
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe("You can't accept an order that is awaiting payment");
    expect((await pay(ctx, buyer, unpaid.id)).statusCode).toBe(200);
  });
});
