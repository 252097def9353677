import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { reviews, vendorProfiles } from '../src/db/schema';
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

let ctx: TestContext;
let admin: TestUser;

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await createAdmin(ctx);
});
afterAll(async () => ctx?.close());
afterEach(() => vi.restoreAllMocks());

const DAY = 24 * 3_600_000;
const MIN = 60_000;

/** Open every hour of every day, so one pro has enough slots for 20 bookings in 3 days. */
const ALL_DAY = [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({
  weekday,
  startMinute: 0,
  endMinute: 24 * 60,
}));

/** A fresh approved pro with no reviews (the fixture's made-up rating zeroed). */
async function newVendor(name?: string): Promise<TestVendor> {
  return createVendor(ctx, {
    businessName: name,
    hours: ALL_DAY,
    ratingAverage: 0,
    ratingCount: 0,
  });
}

const transition = (token: string, id: string, action: string, extra = {}) =>
  ctx.app.inject({
    method: 'POST',
    url: `/v1/orders/${id}/transitions`,
    headers: bearer(token),
    payload: { action, ...extra },
  });

async function detail(token: string, id: string) {
  const res = await ctx.app.inject({
    method: 'GET',
    url: `/v1/orders/${id}`,
    headers: bearer(token),
  });
  expect(res.statusCode).toBe(200);
  return res.json().data;
}

/**
 * A paid order the pro accepted, started (with the customer's code, the clock at its slot) and
 * completed — all through the API. Returns the order id, its customer and when the `completed`
 * event was recorded (from the order's timeline).
 */
async function completedOrder(vendor: TestVendor, customer?: TestUser) {
  const { customer: who, order } = await paidOrder(ctx, vendor, customer);
  expect((await transition(vendor.token, order.id, 'accept')).statusCode).toBe(200);
  const code = (await detail(who.token, order.id)).startCode as string;
  const clock = vi.spyOn(ctx.app.clock, 'now');
  clock.mockReturnValue(new Date(Date.parse(order.startsAt) - 10 * MIN));
  expect((await transition(vendor.token, order.id, 'start', { startCode: code })).statusCode).toBe(
    200,
  );
  clock.mockReturnValue(new Date(Date.parse(order.endsAt) + MIN));
  expect((await transition(vendor.token, order.id, 'complete')).statusCode).toBe(200);
  clock.mockRestore();
  const done = await detail(who.token, order.id);
  const completedAt = Date.parse(
    done.events.find((e: { status: string }) => e.status === 'completed').at,
  );
  return { orderId: order.id as string, customer: who, completedAt };
}

const review = (token: string, orderId: string, payload: unknown) =>
  ctx.app.inject({
    method: 'POST',
    url: `/v1/orders/${orderId}/review`,
    headers: bearer(token),
    payload: payload as Record<string, unknown>,
  });

const reply = (token: string, reviewId: string, text: string) =>
  ctx.app.inject({
    method: 'POST',
    url: `/v1/reviews/${reviewId}/reply`,
    headers: bearer(token),
    payload: { text },
  });

async function listReviews(vendorId: string, query = '', headers: Record<string, string> = {}) {
  return ctx.app.inject({ method: 'GET', url: `/v1/vendors/${vendorId}/reviews${query}`, headers });
}

/** The pro's stored aggregates. */
async function aggregates(vendorId: string) {
  const [row] = await ctx.app.db
    .select({ average: vendorProfiles.ratingAverage, count: vendorProfiles.ratingCount })
    .from(vendorProfiles)
    .where(eq(vendorProfiles.id, vendorId));
  return row!;
}

async function inbox(user: TestUser) {
  await ctx.drain();
  const res = await ctx.app.inject({
    method: 'GET',
    url: '/v1/notifications?pageSize=50',
    headers: bearer(user.token),
  });
  return res.json().data.items as { type: string; title: string; body: string; link: string }[];
}

/** The clock at `ms` after the order's completion. */
const clockAfterCompletion = (completedAt: number, ms: number) =>
  vi.spyOn(ctx.app.clock, 'now').mockReturnValue(new Date(completedAt + ms));

