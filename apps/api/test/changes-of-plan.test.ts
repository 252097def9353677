import { and, eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ledgerEntries, orders, outbox, sandboxBankEvents } from '../src/db/schema';
import { unbalancedOrders, vendorBalance } from '../src/domains/ledger/service';
import {
  bearer,
  book,
  createAdmin,
  createCustomer,
  createVendor,
  GOOD_CARD,
  pay,
  type SlotDto,
  type TestUser,
  type TestVendor,
} from './fixtures';
import { createTestContext, type TestContext } from './helpers';
import { StripeFake } from './stripe-fake';

/*
 * "Changes of plan", through HTTP on a real database: the refund quote and the cancel
 * that applies it, vendor cancellations, reschedule (taken slot, cut-off, the pro declining),
 * the waitlist (offer on a cancellation, held slot, expiry to the next in line) and tips.
 * Time: the domain clock (`app.clock`) is stubbed for policy instants; the offer expiry moves
 * the wall clock (`Date` only), which the outbox worker reads.
 */

let ctx: TestContext;
let admin: TestUser;

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const MIN = 60_000;

beforeAll(async () => {
  // Tokens outlive the 15 minutes the offer-expiry test moves the clock by.
  ctx = await createTestContext({ accessTokenTtlS: 6 * 3600 });
  admin = await createAdmin(ctx);
});
afterAll(async () => ctx?.close());
afterEach(() => {
  vi.restoreAllMocks();
  vi.useRealTimers();
});

// ─── helpers ─────────────────────────────────────────────────────────────────────────────────

const get = (token: string, url: string) =>
  ctx.app.inject({ method: 'GET', url, headers: bearer(token) });
const post = (token: string, url: string, payload?: object, headers: Record<string, string> = {}) =>
  ctx.app.inject({ method: 'POST', url, headers: { ...bearer(token), ...headers }, payload });

const transition = (token: string, id: string, action: string, extra: object = {}) =>
  post(token, `/v1/orders/${id}/transitions`, { action, ...extra });

const detail = async (token: string, id: string) => {
  const res = await get(token, `/v1/orders/${id}`);
  expect(res.statusCode).toBe(200);
  return res.json().data;
};

const quote = (token: string, id: string) => get(token, `/v1/orders/${id}/cancellation`);

const inbox = async (user: TestUser) =>
  (await get(user.token, '/v1/notifications?pageSize=50')).json().data.items as {
    type: string;
    title: string;
    body: string;
    link: string | null;
  }[];

/** Puts the domain clock `ms` after (negative: before) `startsAt`. */
const clockAt = (startsAt: string, ms: number) =>
  vi.spyOn(ctx.app.clock, 'now').mockReturnValue(new Date(Date.parse(startsAt) + ms));

/** Every slot of the next `days` days by vendor-local date (from the public slots endpoint). */
async function slotDays(serviceId: string, days = 6) {
  const res = await ctx.app.inject({
    method: 'GET',
    url: `/v1/services/${serviceId}/slots?days=${days}`,
  });
  expect(res.statusCode).toBe(200);
  return res.json().data.days as { date: string; slots: SlotDto[] }[];
}

/** Free slots starting at least `minAheadMs` from the real now, soonest first. */
async function freeSlots(serviceId: string, minAheadMs: number) {
  return (await slotDays(serviceId))
    .flatMap((d) => d.slots)
    .filter((s) => s.available && Date.parse(s.startsAt) >= Date.now() + minAheadMs);
}

/** Books and pays `startsAt` for `customer`; returns the order. */
async function paidAt(customer: TestUser, vendor: TestVendor, startsAt: string) {
  const created = await book(ctx, customer, vendor.serviceId, startsAt);
  expect(created.statusCode).toBe(201);
  const order = created.json().data;
  expect((await pay(ctx, customer, order.id)).statusCode).toBe(200);
  return order as { id: string; startsAt: string; total: { amount: number } };
}

