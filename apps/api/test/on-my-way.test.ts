import type { OrderStatus } from '@vetted/contract';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  currentOnMyWay,
  decideOnMyWay,
  ON_MY_WAY_OPENS_MS,
  type OrderRole,
} from '../src/domains/orders/policy';
import {
  bearer,
  createAdmin,
  createCustomer,
  createVendor,
  paidOrder,
  type TestUser,
  type TestVendor,
} from './fixtures';
import { createTestContext, type TestContext } from './helpers';

/*
 * "On my way": the window rule as a table, then through HTTP on a real database — the pro's
 * message with its ETA on the order, the customer's notice and the live order event, the
 * window's edges, the body's bounds, and who may send it.
 */

const MIN = 60_000;
const HOUR = 60 * MIN;

// ─── the rule ────────────────────────────────────────────────────────────────────────────────

describe('policy: when "On my way" may be sent', () => {
  const startsAt = new Date('2026-12-01T17:00:00.000Z');
  const endsAt = new Date('2026-12-01T18:00:00.000Z');
  const at = (ms: number) => new Date(startsAt.getTime() + ms);
  const cases: [string, OrderRole, OrderStatus, Date, string][] = [
    ['pro, accepted, 1 h before', 'vendor', 'accepted', at(-HOUR), 'ok'],
    ['pro, exactly 3 h before (opens)', 'vendor', 'accepted', at(-3 * HOUR), 'ok'],
    ['pro, 3 h 1 min before', 'vendor', 'accepted', at(-3 * HOUR - MIN), 'too_early'],
    ['pro, at the start', 'vendor', 'accepted', startsAt, 'ok'],
    ['pro, 1 min before the end', 'vendor', 'accepted', at(59 * MIN), 'ok'],
    ['pro, at the end', 'vendor', 'accepted', endsAt, 'too_late'],
    ['admin for the pro', 'admin', 'accepted', at(-HOUR), 'ok'],
    ['customer', 'customer', 'accepted', at(-HOUR), 'wrong_actor'],
    ['pro, not accepted yet', 'vendor', 'paid', at(-HOUR), 'invalid_state'],
    ['pro, job started', 'vendor', 'in_progress', at(-HOUR), 'invalid_state'],
    ['pro, cancelled', 'vendor', 'cancelled', at(-HOUR), 'invalid_state'],
  ];
  it.each(cases)('%s', (_name, role, status, now, expected) => {
    const verdict = decideOnMyWay({ role, order: { status, startsAt, endsAt }, now });
    expect(verdict.ok ? 'ok' : verdict.reason).toBe(expected);
    if (!verdict.ok && verdict.reason === 'too_early') {
      expect(verdict.opens).toEqual(new Date(startsAt.getTime() - ON_MY_WAY_OPENS_MS));
    }
  });

  it('shows a stored message only while accepted and sent in the current slot’s window', () => {
    const base = { status: 'accepted' as const, startsAt, endsAt, onMyWayEtaMinutes: 20 };
    expect(currentOnMyWay({ ...base, onMyWayAt: at(-HOUR) })).toEqual({
      at: at(-HOUR),
      etaMinutes: 20,
    });
    expect(currentOnMyWay({ ...base, onMyWayAt: null })).toBeNull();
    expect(currentOnMyWay({ ...base, status: 'in_progress', onMyWayAt: at(-HOUR) })).toBeNull();
    // Sent for an earlier slot of the order (moved since): not shown for this one.
    expect(currentOnMyWay({ ...base, onMyWayAt: at(-26 * HOUR) })).toBeNull();
  });
});

// ─── through HTTP ────────────────────────────────────────────────────────────────────────────

let ctx: TestContext;
let vendor: TestVendor;
let otherVendor: TestVendor;
let admin: TestUser;

const ZONE = 'America/Los_Angeles';

beforeAll(async () => {
  ctx = await createTestContext();
  vendor = await createVendor(ctx, { businessName: 'Lee Plumbing', timeZone: ZONE });
  otherVendor = await createVendor(ctx, { businessName: 'Other Pros', timeZone: ZONE });
  admin = await createAdmin(ctx);
});
afterAll(async () => ctx?.close());
afterEach(() => vi.restoreAllMocks());

const onMyWay = (id: string, payload: unknown, token?: string) =>
  ctx.app.inject({
    method: 'POST',
    url: `/v1/orders/${id}/on-my-way`,
    headers: token ? bearer(token) : {},
    payload: payload as object,
  });

