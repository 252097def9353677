import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { orders } from '../src/db/schema';
import {
  bearer,
  createAdmin,
  createVendor,
  paidOrder,
  type TestUser,
  type TestVendor,
} from './fixtures';
import { createTestContext, type TestContext } from './helpers';

let ctx: TestContext;
let vendor: TestVendor;
let admin: TestUser;

beforeAll(async () => {
  ctx = await createTestContext();
  // One slot a day: 9:00 AM in New York, so the start window opens at 8:30 AM local.
  vendor = await createVendor(ctx, {
    hours: [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({
      weekday,
      startMinute: 9 * 60,
      endMinute: 10 * 60,
    })),
  });
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

/** Sets the API's clock to `ms` after (negative: before) the order's slot. */
const clockAt = (startsAt: string, ms: number) =>
  vi.spyOn(ctx.app.clock, 'now').mockReturnValue(new Date(Date.parse(startsAt) + ms));

const MIN = 60_000;

describe('start-of-job code and time rules', () => {
  it('shows the code to the customer only, while accepted; start needs it, within 30 minutes of the slot', async () => {
    const { customer, order } = await paidOrder(ctx, vendor);
    expect((await detail(customer.token, order.id)).startCode).toBeNull(); // not before accept

    const accepted = await transition(vendor.token, order.id, 'accept');
    expect(accepted.statusCode).toBe(200);
    const code: string = (await detail(customer.token, order.id)).startCode;
    expect(code).toMatch(/^\d{4}$/);
    expect((await detail(vendor.token, order.id)).startCode).toBeNull();
    expect((await detail(admin.token, order.id)).startCode).toBeNull();
    const list = await ctx.app.inject({
      method: 'GET',
      url: '/v1/orders',
      headers: bearer(customer.token),
    });
    expect(JSON.stringify(list.json().data)).not.toContain('startCode');

    // 31 minutes before: too early, and the answer says from when (8:30 AM New York time).
    clockAt(order.startsAt, -31 * MIN);
    const early = await transition(vendor.token, order.id, 'start', { startCode: code });
    expect(early.statusCode).toBe(409);
    expect(early.json().error.code).toBe('too_early_to_start');
    expect(early.json().error.message).toMatch(
      /^You can start this job from [A-Z][a-z]{2}, [A-Z][a-z]{2} \d{1,2}, 8:30 AM, 30 minutes before its time$/,
    );

    clockAt(order.startsAt, -29 * MIN);
    const missing = await transition(vendor.token, order.id, 'start');
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.code).toBe('start_code_required');

    const wrongCode = code === '0000' ? '0001' : '0000';
    const wrong = await transition(vendor.token, order.id, 'start', { startCode: wrongCode });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error).toMatchObject({
      message: 'That start code is not right. Ask the customer for the code on their booking page',
      code: 'wrong_start_code',
    });
    const malformed = await transition(vendor.token, order.id, 'start', { startCode: '12a4' });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().error.fields).toHaveProperty('startCode');
    expect((await detail(customer.token, order.id)).status).toBe('accepted');

    const started = await transition(vendor.token, order.id, 'start', { startCode: code });
    expect(started.statusCode).toBe(200);
    expect(started.json().data.status).toBe('in_progress');
    const afterStart = await detail(customer.token, order.id);
    expect(afterStart.startCode).toBeNull();
    expect(afterStart.events.map((e: { status: string }) => e.status)).toEqual([
      'pending_payment',
      'paid',
      'accepted',
      'in_progress',
    ]);

    clockAt(order.startsAt, 61 * MIN);
    const done = await transition(vendor.token, order.id, 'complete');
    expect(done.statusCode).toBe(200);
    expect(done.json().data.status).toBe('completed');

    // A stale page offering "Cancel booking" after completion: the API refuses.
    const cancel = await transition(customer.token, order.id, 'cancel');
    expect(cancel.statusCode).toBe(409);
    expect(cancel.json().error).toEqual({
      message: "You can't cancel an order that is completed",
      code: 'invalid_transition',
    });

    await ctx.drain();
    const inbox = (
      await ctx.app.inject({
        method: 'GET',
        url: '/v1/notifications?pageSize=50',
        headers: bearer(customer.token),
      })
    ).json().data.items as { type: string }[];
    expect(inbox.map((n) => n.type)).toEqual(
      expect.arrayContaining(['order.accepted', 'order.in_progress', 'order.completed']),
    );
  });

  it('locks start for 15 minutes after 5 wrong codes, counted even though each answer is an error', async () => {
    const { order } = await paidOrder(ctx, vendor);
    expect((await transition(vendor.token, order.id, 'accept')).statusCode).toBe(200);
    const [row] = await ctx.app.db.select().from(orders).where(eq(orders.id, order.id));
    const code = row!.startCode!;
    const wrongCode = code === '0000' ? '0001' : '0000';

    clockAt(order.startsAt, -10 * MIN);
    const answers: number[] = [];
    for (let i = 0; i < 5; i++) {
      answers.push(
        (await transition(vendor.token, order.id, 'start', { startCode: wrongCode })).statusCode,
      );
    }
    expect(answers).toEqual([400, 400, 400, 400, 400]);
    const locked = await transition(vendor.token, order.id, 'start', { startCode: code });
    expect(locked.statusCode).toBe(429);
    expect(locked.json().error.code).toBe('start_code_locked');
    expect(locked.json().error.message).toMatch(
      /^Too many wrong start codes\. Try again after [A-Z][a-z]{2}, [A-Z][a-z]{2} \d{1,2}, 9:05 AM with the code from the customer.s booking page$/,
    );

    clockAt(order.startsAt, 5 * MIN);
    const started = await transition(vendor.token, order.id, 'start', { startCode: code });
    expect(started.statusCode).toBe(200);
    expect(started.json().data.status).toBe('in_progress');
  });

  it('two accepts issue one code: the loser gets 409 and the code does not change', async () => {
    const busy = await createVendor(ctx); // the 9 AM vendor's few slots are taken by now
    const { customer, order } = await paidOrder(ctx, busy);
    const [a, b] = await Promise.all([
      transition(busy.token, order.id, 'accept'),
      transition(busy.token, order.id, 'accept'),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    const first = (await detail(customer.token, order.id)).startCode;
    expect(first).toMatch(/^\d{4}$/);
    expect((await transition(busy.token, order.id, 'accept')).statusCode).toBe(409);
    expect((await detail(customer.token, order.id)).startCode).toBe(first);
  });
});