/** A paid order the vendor accepted, on a free slot at least `minAheadMs` ahead. */
async function acceptedOrder(vendor: TestVendor, minAheadMs = 3 * DAY) {
  const customer = await createCustomer(ctx, 'Cora Customer');
  const [slot] = await freeSlots(vendor.serviceId, minAheadMs);
  const order = await paidAt(customer, vendor, slot!.startsAt);
  expect((await transition(vendor.token, order.id, 'accept')).statusCode).toBe(200);
  await ctx.drain();
  return { customer, order };
}

/** What the provider refunded of the order's payment (sandbox fake bank), via the admin view. */
async function refundedByProvider(paymentId: string) {
  const res = await get(admin.token, `/v1/admin/payments/${paymentId}`);
  expect(res.statusCode).toBe(200);
  return (res.json().data.providerEvents as { type: string; amount: number }[])
    .filter((e) => e.type === 'refund')
    .reduce((sum, e) => sum + e.amount, 0);
}

// ─── cancellation: quote and cancel, one policy ─────────────────────────────────────────────

describe('GET /v1/orders/{id}/cancellation and cancel, each refund band at its boundary', () => {
  let vendor: TestVendor;
  beforeAll(async () => {
    vendor = await createVendor(ctx, { price: 10_000 }); // $100.00 + $5.00 fee
  });

  // [when, ms relative to the slot, band, allowed, refund in cents of the $105.00 total]
  const cases: [string, number, string, boolean, number][] = [
    ['exactly 24 h before', -DAY, 'early', true, 10_500],
    ['24 h before + 1 ms', -DAY + 1, 'late', true, 5_000],
    ['1 ms before the start', -1, 'late', true, 5_000],
    ['at the start', 0, 'started', false, 0],
  ];
  for (const [when, offset, band, allowed, refund] of cases) {
    it(`customer, ${when}: ${band} — quote ${refund}, and the cancel refunds exactly that`, async () => {
      const { customer, order } = await acceptedOrder(vendor);
      clockAt(order.startsAt, offset);
      const q = await quote(customer.token, order.id);
      expect(q.statusCode).toBe(200);
      expect(q.json().data).toMatchObject({
        allowed,
        band,
        refund: { amount: refund, currency: 'USD' },
      });
      const res = await transition(customer.token, order.id, 'cancel');
      if (!allowed) {
        expect(res.statusCode).toBe(409);
        expect(res.json().error.code).toBe('cancel_too_late');
        return;
      }
      expect(res.statusCode).toBe(200);
      await ctx.drain();
      const after = await detail(customer.token, order.id);
      expect(await refundedByProvider(after.payment.id)).toBe(refund);
      // The order page says how much came back (a partial refund is not shown as a full one).
      expect(after.payment.amountRefunded).toEqual({ amount: refund, currency: 'USD' });
      expect(after.events.at(-2).note).toContain(q.json().data.label);
    });
  }

  it('the late quote says what it is in words: 50 % of the service price, fee kept, until the start', async () => {
    const { customer, order } = await acceptedOrder(vendor);
    clockAt(order.startsAt, -2 * HOUR);
    const q = (await quote(customer.token, order.id)).json().data;
    expect(q).toEqual({
      allowed: true,
      band: 'late',
      label: 'cancelling within 24 hours of the start',
      reason:
        'You get back $50.00 (50 % of the service price): cancelling within 24 hours of the start. The booking fee is kept.',
      refund: { amount: 5_000, currency: 'USD' },
      share: { of: 'subtotal', bps: 5_000 },
      money: 'refund',
      deadline: order.startsAt,
    });
  });

  it('quote equals what cancel refunds at any time (fast-check), and every order’s ledger balances', async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: -3 * DAY, max: HOUR }), async (offset) => {
        const { customer, order } = await acceptedOrder(vendor, 4 * DAY);
        clockAt(order.startsAt, offset);
        const q = (await quote(customer.token, order.id)).json().data;
        const res = await transition(customer.token, order.id, 'cancel');
        expect(res.statusCode).toBe(q.allowed ? 200 : 409);
        await ctx.drain();
        const payment = (await detail(customer.token, order.id)).payment;
        expect(await refundedByProvider(payment.id)).toBe(q.allowed ? q.refund.amount : 0);
        expect(await unbalancedOrders(ctx.app.db)).toEqual([]);
        vi.restoreAllMocks();
      }),
      { numRuns: 6 },
    );
  }, 120_000);

  it('a vendor cancellation refunds in full, even within 24 h, and both sides are told', async () => {
    const { customer, order } = await acceptedOrder(vendor);
    clockAt(order.startsAt, -2 * HOUR); // the customer's own cancel would give back 50 %
    const q = (await quote(vendor.token, order.id)).json().data;
    expect(q).toMatchObject({ band: 'by_vendor', refund: { amount: 10_500 } });
    const res = await transition(vendor.token, order.id, 'cancel', { reason: 'Van broke down' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.status).toBe('cancelled');
    await ctx.drain();
    const after = await detail(customer.token, order.id);
    expect(after.status).toBe('refunded');
    expect(await refundedByProvider(after.payment.id)).toBe(10_500);
    const told = (await inbox(customer)).find((n) => n.type === 'order.cancelled');
    expect(told?.body).toMatch(/cancelled your booking .+ A refund of \$105\.00 is on its way\.$/);
    expect(await unbalancedOrders(ctx.app.db)).toEqual([]);
  });

  it('a customer cancel tells the pro and the customer', async () => {
    const { customer, order } = await acceptedOrder(vendor);
    clockAt(order.startsAt, -3 * DAY);
    expect((await transition(customer.token, order.id, 'cancel')).statusCode).toBe(200);
    await ctx.drain();
    expect(
      (await inbox(vendor)).some((n) => n.link?.includes(order.id) && n.type === 'order.cancelled'),
    ).toBe(true);
    const mine = (await inbox(customer)).find((n) => n.type === 'order.cancelled');
    expect(mine?.body).toContain('A refund of $105.00 is on its way.');
  });

  it('no quote for an order that cannot be cancelled, and none for strangers', async () => {
    const { customer, order } = await acceptedOrder(vendor);
    const stranger = await createCustomer(ctx);
    expect((await quote(stranger.token, order.id)).statusCode).toBe(404);
    await transition(customer.token, order.id, 'cancel');
    const again = await quote(customer.token, order.id);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('invalid_transition');
  });
});