const transition = (token: string, id: string, action: string, extra: object = {}) =>
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

/** The customer's notifications of type `order.on_my_way`, newest first. */
const onMyWayNotices = async (token: string) => {
  const res = await ctx.app.inject({
    method: 'GET',
    url: '/v1/notifications',
    headers: bearer(token),
  });
  expect(res.statusCode).toBe(200);
  return (
    res.json().data.items as { type: string; title: string; body: string; link: string }[]
  ).filter((n) => n.type === 'order.on_my_way');
};

/** Sets the API's clock to `ms` after (negative: before) `startsAt`. */
const clockAt = (startsAt: string, ms: number) =>
  vi.spyOn(ctx.app.clock, 'now').mockReturnValue(new Date(Date.parse(startsAt) + ms));

/** Collects the realtime events pushed to `userId` on the events bus. */
function listen(userId: string) {
  const seen: { type: string; data?: unknown }[] = [];
  const stop = ctx.app.events.subscribe<{ type: string; data?: unknown }>(`user:${userId}`, (e) => {
    seen.push(e);
  });
  return { seen, stop };
}

/**
 * A new pro in Los Angeles with one slot a day, 9:00 AM local: "On my way" opens at 6:00 AM,
 * and an ETA sent at 8:00 AM reads in that zone.
 */
const nineAmVendor = () =>
  createVendor(ctx, {
    businessName: 'Lee Plumbing',
    timeZone: ZONE,
    hours: [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({
      weekday,
      startMinute: 9 * 60,
      endMinute: 10 * 60,
    })),
  });

/** An accepted order of a fresh customer with `v`. */
async function acceptedOrder(v: TestVendor = vendor) {
  const { customer, order } = await paidOrder(ctx, v);
  expect((await transition(v.token, order.id, 'accept')).statusCode).toBe(200);
  return { customer, order: order as { id: string; startsAt: string; endsAt: string } };
}