describe('POST /v1/orders/:id/review', () => {
  it("stores one review per completed order and sets the pro's rating from it; a second one is 409", async () => {
    const vendor = await newVendor();
    const { orderId, customer } = await completedOrder(vendor);
    const first = await review(customer.token, orderId, { rating: 4, text: '  On time, tidy.  ' });
    expect(first.statusCode).toBe(201);
    expect(first.json().data).toMatchObject({
      rating: 4,
      text: 'On time, tidy.',
      author: { name: 'Test C.', avatarUrl: null },
      reply: null,
    });
    expect(await aggregates(vendor.vendorId)).toEqual({ average: 4, count: 1 });

    const again = await review(customer.token, orderId, { rating: 1, text: 'Changed my mind' });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toEqual({
      message: 'You already reviewed this booking. Each booking gets one review',
      code: 'already_reviewed',
    });
    const stored = await ctx.app.db.select().from(reviews).where(eq(reviews.orderId, orderId));
    expect(stored.map((r) => [r.rating, r.body])).toEqual([[4, 'On time, tidy.']]);
    expect(await aggregates(vendor.vendorId)).toEqual({ average: 4, count: 1 });
  });

  it('two reviews of one order sent at once: one is stored (201), the other gets 409', async () => {
    const vendor = await newVendor();
    const { orderId, customer } = await completedOrder(vendor);
    const results = await Promise.all(
      [5, 2].map((rating) => review(customer.token, orderId, { rating, text: '' })),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    const { count } = await aggregates(vendor.vendorId);
    expect(count).toBe(1);
  });

  it("answers another customer's order like a random id (404) and the order's pro or an admin with 403", async () => {
    const vendor = await newVendor();
    const { orderId } = await completedOrder(vendor);
    const stranger = await createCustomer(ctx);
    const notYours = await review(stranger.token, orderId, { rating: 5, text: 'Great' });
    const random = await review(stranger.token, randomUUID(), { rating: 5, text: 'Great' });
    expect(notYours.statusCode).toBe(404);
    expect(notYours.json().error).toEqual(random.json().error);
    expect(random.json().error).toEqual({ message: 'Order not found', code: 'order_not_found' });

    const otherVendor = await newVendor();
    expect((await review(otherVendor.token, orderId, { rating: 5 })).statusCode).toBe(404);
    for (const who of [vendor, admin]) {
      const res = await review(who.token, orderId, { rating: 5, text: 'Self praise' });
      expect(res.statusCode).toBe(403);
      expect(res.json().error.code).toBe('customer_only');
    }
    expect(
      (
        await ctx.app.inject({
          method: 'POST',
          url: `/v1/orders/${orderId}/review`,
          payload: { rating: 5 },
        })
      ).statusCode,
    ).toBe(401);
    expect(await aggregates(vendor.vendorId)).toEqual({ average: 0, count: 0 });
  });

  it('refuses an order that is not completed yet (409 order_not_completed)', async () => {
    const vendor = await newVendor();
    const { customer, order } = await paidOrder(ctx, vendor);
    const paid = await review(customer.token, order.id, { rating: 5, text: 'Looking forward' });
    expect(paid.statusCode).toBe(409);
    expect(paid.json().error).toEqual({
      message: 'You can review this booking once the pro has marked the job completed',
      code: 'order_not_completed',
    });
    expect((await transition(vendor.token, order.id, 'accept')).statusCode).toBe(200);
    expect((await review(customer.token, order.id, { rating: 5 })).statusCode).toBe(409);
    expect((await detail(customer.token, order.id)).canReview).toBe(false);
  });

  it('accepts a review at the last moment of the 30 days after completion and refuses one after (fake clock)', async () => {
    const vendor = await newVendor();
    const onTime = await completedOrder(vendor);
    const late = await completedOrder(vendor);

    clockAfterCompletion(late.completedAt, 30 * DAY + 1);
    const tooLate = await review(late.customer.token, late.orderId, { rating: 3, text: 'Late' });
    expect(tooLate.statusCode).toBe(409);
    expect(tooLate.json().error).toEqual({
      message:
        'Reviews close 30 days after the job is completed, so this booking can no longer be reviewed',
      code: 'review_window_closed',
    });
    const lateDetail = await detail(late.customer.token, late.orderId);
    expect(lateDetail.canReview).toBe(false);
    expect(lateDetail.reviewableUntil).toBeNull();
    vi.restoreAllMocks();

    clockAfterCompletion(onTime.completedAt, 30 * DAY);
    const beforeDetail = await detail(onTime.customer.token, onTime.orderId);
    expect(beforeDetail.canReview).toBe(true);
    expect(Date.parse(beforeDetail.reviewableUntil)).toBe(onTime.completedAt + 30 * DAY);
    const lastMoment = await review(onTime.customer.token, onTime.orderId, {
      rating: 5,
      text: 'Still happy a month later',
    });
    expect(lastMoment.statusCode).toBe(201);
    expect(await aggregates(vendor.vendorId)).toEqual({ average: 5, count: 1 });
  });

  it('validates the body: rating 0, 6, 4.5 or missing and text of 2,001 characters are 400; 2,000 pass', async () => {
    const vendor = await newVendor();
    const { orderId, customer } = await completedOrder(vendor);
    for (const payload of [
      { rating: 0, text: 'Zero' },
      { rating: 6, text: 'Six' },
      { rating: 4.5, text: 'Half' },
      { rating: '5', text: 'A string' },
      { text: 'No rating' },
    ]) {
      const res = await review(customer.token, orderId, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().error.fields).toEqual({ rating: 'Choose a rating from 1 to 5 stars' });
    }
    const tooLong = await review(customer.token, orderId, { rating: 5, text: 'a'.repeat(2001) });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().error.fields).toEqual({
      text: 'Keep your review to 2,000 characters or fewer',
    });
    const nul = await review(customer.token, orderId, { rating: 5, text: 'a\u0000b' });
    expect(nul.statusCode).toBe(400);
    expect(await aggregates(vendor.vendorId)).toEqual({ average: 0, count: 0 });

    const longest = await review(customer.token, orderId, { rating: 5, text: 'a'.repeat(2000) });
    expect(longest.statusCode).toBe(201);
    expect(longest.json().data.text).toHaveLength(2000);
  });

  it("20 concurrent reviews of 20 orders of one pro leave the pro's count and average exact", async () => {
    const vendor = await newVendor();
    const done = [];
    for (let i = 0; i < 20; i++) done.push(await completedOrder(vendor));
    // Ratings with a mean that is not a short decimal: 1..5 four times → 60 / 20 = 3; plus a
    // tilt of three extra stars → 63 / 20 = 3.15.
    const ratings = done.map((_, i) => (i % 5) + 1).map((r, i) => (i < 3 && r < 5 ? r + 1 : r));
    const results = await Promise.all(
      done.map((d, i) =>
        review(d.customer.token, d.orderId, { rating: ratings[i], text: `Review ${i}` }),
      ),
    );
    expect(results.map((r) => r.statusCode)).toEqual(Array(20).fill(201));

    const sum = ratings.reduce((a, b) => a + b, 0);
    expect(sum).toBe(63);
    expect(await aggregates(vendor.vendorId)).toEqual({ average: sum / 20, count: 20 });
    const stored = await ctx.app.db
      .select({ rating: reviews.rating })
      .from(reviews)
      .where(eq(reviews.vendorId, vendor.vendorId));
    expect(stored).toHaveLength(20);
    // The public numbers agree with the stored ones.
    const page = (await listReviews(vendor.vendorId, '?pageSize=1')).json().data;
    expect(page.breakdown).toMatchObject({ average: 3.15, count: 20 });
    const shown = (
      await ctx.app.inject({ method: 'GET', url: `/v1/vendors/${vendor.vendorId}` })
    ).json().data;
    expect([shown.ratingAverage, shown.ratingCount]).toEqual([3.15, 20]);
    // Deliver the 20 orders' mails and notices here, inside this test's time, not in the next
    // test's first drain.
    await ctx.drain();
  }, 120_000);
});