// ─── reschedule ─────────────────────────────────────────────────────────────────────────────

describe('POST /v1/orders/{id}/reschedule and the pro’s answer', () => {
  let vendor: TestVendor;
  beforeAll(async () => {
    vendor = await createVendor(ctx, { businessName: 'Moving Pipes' });
  });
  const reschedule = (token: string, id: string, startsAt: string) =>
    post(token, `/v1/orders/${id}/reschedule`, { startsAt });

  it('moves a booking to a free slot: previous slot kept, the pro notified, slots updated', async () => {
    const { customer, order } = await acceptedOrder(vendor);
    const target = (await freeSlots(vendor.serviceId, 3 * DAY)).find(
      (s) => s.startsAt !== order.startsAt,
    )!;
    const res = await reschedule(customer.token, order.id, target.startsAt);
    expect(res.statusCode).toBe(200);
    const moved = res.json().data;
    expect(moved).toMatchObject({ status: 'accepted', startsAt: target.startsAt });
    expect(moved.reschedule).toMatchObject({ previousStartsAt: order.startsAt });
    const [row] = await ctx.app.db.select().from(orders).where(eq(orders.id, order.id));
    expect(row!.previousStartsAt?.toISOString()).toBe(order.startsAt);
    expect(row!.rescheduledAt).not.toBeNull();
    expect(moved.events.at(-1).note).toMatch(/^Moved from .+ to .+$/);
    await ctx.drain();
    const told = (await inbox(vendor)).find(
      (n) => n.type === 'order.rescheduled' && n.link?.includes(order.id),
    );
    expect(told?.body).toMatch(
      /^Cora Customer moved Leak repair from .+ to .+\. Confirm the new time/,
    );
    const free = (await slotDays(vendor.serviceId)).flatMap((d) => d.slots);
    expect(free.find((s) => s.startsAt === order.startsAt)?.available).toBe(true);
    expect(free.find((s) => s.startsAt === target.startsAt)?.available).toBe(false);
  });

  it('refuses a taken slot with 409 slot_taken and changes nothing', async () => {
    const { customer, order } = await acceptedOrder(vendor);
    const other = await acceptedOrder(vendor);
    const res = await reschedule(customer.token, order.id, other.order.startsAt);
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toEqual({
      message: 'That time is already taken. Pick another free time',
      code: 'slot_taken',
    });
    expect((await detail(customer.token, order.id)).startsAt).toBe(order.startsAt);
  });

  it('refuses after the cut-off (24 h before the start), allows it exactly at it', async () => {
    const { customer, order } = await acceptedOrder(vendor);
    const target = (await freeSlots(vendor.serviceId, 3 * DAY)).find(
      (s) => s.startsAt !== order.startsAt,
    )!;
    clockAt(order.startsAt, -DAY + 1);
    const late = await reschedule(customer.token, order.id, target.startsAt);
    expect(late.statusCode).toBe(409);
    expect(late.json().error.code).toBe('reschedule_too_late');
    expect(late.json().error.message).toMatch(/^Bookings can be moved until .+, 24 hours before/);
    clockAt(order.startsAt, -DAY);
    expect((await reschedule(customer.token, order.id, target.startsAt)).statusCode).toBe(200);
  });

  it('refuses a time off the grid, the same time, and the pro moving it', async () => {
    const { customer, order } = await acceptedOrder(vendor);
    const offGrid = new Date(Date.parse(order.startsAt) + 7 * MIN).toISOString();
    expect((await reschedule(customer.token, order.id, offGrid)).json().error.code).toBe(
      'invalid_slot',
    );
    expect((await reschedule(customer.token, order.id, order.startsAt)).statusCode).toBe(400);
    const byVendor = await reschedule(vendor.token, order.id, offGrid);
    expect(byVendor.statusCode).toBe(403);
  });

  it('the pro declines the new time: back to the previous slot, the customer told', async () => {
    const { customer, order } = await acceptedOrder(vendor);
    const target = (await freeSlots(vendor.serviceId, 3 * DAY)).find(
      (s) => s.startsAt !== order.startsAt,
    )!;
    expect((await reschedule(customer.token, order.id, target.startsAt)).statusCode).toBe(200);
    expect(
      (await post(customer.token, `/v1/orders/${order.id}/reschedule/decline`)).statusCode,
    ).toBe(403);
    const res = await post(vendor.token, `/v1/orders/${order.id}/reschedule/decline`);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      status: 'accepted',
      startsAt: order.startsAt,
      reschedule: null,
    });
    await ctx.drain();
    const told = (await inbox(customer)).find((n) => n.type === 'order.reschedule_restored');
    expect(told?.body).toMatch(
      /^Moving Pipes can't make .+, so your booking for Leak repair is back to .+\.$/,
    );
    const again = await post(vendor.token, `/v1/orders/${order.id}/reschedule/decline`);
    expect(again.json().error.code).toBe('no_pending_reschedule');
  });

  it('declined when the previous slot was taken meanwhile: cancelled with a full refund', async () => {
    const { customer, order } = await acceptedOrder(vendor);
    const target = (await freeSlots(vendor.serviceId, 3 * DAY)).find(
      (s) => s.startsAt !== order.startsAt,
    )!;
    expect((await reschedule(customer.token, order.id, target.startsAt)).statusCode).toBe(200);
    await paidAt(await createCustomer(ctx), vendor, order.startsAt); // someone takes the old time
    const res = await post(vendor.token, `/v1/orders/${order.id}/reschedule/decline`);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.status).toBe('cancelled');
    await ctx.drain();
    const after = await detail(customer.token, order.id);
    expect(after.status).toBe('refunded');
    expect(await refundedByProvider(after.payment.id)).toBe(order.total.amount);
  });

  it('the pro confirms the new time: the pending change is cleared', async () => {
    const { customer, order } = await acceptedOrder(vendor);
    const target = (await freeSlots(vendor.serviceId, 3 * DAY)).find(
      (s) => s.startsAt !== order.startsAt,
    )!;
    await reschedule(customer.token, order.id, target.startsAt);
    const res = await post(vendor.token, `/v1/orders/${order.id}/reschedule/confirm`);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ startsAt: target.startsAt, reschedule: null });
  });
});

