import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { orders } from '../src/db/schema';
import { createPlanVisits } from '../src/domains/orders';
import { createPlansService } from '../src/domains/plans';
import { mailsTo } from './auth-helpers';
import {
  availableSlots,
  bearer,
  book,
  createCustomer,
  createVendor,
  GOOD_CARD,
  pay,
  type TestUser,
  type TestVendor,
} from './fixtures';
import { createTestContext, type TestContext } from './helpers';

/*
 * Recurring plans through HTTP on a real database with a fake clock (`vi.setSystemTime`, which
 * the domain clock, the outbox drain and PGlite all read). Each test starts later than the one
 * before and uses its own pro and customer, so jobs an earlier test left queued change nothing.
 */

let ctx: TestContext;

beforeAll(async () => {
  // The fake clock runs months ahead of the tokens' real issue time.
  ctx = await createTestContext({ accessTokenTtlS: 400 * 24 * 3600 });
});
afterAll(async () => ctx?.close());
afterEach(() => vi.useRealTimers());

function clockAt(iso: string) {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(iso));
}

const ADDRESS = '12 Main Street, New York';
/** Stripe's test card that saves fine but declines off-session. */
const OFF_SESSION_DECLINES = { ...GOOD_CARD, number: '4000 0000 0000 0341' };

const send = (user: TestUser | null, method: 'GET' | 'POST', url: string, payload?: object) =>
  ctx.app.inject({ method, url, headers: user ? bearer(user.token) : {}, payload });

/** The hourly `plans.create-visits` pass, as the schedule runs it. */
function createVisitsPass() {
  const { db, clock, config, log, payments } = ctx.app;
  const orderDeps = { db, clock, config, log, payments, geocoder: undefined as never };
  return createPlansService({
    ...orderDeps,
    payments,
    visits: createPlanVisits(orderDeps),
  }).createDueVisits();
}

/** A plan of `customer` with `vendor` from `startsAt`, its first visit paid with `card`. */
async function paidPlan(
  customer: TestUser,
  vendor: TestVendor,
  startsAt: string,
  card = GOOD_CARD,
) {
  const created = await send(customer, 'POST', '/v1/plans', {
    serviceId: vendor.serviceId,
    startsAt,
    frequency: 'weekly',
    address: ADDRESS,
  });
  expect(created.statusCode, created.body).toBe(201);
  const plan = created.json().data;
  const paid = await pay(ctx, customer, plan.firstOrderId, card);
  expect(paid.statusCode, paid.body).toBe(200);
  return plan as { id: string; firstOrderId: string };
}

/** The plan's visit orders: visit → { startsAt, status, id }. */
async function visitOrders(planId: string) {
  const rows = await ctx.app.db.select().from(orders).where(eq(orders.planId, planId));
  return Object.fromEntries(
    rows.map((o) => [
      o.planVisit,
      { id: o.id, startsAt: o.startsAt.toISOString(), status: o.status },
    ]),
  );
}