describe('POST /v1/reviews/:id/reply', () => {
  it('lets the reviewed pro reply once (409 the second time); others get 404; the customer is told', async () => {
    const vendor = await newVendor('Reply Plumbing');
    const { orderId, customer } = await completedOrder(vendor);
    const created = await review(customer.token, orderId, { rating: 2, text: 'Late and messy' });
    const reviewId = created.json().data.id as string;

    const otherVendor = await newVendor();
    for (const who of [otherVendor, customer, admin]) {
      const res = await reply(who.token, reviewId, 'Not mine to answer');
      expect(res.statusCode).toBe(404);
      expect(res.json().error).toEqual({ message: 'Review not found', code: 'review_not_found' });
    }
    expect((await reply(vendor.token, randomUUID(), 'Nothing here')).statusCode).toBe(404);
    expect((await reply(vendor.token, reviewId, '   ')).statusCode).toBe(400);

    const first = await reply(vendor.token, reviewId, '  Sorry — we have fixed our scheduling. ');
    expect(first.statusCode).toBe(200);
    expect(first.json().data.reply).toEqual({
      text: 'Sorry — we have fixed our scheduling.',
      createdAt: expect.any(String),
    });
    const second = await reply(vendor.token, reviewId, 'One more thing');
    expect(second.statusCode).toBe(409);
    expect(second.json().error).toEqual({
      message: 'You already replied to this review. Each review gets one reply',
      code: 'already_replied',
    });

    const listed = (await listReviews(vendor.vendorId)).json().data.items;
    expect(listed[0].reply.text).toBe('Sorry — we have fixed our scheduling.');
    const onOrder = await detail(customer.token, orderId);
    expect(onOrder.review.reply.text).toBe('Sorry — we have fixed our scheduling.');

    const told = (await inbox(customer)).filter((n) => n.type === 'review.replied');
    expect(told).toEqual([
      expect.objectContaining({
        title: 'Reply Plumbing replied to your review',
        body: 'Sorry — we have fixed our scheduling.',
        link: `/user/history/order?id=${orderId}`,
      }),
    ]);
  });

  it('two replies sent at once: exactly one is stored', async () => {
    const vendor = await newVendor();
    const { orderId, customer } = await completedOrder(vendor);
    const reviewId = (await review(customer.token, orderId, { rating: 5 })).json().data.id;
    const results = await Promise.all([
      reply(vendor.token, reviewId, 'Thanks A'),
      reply(vendor.token, reviewId, 'Thanks B'),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const winner = results.find((r) => r.statusCode === 200)!.json().data.reply.text;
    const [row] = await ctx.app.db.select().from(reviews).where(eq(reviews.id, reviewId));
    expect(row!.replyBody).toBe(winner);
  });
});

describe('GET /v1/vendors/:id/reviews', () => {
  it('pages reviews newest first with public author names, replies and the breakdown of all of them', async () => {
    const vendor = await newVendor();
    const ratings = [5, 3, 5, 4, 1];
    const names = ['Ana María López', 'Bo', 'Chen Wei', 'Dee Dee Ramone', 'Eve Ng'];
    const ids: string[] = [];
    for (const [i, rating] of ratings.entries()) {
      const customer = await createCustomer(ctx, names[i]);
      const done = await completedOrder(vendor, customer);
      // One minute apart, so "newest first" does not hang on sub-millisecond timing.
      clockAfterCompletion(done.completedAt, (i + 1) * MIN);
      const res = await review(customer.token, done.orderId, { rating, text: `Review ${i + 1}` });
      vi.restoreAllMocks();
      expect(res.statusCode).toBe(201);
      ids.push(res.json().data.id);
    }
    await reply(vendor.token, ids[4]!, 'Sorry to hear that.');

    const first = await listReviews(vendor.vendorId, '?page=1&pageSize=2');
    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toBe('no-cache');
    const page1 = first.json().data;
    expect(page1).toMatchObject({ page: 1, pageSize: 2, total: 5, totalPages: 3 });
    expect(page1.items.map((r: { text: string }) => r.text)).toEqual(['Review 5', 'Review 4']);
    expect(page1.items[0]).toMatchObject({
      id: ids[4],
      rating: 1,
      author: { name: 'Eve N.', avatarUrl: null },
      reply: { text: 'Sorry to hear that.' },
    });
    expect(page1.items[1].reply).toBeNull();
    expect(page1.breakdown).toEqual({
      average: 18 / 5,
      count: 5,
      histogram: { 1: 1, 2: 0, 3: 1, 4: 1, 5: 2 },
    });
    const page3 = (await listReviews(vendor.vendorId, '?page=3&pageSize=2')).json().data;
    expect(page3.items.map((r: { author: { name: string } }) => r.author.name)).toEqual(['Ana L.']);
    expect(page3.breakdown).toEqual(page1.breakdown);
    const all = (await listReviews(vendor.vendorId)).json().data;
    expect(all.items.map((r: { author: { name: string } }) => r.author.name)).toEqual([
      'Eve N.',
      'Dee R.',
      'Chen W.',
      'Bo',
      'Ana L.',
    ]);
    expect(await aggregates(vendor.vendorId)).toEqual({ average: 18 / 5, count: 5 });
  }, 60_000);

  it('answers an empty page with a zero breakdown for a pro without reviews, 404 for unknown ids and 400 for a bad page', async () => {
    const vendor = await newVendor();
    const res = await listReviews(vendor.vendorId);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({
      items: [],
      page: 1,
      pageSize: 20,
      total: 0,
      totalPages: 0,
      breakdown: { average: 0, count: 0, histogram: { 1: 0, 2: 0, 3: 0, 4: 0, 5: 0 } },
    });
    const unknown = await listReviews(randomUUID());
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error).toEqual({ message: 'Pro not found', code: 'vendor_not_found' });
    expect((await listReviews(vendor.vendorId, '?page=0')).statusCode).toBe(400);
    expect((await listReviews(vendor.vendorId, '?pageSize=51')).statusCode).toBe(400);

    // A pro awaiting approval is not public, but sees their own (empty) reviews.
    const pending = await createVendor(ctx, { status: 'pending', ratingCount: 0 });
    expect((await listReviews(pending.vendorId)).statusCode).toBe(404);
    expect((await listReviews(pending.vendorId, '', bearer(pending.token))).statusCode).toBe(200);
    expect((await listReviews(pending.vendorId, '', bearer(admin.token))).statusCode).toBe(200);
  });
});

describe('reviews on orders and in notifications', () => {
  it('the order detail tells the customer they can review, then shows the review to both parties', async () => {
    const vendor = await newVendor();
    const { orderId, customer, completedAt } = await completedOrder(vendor);
    const before = await detail(customer.token, orderId);
    expect(before).toMatchObject({ canReview: true, review: null });
    expect(Date.parse(before.reviewableUntil)).toBe(completedAt + 30 * DAY);
    const asVendor = await detail(vendor.token, orderId);
    expect(asVendor).toMatchObject({ canReview: false, review: null, reviewableUntil: null });

    const created = (await review(customer.token, orderId, { rating: 5, text: 'Spotless' })).json()
      .data;
    for (const token of [customer.token, vendor.token, admin.token]) {
      const d = await detail(token, orderId);
      expect(d).toMatchObject({ canReview: false, reviewableUntil: null });
      expect(d.review).toEqual(created);
    }
  });

  it("the completion notice links to the order's review form; a review notifies the pro with a link to their reviews page", async () => {
    const vendor = await newVendor();
    const { orderId, customer } = await completedOrder(vendor);
    const completion = (await inbox(customer)).find((n) => n.type === 'order.completed');
    expect(completion).toMatchObject({
      link: `/user/history/order?id=${orderId}#review`,
      body: expect.stringMatching(/How did it go\? Leave a review\.$/),
    });

    const quoted = 'Fixed the leak in twenty minutes and explained everything.';
    const id = (await review(customer.token, orderId, { rating: 5, text: quoted })).json().data.id;
    const notices = (await inbox(vendor)).filter((n) => n.type === 'review.created');
    expect(notices).toEqual([
      expect.objectContaining({
        title: 'New review: 5 stars',
        body: `Test C. reviewed Leak repair: "${quoted}"`,
        link: `/vendor/reviews?review=${id}`,
      }),
    ]);
  });
});

describe('OpenAPI', () => {
  it('documents the three review endpoints from the contract', async () => {
    const doc = (await ctx.app.inject({ method: 'GET', url: '/v1/openapi.json' })).json();
    expect(Object.keys(doc.paths['/v1/orders/{id}/review'])).toEqual(['post']);
    expect(Object.keys(doc.paths['/v1/vendors/{id}/reviews'])).toEqual(['get']);
    expect(Object.keys(doc.paths['/v1/reviews/{id}/reply'])).toEqual(['post']);
  });
});