// ─── waitlist ───────────────────────────────────────────────────────────────────────────────

describe('waitlist of a fully booked day', () => {
  let vendor: TestVendor;
  /** A day at least two days ahead with its two slots (10:00 and 11:00 New York). */
  let day: { date: string; slots: SlotDto[] };
  beforeAll(async () => {
    vendor = await createVendor(ctx, {
      businessName: 'Busy Bees',
      hours: [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({
        weekday,
        startMinute: 10 * 60,
        endMinute: 12 * 60,
      })),
    });
    day = (await slotDays(vendor.serviceId)).find(
      (d) => d.slots.length === 2 && Date.parse(d.slots[0]!.startsAt) > Date.now() + 2 * DAY,
    )!;
  });
  const join = (user: TestUser, date: string) =>
    post(user.token, `/v1/services/${vendor.serviceId}/waitlist`, { date });
  const mine = async (user: TestUser) =>
    (await get(user.token, `/v1/waitlist?serviceId=${vendor.serviceId}`)).json().data as {
      status: string;
      date: string;
      offer: { startsAt: string; expiresAt: string } | null;
    }[];

  it('offers a freed slot to the first in line, holds it from others, passes it on at expiry', async () => {
    const early = await createCustomer(ctx, 'Early Bird');
    // Not full yet: book a free time instead.
    const notFull = await join(early, day.date);
    expect(notFull.statusCode).toBe(409);
    expect(notFull.json().error.code).toBe('day_not_full');

    const [a, b] = [await createCustomer(ctx, 'Ann'), await createCustomer(ctx, 'Ben')];
    const first = await paidAt(a, vendor, day.slots[0]!.startsAt);
    await paidAt(b, vendor, day.slots[1]!.startsAt);

    const second = await createCustomer(ctx, 'Second Sam');
    const third = await createCustomer(ctx, 'Third Tia');
    const joined = await join(early, day.date);
    expect(joined.statusCode).toBe(201);
    expect(joined.json().data).toMatchObject({ status: 'waiting', date: day.date, offer: null });
    expect((await join(early, day.date)).json().data.id).toBe(joined.json().data.id); // once
    expect((await join(second, day.date)).statusCode).toBe(201);
    expect((await join(third, day.date)).statusCode).toBe(201);
    expect((await join(vendor, day.date)).statusCode).toBe(403);

    // Ann cancels: the first in line is offered her slot for 15 minutes.
    const t0 = Date.now();
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(t0);
    expect((await transition(a.token, first.id, 'cancel')).statusCode).toBe(200);
    const [offer] = await mine(early);
    expect(offer).toMatchObject({
      status: 'offered',
      offer: { startsAt: first.startsAt, expiresAt: new Date(t0 + 15 * MIN).toISOString() },
    });
    expect((await mine(second))[0]!.status).toBe('waiting');
    await ctx.drain();
    const notice = (await inbox(early)).find((n) => n.type === 'waitlist.offered');
    expect(notice?.link).toBe(
      `/user/services/vendor/${vendor.vendorId}/service/checkout?serviceId=${vendor.serviceId}&startsAt=${encodeURIComponent(first.startsAt)}`,
    );
    const [mail] = await ctx.app.db
      .select()
      .from(outbox)
      .where(
        and(
          eq(outbox.kind, 'mail'),
          eq(
            outbox.idempotencyKey,
            `waitlist:${joined.json().data.id}:offer:${new Date(t0 + 15 * MIN).toISOString()}:mail`,
          ),
        ),
      );
    expect((mail!.payload as { to: string }).to).toBe(early.email);

    // The held slot is taken for everyone else…
    const held = (await slotDays(vendor.serviceId)).flatMap((d) => d.slots);
    expect(held.find((s) => s.startsAt === first.startsAt)?.available).toBe(false);
    const intruder = await book(ctx, third, vendor.serviceId, first.startsAt);
    expect(intruder.statusCode).toBe(409);
    expect(intruder.json().error.code).toBe('slot_taken');

    // …and not before 15 minutes, the expiry job is not due.
    vi.setSystemTime(t0 + 15 * MIN - 1000);
    await ctx.drain();
    expect((await mine(early))[0]!.status).toBe('offered');

    // At 15 minutes it expires and the next in line gets the slot.
    vi.setSystemTime(t0 + 15 * MIN + 1000);
    await ctx.drain();
    expect(await mine(early)).toEqual([]);
    const [passed] = await mine(second);
    expect(passed).toMatchObject({ status: 'offered', offer: { startsAt: first.startsAt } });
    expect((await inbox(early)).some((n) => n.type === 'waitlist.expired')).toBe(true);

    // Booking the offered slot marks the entry booked.
    const booked = await book(ctx, second, vendor.serviceId, first.startsAt);
    expect(booked.statusCode).toBe(201);
    expect(await mine(second)).toEqual([]);
    expect((await mine(third))[0]!.status).toBe('waiting');
  });

  it('leaving releases an offered slot to the next in line; leaving twice is a 404', async () => {
    const later = (await slotDays(vendor.serviceId)).find(
      (d) => d.date > day.date && d.slots.length === 2,
    )!;
    const [a, b] = [await createCustomer(ctx), await createCustomer(ctx)];
    const first = await paidAt(a, vendor, later.slots[0]!.startsAt);
    await paidAt(b, vendor, later.slots[1]!.startsAt);
    const [x, y] = [await createCustomer(ctx), await createCustomer(ctx)];
    await join(x, later.date);
    await join(y, later.date);
    await transition(a.token, first.id, 'cancel');
    expect((await mine(x))[0]!.status).toBe('offered');
    const left = await ctx.app.inject({
      method: 'DELETE',
      url: `/v1/services/${vendor.serviceId}/waitlist?date=${later.date}`,
      headers: bearer(x.token),
    });
    expect(left.statusCode).toBe(200);
    expect(left.json().data.status).toBe('left');
    expect((await mine(y))[0]).toMatchObject({
      status: 'offered',
      offer: { startsAt: first.startsAt },
    });
    const again = await ctx.app.inject({
      method: 'DELETE',
      url: `/v1/services/${vendor.serviceId}/waitlist?date=${later.date}`,
      headers: bearer(x.token),
    });
    expect(again.statusCode).toBe(404);
  });

  it('refuses a day the pro does not work and a day that has passed', async () => {
    const closedVendor = await createVendor(ctx, {
      hours: [{ weekday: 1, startMinute: 600, endMinute: 660 }],
    });
    const c = await createCustomer(ctx);
    const days = await slotDays(closedVendor.serviceId, 7);
    const closed = days.find((d) => d.slots.length === 0)!;
    const res = await post(c.token, `/v1/services/${closedVendor.serviceId}/waitlist`, {
      date: closed.date,
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('day_closed');
    const past = await post(c.token, `/v1/services/${closedVendor.serviceId}/waitlist`, {
      date: '2020-01-01',
    });
    expect(past.statusCode).toBe(400);
  });
});

// ─── tips ───────────────────────────────────────────────────────────────────────────────────

describe('POST /v1/orders/{id}/tip after completion', () => {
  let vendor: TestVendor;
  beforeAll(async () => {
    vendor = await createVendor(ctx, { businessName: 'Tip Top', price: 8_000 });
  });

  /** An order taken through accept → start (with the customer's code) → complete. */
  async function completedOrder() {
    const { customer, order } = await acceptedOrder(vendor, 2 * HOUR);
    const code = (await detail(customer.token, order.id)).startCode as string;
    clockAt(order.startsAt, -10 * MIN);
    expect(
      (await transition(vendor.token, order.id, 'start', { startCode: code })).statusCode,
    ).toBe(200);
    expect((await transition(vendor.token, order.id, 'complete')).statusCode).toBe(200);
    // The tip comes after the job: the clock stays past the slot (timeline events carry it).
    clockAt(order.startsAt, 3 * HOUR);
    await ctx.drain();
    return { customer, order };
  }

  const tip = (user: TestUser, orderId: string, payload: object) =>
    post(user.token, `/v1/orders/${orderId}/tip`, payload);
  const confirm = (user: TestUser, paymentId: string, key: string) =>
    post(
      user.token,
      `/v1/payments/${paymentId}/confirm`,
      { card: GOOD_CARD },
      { 'idempotency-key': key },
    );

  it('charges the provider once (idempotent) and posts the whole tip to the vendor', async () => {
    const { customer, order } = await completedOrder();
    const before = (await vendorBalance(ctx.app.db, vendor.vendorId))[0]?.amount ?? 0;
    const started = await tip(customer, order.id, { amount: 1_500, currency: 'USD' });
    expect(started.statusCode).toBe(200);
    const payment = started.json().data;
    expect(payment).toMatchObject({
      status: 'requires_payment',
      amount: { amount: 1_500, currency: 'USD' },
    });
    // Asking again with the same amount resumes the same attempt.
    expect((await tip(customer, order.id, { amount: 1_500 })).json().data.id).toBe(payment.id);

    const results = await Promise.all([
      confirm(customer, payment.id, 'tip-1'),
      confirm(customer, payment.id, 'tip-1'),
    ]);
    for (const r of results) expect([200, 409]).toContain(r.statusCode);
    expect(results.some((r) => r.statusCode === 200)).toBe(true);
    const replay = await confirm(customer, payment.id, 'tip-1');
    expect(replay.statusCode).toBe(200);
    expect(replay.json().data.payment.status).toBe('authorized');
    await ctx.drain();

    const bank = await ctx.app.db
      .select()
      .from(sandboxBankEvents)
      .where(
        and(eq(sandboxBankEvents.paymentId, payment.id), eq(sandboxBankEvents.status, 'succeeded')),
      );
    expect(bank.map((e) => [e.type, e.amount]).sort()).toEqual([
      ['authorization', 1_500],
      ['capture', 1_500],
    ]);
    const lines = await ctx.app.db
      .select()
      .from(ledgerEntries)
      .where(eq(ledgerEntries.paymentId, payment.id));
    expect(lines.map((l) => [l.account, l.amount, l.kind]).sort()).toEqual([
      ['customer_card', 1_500, 'tip'],
      ['vendor_payable', -1_500, 'tip'],
    ]);
    expect(await unbalancedOrders(ctx.app.db)).toEqual([]);
    const after = (await vendorBalance(ctx.app.db, vendor.vendorId))[0]!.amount;
    expect(after - before).toBe(1_500);

    const shown = await detail(customer.token, order.id);
    expect(shown.tip).toMatchObject({ id: payment.id, status: 'captured' });
    expect(shown.payment.id).not.toBe(payment.id); // the booking's own payment is unchanged
    expect(shown.events.at(-1).note).toBe('Tip of $15.00 sent (card ending 4242)');
    // Named as a tip on the timeline, not as a second "completed"; the completion stays one.
    expect(
      shown.events.map((e: { kind: string }) => e.kind).filter((k: string) => k === 'tip'),
    ).toHaveLength(1);
    expect(shown.events.at(-1).kind).toBe('tip');
    expect(
      shown.events.filter(
        (e: { status: string; kind: string }) => e.status === 'completed' && e.kind === 'status',
      ),
    ).toHaveLength(1);
    expect((await inbox(vendor)).some((n) => n.title === 'You received a $15.00 tip')).toBe(true);

    const twice = await tip(customer, order.id, { amount: 500 });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error.code).toBe('already_tipped');
  });

  it('refuses a tip on an order that is not completed, out of bounds, in another currency, or by others', async () => {
    const { customer, order } = await acceptedOrder(vendor);
    const early = await tip(customer, order.id, { amount: 500 });
    expect(early.statusCode).toBe(409);
    expect(early.json().error).toEqual({
      message: 'You can tip once the job is completed',
      code: 'order_not_tippable',
    });
    const done = await completedOrder();
    const small = await tip(done.customer, done.order.id, { amount: 99 });
    expect(small.statusCode).toBe(400);
    expect(small.json().error.message).toBe('A tip must be at least $1.00');
    const large = await tip(done.customer, done.order.id, { amount: 8_001 });
    expect(large.json().error.message).toBe('A tip can be at most $80.00 for this booking');
    const euros = await tip(done.customer, done.order.id, { amount: 500, currency: 'EUR' });
    expect(euros.json().error.code).toBe('invalid_tip');
    expect((await tip(vendor, done.order.id, { amount: 500 })).statusCode).toBe(404);
    expect((await tip(customer, done.order.id, { amount: 500 })).statusCode).toBe(404);
  });
});

// ─── tips on Stripe ─────────────────────────────────────────────────────────────────────────

describe('a tip with PAYMENT_PROVIDER=stripe (local fake of the Stripe API)', () => {
  const fake = new StripeFake();
  let sctx: TestContext;
  beforeAll(async () => {
    const at = await fake.start();
    sctx = await createTestContext({
      paymentProvider: 'stripe',
      stripe: {
        secretKey: 'sk_test_vetted',
        publishableKey: 'pk_test_vetted',
        webhookSecret: 'whsec_test_secret',
        ...at,
      },
    });
  });
  afterAll(async () => {
    await sctx?.close();
    await fake.stop();
  });

  it('prepares a manual-capture PaymentIntent for the tip, confirms it like checkout and captures it', async () => {
    const send = (token: string, url: string, payload: object = {}) =>
      sctx.app.inject({ method: 'POST', url, headers: bearer(token), payload });
    const vendor = await createVendor(sctx, { price: 20_000 });
    const customer = await createCustomer(sctx);
    const [slot] = (
      await sctx.app.inject({ method: 'GET', url: `/v1/services/${vendor.serviceId}/slots?days=3` })
    )
      .json()
      .data.days.flatMap((d: { slots: SlotDto[] }) => d.slots)
      .filter((s: SlotDto) => s.available);
    const order = (await book(sctx, customer, vendor.serviceId, slot.startsAt)).json().data;
    const checkout = (
      await send(customer.token, '/v1/payments/initialize', { orderId: order.id })
    ).json().data;
    fake.confirm(fake.intentFor(checkout.id)!.id, '4242');
    expect((await send(customer.token, `/v1/payments/${checkout.id}/confirm`)).statusCode).toBe(
      200,
    );
    expect(
      (await send(vendor.token, `/v1/orders/${order.id}/transitions`, { action: 'accept' }))
        .statusCode,
    ).toBe(200);
    await sctx.drain();
    const code = (
      await sctx.app.inject({
        method: 'GET',
        url: `/v1/orders/${order.id}`,
        headers: bearer(customer.token),
      })
    ).json().data.startCode;
    vi.spyOn(sctx.app.clock, 'now').mockReturnValue(new Date(Date.parse(order.startsAt) - 5 * MIN));
    await send(vendor.token, `/v1/orders/${order.id}/transitions`, {
      action: 'start',
      startCode: code,
    });
    await send(vendor.token, `/v1/orders/${order.id}/transitions`, { action: 'complete' });
    vi.restoreAllMocks();

    const tipRes = await send(customer.token, `/v1/orders/${order.id}/tip`, { amount: 2_000 });
    expect(tipRes.statusCode).toBe(200);
    const tipPayment = tipRes.json().data;
    const intent = fake.intentFor(tipPayment.id)!;
    expect(intent).toMatchObject({ amount: 2_000, capture_method: 'manual' });
    expect(tipPayment).toMatchObject({
      provider: 'stripe',
      clientSecret: intent.client_secret,
      publishableKey: 'pk_test_vetted',
    });
    fake.confirm(intent.id, '4242');
    const confirmed = await send(customer.token, `/v1/payments/${tipPayment.id}/confirm`);
    expect(confirmed.statusCode).toBe(200);
    await sctx.drain();
    const captures = fake.calls('POST', new RegExp(`^/v1/payment_intents/${intent.id}/capture$`));
    expect(captures.map((c) => c.idempotencyKey)).toEqual([`payment:${tipPayment.id}:capture`]);
    const lines = await sctx.app.db
      .select()
      .from(ledgerEntries)
      .where(eq(ledgerEntries.paymentId, tipPayment.id));
    expect(lines.map((l) => [l.account, l.amount]).sort()).toEqual([
      ['customer_card', 2_000],
      ['vendor_payable', -2_000],
    ]);
    expect(await unbalancedOrders(sctx.app.db)).toEqual([]);
  });
});
