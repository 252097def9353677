import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { orderEvents, orders } from '../src/db/schema';
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
let admin: TestUser;

beforeAll(async () => {
  ctx = await createTestContext();
  vendor = await createVendor(ctx, { price: 12_345 });
  customer = await createCustomer(ctx, 'Casey Customer');
  admin = await createAdmin(ctx);
});
afterAll(async () => ctx?.close());
afterEach(() => vi.restoreAllMocks());

const transition = (
  token: string,
  id: string,
  action: string,
  extra: Record<string, string> = {},
) =>
  ctx.app.inject({
    method: 'POST',
    url: `/v1/orders/${id}/transitions`,
    headers: bearer(token),
    payload: { action, ...extra },
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

const inbox = async (user: TestUser) =>
  (
    await ctx.app.inject({
      method: 'GET',
      url: '/v1/notifications?pageSize=50',
      headers: bearer(user.token),
    })
  ).json().data.items as { type: string; title: string; body: string; link: string }[];

/** What the provider did to the order's card (sandbox fake bank), via the admin view. */
const providerEvents = async (paymentId: string) => {
  const res = await ctx.app.inject({
    method: 'GET',
    url: `/v1/admin/payments/${paymentId}`,
    headers: bearer(admin.token),
  });
  expect(res.statusCode).toBe(200);
  return res.json().data.providerEvents as { type: string; amount: number }[];
};

/** Collects the realtime events pushed to `userId` on the events bus. */
function listen(userId: string) {
  const seen: { type: string; data?: unknown }[] = [];
  const stop = ctx.app.events.subscribe<{ type: string; data?: unknown }>(`user:${userId}`, (e) => {
    seen.push(e);
  });
  return { seen, stop };
}

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
    expect(order.customer).toEqual({
      id: customer.id,
      fullName: 'Casey Customer',
      avatarUrl: null, // no photo yet
    });
    const [row] = await ctx.app.db.select().from(orders).where(eq(orders.id, order.id));
    expect(row!.holdExpiresAt!.getTime()).toBeGreaterThan(Date.now() + 14 * 60_000);
    const events = await ctx.app.db
      .select()
      .from(orderEvents)
      .where(eq(orderEvents.orderId, order.id));
    expect(events.map((e) => e.status)).toEqual(['pending_payment']);
    // Keep the unpaid cap out of the other tests: this customer's booking is done with.
    expect((await transition(customer.token, order.id, 'cancel')).statusCode).toBe(200);
  });

  it('replays an Idempotency-Key: same order, exactly one row; a different body is 422', async () => {
    const buyer = await createCustomer(ctx);
    const [, slot] = await availableSlots(ctx, vendor.serviceId);
    const key = randomUUID();
    const first = await book(ctx, buyer, vendor.serviceId, slot!.startsAt, {
      'idempotency-key': key,
    });
    expect(first.statusCode).toBe(201);
    const again = await book(ctx, buyer, vendor.serviceId, slot!.startsAt, {
      'idempotency-key': key,
    });
    expect(again.statusCode).toBe(201);
    expect(again.json().data.id).toBe(first.json().data.id);
    const rows = await ctx.app.db.select().from(orders).where(eq(orders.idempotencyKey, key));
    expect(rows).toHaveLength(1);

    const [, , other] = await availableSlots(ctx, vendor.serviceId);
    const mismatch = await book(ctx, buyer, vendor.serviceId, other!.startsAt, {
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
    expect((await book(ctx, admin, vendor.serviceId, slot!.startsAt)).statusCode).toBe(403);
    expect((await book(ctx, customer, randomUUID(), slot!.startsAt)).statusCode).toBe(404);
    const anonymous = await ctx.app.inject({
      method: 'POST',
      url: '/v1/orders',
      payload: { serviceId: vendor.serviceId, startsAt: slot!.startsAt, address: '12 Main Street' },
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('refuses a NUL byte in a text field with a 400 naming it, and writes nothing', async () => {
    const buyer = await createCustomer(ctx);
    const [slot] = await availableSlots(ctx, vendor.serviceId);
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/v1/orders',
      headers: bearer(buyer.token),
      payload: {
        serviceId: vendor.serviceId,
        startsAt: slot!.startsAt,
        address: '12 Main\u0000 Street',
      },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toHaveProperty('address');
    expect(await ctx.app.db.select().from(orders).where(eq(orders.customerId, buyer.id))).toEqual(
      [],
    );
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
    const d = await detail(buyer.token, order.id);
    expect(d.status).toBe('paid');
    expect(d.events.map((e: { status: string }) => e.status)).toEqual(['pending_payment', 'paid']);
    expect(d.payment).toMatchObject({
      status: 'authorized',
      cardLast4: '4242',
      testMode: true,
      provider: 'sandbox',
    });
    expect(d.startCode).toBeNull();
    // Cancelling now releases the whole hold (refund policy: before the pro accepts).
    expect(d.cancelRefund).toEqual({ amount: 12_962, currency: 'USD' });

    const asVendor = await detail(vendor.token, order.id);
    expect(asVendor.cancelRefund).toBeNull();
    expect((await detail(admin.token, order.id)).id).toBe(order.id);

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

describe('POST /v1/orders/:id/transitions: money, notices and live events', () => {
  it('accept captures the authorised payment, tells the customer and pushes `order` to both', async () => {
    const { customer: buyer, order } = await paidOrder(ctx, vendor);
    await ctx.drain();
    const toBuyer = listen(buyer.id);
    const toVendor = listen(vendor.id);
    const res = await transition(vendor.token, order.id, 'accept');
    expect(res.statusCode).toBe(200);
    expect(res.json().data.status).toBe('accepted');
    // The vendor's answer never carries the customer's start code.
    expect(res.json().data.startCode).toBeNull();
    await ctx.drain();

    const d = await detail(buyer.token, order.id);
    expect(d.payment.status).toBe('captured');
    const events = await providerEvents(d.payment.id);
    expect(events.filter((e) => e.type === 'capture').map((e) => e.amount)).toEqual([12_962]);
    const accepted = (await inbox(buyer)).filter((n) => n.type === 'order.accepted');
    expect(accepted).toHaveLength(1);
    expect(accepted[0]!.link).toBe(`/user/history/order?id=${order.id}`);
    expect(accepted[0]!.body).toContain('start code');
    await vi.waitFor(() => {
      for (const seen of [toBuyer.seen, toVendor.seen]) {
        expect(seen).toContainEqual({ type: 'order', data: { id: order.id, status: 'accepted' } });
      }
    });
    toBuyer.stop();
    toVendor.stop();
  });

  it('decline voids the authorisation: nothing captured, the customer told the hold is released', async () => {
    const { customer: buyer, order } = await paidOrder(ctx, vendor);
    const toBuyer = listen(buyer.id);
    const res = await transition(vendor.token, order.id, 'decline', {
      reason: 'Fully booked that day',
    });
    expect(res.statusCode).toBe(200);
    const d = res.json().data;
    expect(d.status).toBe('declined');
    expect(d.events.at(-1)).toMatchObject({ status: 'declined', note: 'Fully booked that day' });
    await ctx.drain();

    const after = await detail(buyer.token, order.id);
    expect(after.payment.status).toBe('voided');
    const events = await providerEvents(after.payment.id);
    expect(events.map((e) => e.type)).toContain('void');
    expect(events.map((e) => e.type)).not.toContain('capture');
    const declined = (await inbox(buyer)).find((n) => n.type === 'order.declined');
    expect(declined!.body).toContain(
      "The $129.62 hold on your card is being released; you won't be charged.",
    );
    expect(declined!.body).not.toMatch(/refunded/i);
    await vi.waitFor(() =>
      expect(toBuyer.seen).toContainEqual({
        type: 'order',
        data: { id: order.id, status: 'declined' },
      }),
    );
    toBuyer.stop();
    // The slot is free again.
    expect(
      (await availableSlots(ctx, vendor.serviceId)).some((s) => s.startsAt === order.startsAt),
    ).toBe(true);
  });

  it('customer cancel: unpaid → cancelled, no money, vendor not told; paid → cancelled with a void, vendor told', async () => {
    const buyer = await createCustomer(ctx);
    const unpaid = (await book(ctx, buyer, vendor.serviceId)).json().data;
    const c1 = await transition(buyer.token, unpaid.id, 'cancel');
    expect(c1.statusCode).toBe(200);
    expect(c1.json().data.status).toBe('cancelled');
    expect(c1.json().data.payment).toBeNull();

    const { order } = await paidOrder(ctx, vendor, buyer);
    const c2 = await transition(buyer.token, order.id, 'cancel');
    expect(c2.statusCode).toBe(200);
    expect(c2.json().data.status).toBe('cancelled');
    await ctx.drain();
    const after = await detail(buyer.token, order.id);
    expect(after.payment.status).toBe('voided');
    expect(after.cancelRefund).toBeNull();

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
    const vendorInbox = await inbox(vendor);
    expect(
      vendorInbox.filter((n) => n.type === 'order.cancelled' && n.link.includes(order.id)),
    ).toHaveLength(1);
    expect(vendorInbox.some((n) => n.link.includes(unpaid.id))).toBe(false);
  });

  it('customer cancel of an accepted order three days ahead refunds the whole total', async () => {
    const { customer: buyer, order } = await paidOrder(ctx, vendor);
    expect((await transition(vendor.token, order.id, 'accept')).statusCode).toBe(200);
    await ctx.drain();
    // Three days before the slot (the slot is at least an hour ahead of the real time).
    vi.spyOn(ctx.app.clock, 'now').mockReturnValue(
      new Date(Date.parse(order.startsAt) - 3 * 24 * 3_600_000),
    );
    expect((await detail(buyer.token, order.id)).cancelRefund).toEqual({
      amount: 12_962,
      currency: 'USD',
    });
    const res = await transition(buyer.token, order.id, 'cancel');
    expect(res.statusCode).toBe(200);
    expect(res.json().data.status).toBe('cancelled');
    expect(res.json().data.startCode).toBeNull();
    // Until the provider confirms, the payment says so.
    expect(['refund_pending', 'captured']).toContain(res.json().data.payment.status);
    await ctx.drain();

    const after = await detail(buyer.token, order.id);
    expect(after.payment.status).toBe('refunded');
    const events = await providerEvents(after.payment.id);
    expect(events.filter((e) => e.type === 'refund').map((e) => e.amount)).toEqual([12_962]);
    const told = (await inbox(vendor)).filter(
      (n) => n.type === 'order.cancelled' && n.link.includes(order.id),
    );
    expect(told).toHaveLength(1);
    expect(told[0]!.body).toMatch(/^Test Customer cancelled Leak repair on .+\.$/);
  });

  it('customer cancel of an accepted order 2 hours before the slot refunds half the price, fee kept', async () => {
    const { customer: buyer, order } = await paidOrder(ctx, vendor);
    expect((await transition(vendor.token, order.id, 'accept')).statusCode).toBe(200);
    await ctx.drain();
    vi.spyOn(ctx.app.clock, 'now').mockReturnValue(
      new Date(Date.parse(order.startsAt) - 2 * 3_600_000),
    );
    // 50 % of $123.45 = $61.725 → 6173 cents.
    expect((await detail(buyer.token, order.id)).cancelRefund).toEqual({
      amount: 6_173,
      currency: 'USD',
    });
    expect((await transition(buyer.token, order.id, 'cancel')).statusCode).toBe(200);
    await ctx.drain();
    const after = await detail(buyer.token, order.id);
    const events = await providerEvents(after.payment.id);
    expect(events.filter((e) => e.type === 'refund').map((e) => e.amount)).toEqual([6_173]);
  });

  it('refuses a customer cancel of an accepted order once its slot has started (409 cancel_too_late)', async () => {
    const { customer: buyer, order } = await paidOrder(ctx, vendor);
    expect((await transition(vendor.token, order.id, 'accept')).statusCode).toBe(200);
    vi.spyOn(ctx.app.clock, 'now').mockReturnValue(new Date(Date.parse(order.startsAt) + 60_000));
    const res = await transition(buyer.token, order.id, 'cancel');
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toEqual({
      message:
        "This booking's time has started, so it can't be cancelled here. Contact support for help",
      code: 'cancel_too_late',
    });
    expect((await detail(buyer.token, order.id)).cancelRefund).toBeNull();
  });

  it('an admin cancel of an accepted order refunds all and tells both sides', async () => {
    const { customer: buyer, order } = await paidOrder(ctx, vendor);
    expect((await transition(vendor.token, order.id, 'accept')).statusCode).toBe(200);
    const res = await transition(admin.token, order.id, 'cancel', { reason: 'Pro no-show' });
    expect(res.statusCode).toBe(200);
    await ctx.drain();
    const after = await detail(buyer.token, order.id);
    const events = await providerEvents(after.payment.id);
    expect(events.filter((e) => e.type === 'refund').map((e) => e.amount)).toEqual([12_962]);
    const toBuyer = (await inbox(buyer)).find((n) => n.type === 'order.cancelled');
    expect(toBuyer!.body).toMatch(
      /^Vetted support cancelled your booking for Leak repair on .+\. A refund of \$129\.62 is on its way\.$/,
    );
    expect(
      (await inbox(vendor)).some((n) => n.type === 'order.cancelled' && n.link.includes(order.id)),
    ).toBe(true);
  });

  it('refuses the wrong actor (403) and the wrong state (409 invalid_transition)', async () => {
    const { customer: buyer, order } = await paidOrder(ctx, vendor);
    const byCustomer = await transition(buyer.token, order.id, 'accept');
    expect(byCustomer.statusCode).toBe(403);
    expect(byCustomer.json().error.message).toBe('Only the vendor can accept this order');
    const declineByCustomer = await transition(buyer.token, order.id, 'decline');
    expect(declineByCustomer.statusCode).toBe(403);
    expect(declineByCustomer.json().error.message).toBe('Only the vendor can decline this order');

    const start = await transition(vendor.token, order.id, 'start', { startCode: '1234' });
    expect(start.statusCode).toBe(409);
    expect(start.json().error).toEqual({
      message: "You can't start an order that is paid",
      code: 'invalid_transition',
    });
    expect((await transition(vendor.token, order.id, 'accept')).statusCode).toBe(200);
    const acceptAgain = await transition(vendor.token, order.id, 'accept');
    expect(acceptAgain.statusCode).toBe(409);
    const completeEarly = await transition(vendor.token, order.id, 'complete');
    expect(completeEarly.statusCode).toBe(409);
    expect(completeEarly.json().error.message).toBe("You can't complete an order that is accepted");

    const stranger = await createCustomer(ctx);
    expect((await transition(stranger.token, order.id, 'cancel')).statusCode).toBe(404);
  });

  it('two racing accepts: one wins, the other gets 409, one capture is requested', async () => {
    const { customer: buyer, order } = await paidOrder(ctx, vendor);
    const results = await Promise.all([
      transition(vendor.token, order.id, 'accept'),
      transition(vendor.token, order.id, 'accept'),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    await ctx.drain();
    const d = await detail(buyer.token, order.id);
    const events = await providerEvents(d.payment.id);
    expect(events.filter((e) => e.type === 'capture')).toHaveLength(1);
    expect(d.events.filter((e: { status: string }) => e.status === 'accepted')).toHaveLength(1);
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