describe('POST /v1/orders/{id}/on-my-way', () => {
  it('puts the ETA on the order, tells the customer and updates both open order pages live', async () => {
    const pro = await nineAmVendor();
    const { customer, order } = await acceptedOrder(pro);
    expect((await detail(customer.token, order.id)).onMyWay).toBeNull();
    clockAt(order.startsAt, -HOUR);
    await ctx.drain(); // the accept's own events first
    const live = listen(customer.id);

    const res = await onMyWay(order.id, { etaMinutes: 20 }, pro.token);
    expect(res.statusCode).toBe(200);
    const sentAt = new Date(Date.parse(order.startsAt) - HOUR).toISOString();
    expect(res.json().data.onMyWay).toEqual({ at: sentAt, etaMinutes: 20 });
    expect((await detail(customer.token, order.id)).onMyWay).toEqual({
      at: sentAt,
      etaMinutes: 20,
    });

    await ctx.drain();
    // The order frame that makes the customer's open page re-read the order, and the notice.
    await vi.waitFor(() => {
      expect(live.seen).toContainEqual({
        type: 'order',
        data: { id: order.id, status: 'accepted' },
      });
      expect(live.seen).toContainEqual(
        expect.objectContaining({
          type: 'notification',
          data: expect.objectContaining({ type: 'order.on_my_way' }),
        }),
      );
    });
    live.stop();
    const [notice] = await onMyWayNotices(customer.token);
    expect(notice!.title).toBe('Lee Plumbing is on the way');
    // 9:00 AM slot, sent at 8:00 AM with 20 minutes: around 8:20 AM in the job's zone.
    expect(notice!.body).toMatch(
      /^Lee Plumbing is on the way — about 20 min \(around 8:20\sAM\)\.$/,
    );
    expect(notice!.link).toContain(order.id);
    // Nothing for the pro, who sent it.
    expect(await onMyWayNotices(pro.token)).toHaveLength(0);
  });

  it('replaces the ETA when sent again, notifying each time; the job’s start ends it', async () => {
    const { customer, order } = await acceptedOrder();
    clockAt(order.startsAt, -2 * HOUR);
    expect((await onMyWay(order.id, { etaMinutes: 60 }, vendor.token)).statusCode).toBe(200);
    clockAt(order.startsAt, -30 * MIN);
    const again = await onMyWay(order.id, { etaMinutes: 10 }, vendor.token);
    expect(again.statusCode).toBe(200);
    expect(again.json().data.onMyWay).toEqual({
      at: new Date(Date.parse(order.startsAt) - 30 * MIN).toISOString(),
      etaMinutes: 10,
    });
    await ctx.drain();
    const notices = await onMyWayNotices(customer.token);
    expect(notices.map((n) => n.body.match(/about (\d+) min/)![1])).toEqual(['10', '60']);

    const code = (await detail(customer.token, order.id)).startCode as string;
    expect(
      (await transition(vendor.token, order.id, 'start', { startCode: code })).statusCode,
    ).toBe(200);
    expect((await detail(customer.token, order.id)).onMyWay).toBeNull();
    // Started: nothing more to announce.
    const late = await onMyWay(order.id, { etaMinutes: 5 }, vendor.token);
    expect(late.statusCode).toBe(409);
    expect(late.json().error.code).toBe('invalid_transition');
  });

  it('opens 3 hours before the start and closes at the end of the slot', async () => {
    const pro = await nineAmVendor();
    const { order } = await acceptedOrder(pro);
    clockAt(order.startsAt, -3 * HOUR - MIN);
    const early = await onMyWay(order.id, { etaMinutes: 30 }, pro.token);
    expect(early.statusCode).toBe(409);
    expect(early.json().error.code).toBe('on_my_way_too_early');
    // Says when it opens, in the job's zone: 6:00 AM Los Angeles time.
    expect(early.json().error.message).toMatch(/6:00\sAM/);

    clockAt(order.endsAt, 0);
    const over = await onMyWay(order.id, { etaMinutes: 30 }, pro.token);
    expect(over.statusCode).toBe(409);
    expect(over.json().error.code).toBe('on_my_way_too_late');

    clockAt(order.startsAt, -3 * HOUR);
    expect((await onMyWay(order.id, { etaMinutes: 30 }, pro.token)).statusCode).toBe(200);
  });

  it('refuses a booking the pro has not accepted', async () => {
    const { order } = await paidOrder(ctx, vendor);
    clockAt(order.startsAt, -HOUR);
    const res = await onMyWay(order.id, { etaMinutes: 15 }, vendor.token);
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('invalid_transition');
  });

  it('validates the ETA: whole minutes from 1 to 240', async () => {
    const { customer, order } = await acceptedOrder();
    clockAt(order.startsAt, -HOUR);
    for (const bad of [{ etaMinutes: 0 }, { etaMinutes: 241 }, { etaMinutes: 2.5 }, {}]) {
      const res = await onMyWay(order.id, bad, vendor.token);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.fields).toHaveProperty('etaMinutes');
    }
    expect((await onMyWay(order.id, { etaMinutes: 240 }, vendor.token)).statusCode).toBe(200);
    expect((await onMyWay(order.id, { etaMinutes: 1 }, vendor.token)).statusCode).toBe(200);
    expect((await detail(customer.token, order.id)).onMyWay.etaMinutes).toBe(1);
  });

  it('is the order’s pro’s: 403 for its customer, 404 for another pro or customer, 401 anonymous', async () => {
    const { customer, order } = await acceptedOrder();
    clockAt(order.startsAt, -HOUR);
    const mine = await onMyWay(order.id, { etaMinutes: 20 }, customer.token);
    expect(mine.statusCode).toBe(403);
    expect(mine.json().error.code).toBe('wrong_actor');
    expect((await onMyWay(order.id, { etaMinutes: 20 }, otherVendor.token)).statusCode).toBe(404);
    const stranger = await createCustomer(ctx, 'Sam Stranger');
    expect((await onMyWay(order.id, { etaMinutes: 20 }, stranger.token)).statusCode).toBe(404);
    expect((await onMyWay(order.id, { etaMinutes: 20 })).statusCode).toBe(401);
    expect((await onMyWay(crypto.randomUUID(), { etaMinutes: 20 }, vendor.token)).statusCode).toBe(
      404,
    );
    // Nothing was stored or sent by the refusals.
    expect((await detail(customer.token, order.id)).onMyWay).toBeNull();
    await ctx.drain();
    expect(await onMyWayNotices(customer.token)).toHaveLength(0);
    // Support may send it for the pro.
    expect((await onMyWay(order.id, { etaMinutes: 25 }, admin.token)).statusCode).toBe(200);
  });
});