async function orderOf(user: TestUser, id: string) {
  const res = await send(user, 'GET', `/v1/orders/${id}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

async function noticeTypes(user: TestUser) {
  await ctx.drain();
  const res = await send(user, 'GET', '/v1/notifications?pageSize=50');
  return (res.json().data.items as { type: string }[]).map((n) => n.type);
}

describe('plan visits', () => {
  it('keeps 09:00 New York across the 2027-03-14 DST change, books 14 days ahead and authorises 48 h before', async () => {
    clockAt('2027-02-25T12:00:00Z');
    const pro = await createVendor(ctx, { businessName: 'Weekly Cleaners' });
    const ann = await createCustomer(ctx, 'Ann Plan');
    const plan = await paidPlan(ann, pro, '2027-03-01T14:00:00.000Z');

    const accepted = await send(pro, 'POST', `/v1/plans/${plan.id}/accept`);
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json().data).toMatchObject({
      status: 'active',
      localTime: '09:00',
      card: { last4: '4242' },
    });
    expect((await orderOf(ann, plan.firstOrderId)).status).toBe('accepted');
    // Accepting books what falls within 14 days: visit 2, not visit 3.
    let visits = await visitOrders(plan.id);
    expect(visits[2]).toMatchObject({
      startsAt: '2027-03-08T14:00:00.000Z',
      status: 'pending_payment',
    });
    expect(visits[3]).toBeUndefined();

    clockAt('2027-03-02T12:00:00Z');
    await createVisitsPass();
    await createVisitsPass();
    visits = await visitOrders(plan.id);
    // 09:00 EDT after the change: 13:00 UTC.
    expect(visits[3]).toMatchObject({
      startsAt: '2027-03-15T13:00:00.000Z',
      status: 'pending_payment',
    });
    expect(Object.keys(visits)).toEqual(['1', '2', '3']);
    // Visits the plan booked ahead do not count against the customer's unpaid bookings.
    expect((await book(ctx, ann, pro.serviceId)).statusCode).toBe(201);
    expect((await book(ctx, ann, pro.serviceId)).statusCode).toBe(201);

    clockAt('2027-03-06T13:59:00Z');
    await ctx.drain();
    expect((await visitOrders(plan.id))[2]?.status).toBe('pending_payment');

    clockAt('2027-03-06T14:01:00Z');
    await ctx.drain();
    await ctx.drain();
    const visit2 = await orderOf(ann, visits[2]!.id);
    expect(visit2.status).toBe('accepted');
    expect(visit2.plan).toEqual({ id: plan.id, visit: 2, frequency: 'weekly' });
    expect(visit2.payment).toMatchObject({ cardLast4: '4242' });
    expect(visit2.payment.status).toMatch(/authorized|captured/);
    // Visit 3 waits for its own 48 h.
    expect((await visitOrders(plan.id))[3]?.status).toBe('pending_payment');
  });

  it('a declined off-session card tells both, keeps the visit unpaid and releases it 24 h before', async () => {
    clockAt('2027-04-01T12:00:00Z');
    const pro = await createVendor(ctx, { businessName: 'Declined Gardens' });
    const bo = await createCustomer(ctx, 'Bo Declined');
    const plan = await paidPlan(bo, pro, '2027-04-05T13:00:00.000Z', OFF_SESSION_DECLINES);
    expect((await send(pro, 'POST', `/v1/plans/${plan.id}/accept`)).statusCode).toBe(200);
    const visit2 = (await visitOrders(plan.id))[2]!;
    expect(visit2.startsAt).toBe('2027-04-12T13:00:00.000Z');

    clockAt('2027-04-10T13:01:00Z');
    await ctx.drain();
    await ctx.drain();
    expect((await visitOrders(plan.id))[2]?.status).toBe('pending_payment');
    expect(await noticeTypes(bo)).toContain('plan.visit_declined');
    expect(await noticeTypes(pro)).toContain('plan.visit_declined');
    expect((await mailsTo(ctx, bo.email)).some((m) => m.subject.startsWith('Card declined'))).toBe(
      true,
    );
    expect((await orderOf(bo, visit2.id)).payment?.status).toBe('failed');
    let slots = await availableSlots(ctx, pro.serviceId, 3);
    expect(slots.map((s) => s.startsAt)).not.toContain(visit2.startsAt);

    clockAt('2027-04-11T13:01:00Z');
    await ctx.drain();
    expect((await visitOrders(plan.id))[2]?.status).toBe('cancelled');
    expect(await noticeTypes(bo)).toContain('plan.visit_released');
    expect(await noticeTypes(pro)).toContain('plan.visit_released');
    slots = await availableSlots(ctx, pro.serviceId, 3);
    expect(slots.map((s) => s.startsAt)).toContain(visit2.startsAt);
  });
});

describe('a visit paid by hand after a declined authorisation', () => {
  it('is accepted for the pro by the time the unpaid ones would be released', async () => {
    clockAt('2027-06-01T12:00:00Z');
    const pro = await createVendor(ctx, { businessName: 'Second Try Cleaning' });
    const ed = await createCustomer(ctx, 'Ed Retry');
    const plan = await paidPlan(ed, pro, '2027-06-07T13:00:00.000Z', OFF_SESSION_DECLINES);
    expect((await send(pro, 'POST', `/v1/plans/${plan.id}/accept`)).statusCode).toBe(200);
    const visit2 = (await visitOrders(plan.id))[2]!;

    // Declined 48 h before; the customer pays it in checkout with another card.
    clockAt('2027-06-12T13:01:00Z');
    await ctx.drain();
    await ctx.drain();
    expect((await visitOrders(plan.id))[2]?.status).toBe('pending_payment');
    expect((await pay(ctx, ed, visit2.id, GOOD_CARD)).statusCode).toBe(200);
    expect((await visitOrders(plan.id))[2]?.status).toBe('paid');

    // 24 h before, it is accepted (the pro accepted the plan once), not released.
    clockAt('2027-06-13T13:01:00Z');
    await ctx.drain();
    expect((await visitOrders(plan.id))[2]?.status).toBe('accepted');
  });
});

describe('plan visits the pro cannot take', () => {
  it('books no visit on a slot another customer took, tells both, and books the next one', async () => {
    clockAt('2027-04-20T12:00:00Z');
    const pro = await createVendor(ctx, { businessName: 'Busy Sweeps' });
    const cy = await createCustomer(ctx, 'Cy Planner');
    const other = await createCustomer(ctx, 'Di Other');
    const plan = await paidPlan(cy, pro, '2027-04-26T13:00:00.000Z');
    // Before the pro accepts, someone else books (and pays) the slot of visit 2.
    const taken = await book(ctx, other, pro.serviceId, '2027-05-03T13:00:00.000Z');
    expect(taken.statusCode, taken.body).toBe(201);
    expect((await pay(ctx, other, taken.json().data.id)).statusCode).toBe(200);

    expect((await send(pro, 'POST', `/v1/plans/${plan.id}/accept`)).statusCode).toBe(200);
    let visits = await visitOrders(plan.id);
    expect(visits[2]).toBeUndefined();
    expect(await noticeTypes(cy)).toContain('plan.visit_unavailable');
    expect(await noticeTypes(pro)).toContain('plan.visit_unavailable');

    // A week later the next visit (09:00 New York, 13:00 UTC) is booked as usual.
    clockAt('2027-04-27T12:00:00Z');
    await createVisitsPass();
    visits = await visitOrders(plan.id);
    expect(visits[3]).toMatchObject({
      startsAt: '2027-05-10T13:00:00.000Z',
      status: 'pending_payment',
    });
  });
});

describe('plan end', () => {
  it('books no visit after `until` and ends the plan once it has passed', async () => {
    clockAt('2027-04-20T12:00:00Z');
    const pro = await createVendor(ctx, { businessName: 'Short Plans' });
    const jo = await createCustomer(ctx, 'Jo Until');
    const created = await send(jo, 'POST', '/v1/plans', {
      serviceId: pro.serviceId,
      startsAt: '2027-04-21T13:00:00.000Z',
      frequency: 'weekly',
      until: '2027-04-28T23:00:00.000Z',
      address: ADDRESS,
    });
    expect(created.statusCode, created.body).toBe(201);
    const plan = created.json().data;
    expect((await pay(ctx, jo, plan.firstOrderId)).statusCode).toBe(200);
    expect((await send(pro, 'POST', `/v1/plans/${plan.id}/accept`)).statusCode).toBe(200);
    expect(Object.keys(await visitOrders(plan.id))).toEqual(['1', '2']);
    clockAt('2027-04-29T12:00:00Z');
    await createVisitsPass();
    expect(Object.keys(await visitOrders(plan.id))).toEqual(['1', '2']);
    expect((await send(jo, 'GET', `/v1/plans/${plan.id}`)).json().data.status).toBe('ended');
  });
});

describe('plan changes', () => {
  it('skips a visit before and after its order exists, pauses, resumes and cancels', async () => {
    clockAt('2027-05-03T12:00:00Z');
    const pro = await createVendor(ctx, { businessName: 'Skip Pools' });
    const cy = await createCustomer(ctx, 'Cy Skipper');
    const plan = await paidPlan(cy, pro, '2027-05-05T13:00:00.000Z');
    expect((await send(pro, 'POST', `/v1/plans/${plan.id}/accept`)).statusCode).toBe(200);
    const visit2 = (await visitOrders(plan.id))[2]!;

    // Visit 2's order exists (more than 24 h ahead): cancelled for free, marked skipped.
    let res = await send(cy, 'POST', `/v1/plans/${plan.id}/skip`, { startsAt: visit2.startsAt });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.visits.find((v: { visit: number }) => v.visit === 2)).toMatchObject({
      status: 'skipped',
      orderId: visit2.id,
    });
    expect((await visitOrders(plan.id))[2]?.status).toBe('cancelled');
    // Visit 4 has no order yet: it is never booked.
    res = await send(cy, 'POST', `/v1/plans/${plan.id}/skip`, {
      startsAt: '2027-05-26T13:00:00.000Z',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.visits.find((v: { visit: number }) => v.visit === 4)?.status).toBe(
      'skipped',
    );
    expect(await noticeTypes(pro)).toContain('plan.skipped');
    res = await send(cy, 'POST', `/v1/plans/${plan.id}/skip`, {
      startsAt: '2027-05-26T14:00:00.000Z',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('not_a_visit');

    clockAt('2027-05-13T12:00:00Z');
    await createVisitsPass();
    let visits = await visitOrders(plan.id);
    expect(visits[3]?.status).toBe('pending_payment');
    expect(visits[4]).toBeUndefined();
    // The pro's calendar feed lists the booked visits, paid or not, but not the skipped one.
    const feedUrl = (await send(pro, 'GET', '/v1/vendor/calendar-feed')).json().data.url as string;
    const feed = (await send(null, 'GET', new URL(feedUrl).pathname)).body;
    expect(feed).toContain(`order-${plan.firstOrderId}@`);
    expect(feed).toContain(`order-${visits[3]?.id}@`);
    expect(feed).not.toContain(`order-${visit2.id}@`);
    res = await send(cy, 'POST', `/v1/plans/${plan.id}/skip`, {
      startsAt: '2027-05-05T13:00:00.000Z',
    });
    expect(res.statusCode).toBe(409);

    // Pause: the unpaid visit 3 is cancelled and nothing new is booked.
    res = await send(cy, 'POST', `/v1/plans/${plan.id}/pause`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.status).toBe('paused');
    expect((await visitOrders(plan.id))[3]?.status).toBe('cancelled');
    clockAt('2027-05-20T12:00:00Z');
    await createVisitsPass();
    expect(Object.keys(await visitOrders(plan.id))).toEqual(['1', '2', '3']);

    res = await send(cy, 'POST', `/v1/plans/${plan.id}/resume`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.status).toBe('active');
    visits = await visitOrders(plan.id);
    expect(visits[5]).toMatchObject({
      startsAt: '2027-06-02T13:00:00.000Z',
      status: 'pending_payment',
    });

    res = await send(cy, 'POST', `/v1/plans/${plan.id}/cancel`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.status).toBe('cancelled');
    expect((await visitOrders(plan.id))[5]?.status).toBe('cancelled');
    expect(await noticeTypes(pro)).toContain('plan.cancelled');
  });

  it('the pro declines a pending plan: its paid first visit is declined and released', async () => {
    clockAt('2027-06-01T12:00:00Z');
    const pro = await createVendor(ctx, { businessName: 'No Thanks Co' });
    const di = await createCustomer(ctx, 'Di Declined');
    const plan = await paidPlan(di, pro, '2027-06-03T13:00:00.000Z');
    const res = await send(pro, 'POST', `/v1/plans/${plan.id}/decline`, { reason: 'Fully booked' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.status).toBe('declined');
    expect((await orderOf(di, plan.firstOrderId)).status).toBe('declined');
    expect(await noticeTypes(di)).toContain('plan.declined');
    expect((await send(pro, 'POST', `/v1/plans/${plan.id}/accept`)).statusCode).toBe(409);
  });

  it('the pro cancels an active plan: its paid future visit is refunded in full', async () => {
    clockAt('2027-06-07T12:00:00Z');
    const pro = await createVendor(ctx, { businessName: 'Cancel Carpets' });
    const ed = await createCustomer(ctx, 'Ed Cancelled');
    const plan = await paidPlan(ed, pro, '2027-06-09T13:00:00.000Z');
    expect((await send(pro, 'POST', `/v1/plans/${plan.id}/accept`)).statusCode).toBe(200);
    await ctx.drain();
    const res = await send(pro, 'POST', `/v1/plans/${plan.id}/cancel`);
    expect(res.statusCode, res.body).toBe(200);
    await ctx.drain();
    const first = await orderOf(ed, plan.firstOrderId);
    // The pro's cancel gives back the whole total: the booking ends refunded.
    expect(first.status).toBe('refunded');
    expect(await noticeTypes(ed)).toContain('plan.cancelled');
  });
});

describe('plan access and validation', () => {
  it('answers 404 to other people, 401 without a session and 403 to the wrong side', async () => {
    clockAt('2027-07-01T12:00:00Z');
    const pro = await createVendor(ctx, { businessName: 'Private Plans' });
    const otherPro = await createVendor(ctx, { businessName: 'Nosy Pro' });
    const fay = await createCustomer(ctx, 'Fay Owner');
    const gus = await createCustomer(ctx, 'Gus Other');
    const plan = await paidPlan(fay, pro, '2027-07-05T13:00:00.000Z');

    expect((await send(fay, 'GET', `/v1/plans/${plan.id}`)).statusCode).toBe(200);
    expect((await send(pro, 'GET', `/v1/plans/${plan.id}`)).statusCode).toBe(200);
    expect((await send(gus, 'GET', `/v1/plans/${plan.id}`)).statusCode).toBe(404);
    expect((await send(otherPro, 'GET', `/v1/plans/${plan.id}`)).statusCode).toBe(404);
    expect((await send(null, 'GET', `/v1/plans/${plan.id}`)).statusCode).toBe(401);
    expect((await send(otherPro, 'POST', `/v1/plans/${plan.id}/accept`)).statusCode).toBe(404);
    expect((await send(gus, 'POST', `/v1/plans/${plan.id}/cancel`)).statusCode).toBe(404);
    expect((await send(fay, 'POST', `/v1/plans/${plan.id}/accept`)).statusCode).toBe(403);
    expect((await send(pro, 'POST', `/v1/plans/${plan.id}/pause`)).statusCode).toBe(403);
    expect(
      (
        await send(pro, 'POST', `/v1/plans/${plan.id}/skip`, {
          startsAt: '2027-07-12T13:00:00.000Z',
        })
      ).statusCode,
    ).toBe(403);

    const mine = await send(fay, 'GET', '/v1/plans');
    expect(mine.json().data.map((p: { id: string }) => p.id)).toEqual([plan.id]);
    expect((await send(gus, 'GET', '/v1/plans')).json().data).toEqual([]);
    const theirs = await send(pro, 'GET', '/v1/vendor/plans');
    expect(theirs.json().data.map((p: { id: string }) => p.id)).toEqual([plan.id]);
    expect((await send(otherPro, 'GET', '/v1/vendor/plans')).json().data).toEqual([]);
  });

  it('refuses bad requests with a message saying what to fix', async () => {
    clockAt('2027-08-01T12:00:00Z');
    const pro = await createVendor(ctx);
    const hal = await createCustomer(ctx, 'Hal Invalid');
    const body = {
      serviceId: pro.serviceId,
      startsAt: '2027-08-03T13:00:00.000Z',
      frequency: 'weekly',
      address: ADDRESS,
    };
    let res = await send(hal, 'POST', '/v1/plans', { ...body, frequency: 'daily' });
    expect(res.statusCode).toBe(400);
    res = await send(hal, 'POST', '/v1/plans', { ...body, until: '2027-08-02T00:00:00.000Z' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('invalid_until');
    res = await send(hal, 'POST', '/v1/plans', { ...body, startsAt: '2027-08-03T13:17:00.000Z' });
    expect(res.statusCode).toBe(400);
    res = await send(pro, 'POST', '/v1/plans', body);
    expect(res.statusCode).toBe(403);
    const unpaid = await send(hal, 'POST', '/v1/plans', body);
    expect(unpaid.statusCode).toBe(201);
    // The pro answers a plan once its first visit is paid, as any booking.
    res = await send(pro, 'POST', `/v1/plans/${unpaid.json().data.id}/accept`);
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('first_visit_unpaid');
    // The slot is held by the first visit now.
    const other = await createCustomer(ctx, 'Ivy Late');
    expect((await send(other, 'POST', '/v1/plans', body)).statusCode).toBe(409);
    const rows = await ctx.app.db
      .select()
      .from(orders)
      .where(and(eq(orders.vendorId, pro.vendorId)));
    expect(rows).toHaveLength(1);
  });
});
