import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { recomputeResponseTimes } from '../src/domains/vendors';
import { resetClock, setClock } from './auth-helpers';
import {
  createCustomer,
  createVendor,
  openDirect,
  say,
  type TestUser,
  type TestVendor,
} from './fixtures';
import { createTestContext, type TestContext } from './helpers';

/**
 * Pros' response times on fixed data: messages sent at set instants (the domain clock), the
 * hourly measure run as of a fixed "now", the figures read back through the public API, and
 * their effect on search relevance. Every expected number is worked out by hand in the comments.
 */

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterEach(() => resetClock(ctx));
afterAll(async () => ctx?.close());

const NOW = new Date('2026-06-01T12:00:00Z');
const MIN = 60_000;
const DAY = 24 * 60 * MIN;
/** `ms` before {@link NOW}, as a Date. */
const ago = (ms: number) => new Date(NOW.getTime() - ms);

/** Sends `body` from `who` in `conversation` at `at`. */
async function sayAt(at: Date, who: TestUser, conversation: string, body: string) {
  setClock(ctx, at);
  await say(ctx, who, conversation, body);
}

async function publicVendor(vendor: TestVendor) {
  const res = await ctx.app.inject({ method: 'GET', url: `/v1/vendors/${vendor.vendorId}` });
  expect(res.statusCode).toBe(200);
  return res.json().data as { responseTime: unknown };
}

describe('response time', () => {
  let fast: TestVendor;
  let slow: TestVendor;
  let quiet: TestVendor;

  beforeAll(async () => {
    const category = 'response-times';
    // Without the response term the slow pro would rank first: slightly better rated.
    fast = await createVendor(ctx, { category, ratingAverage: 3.5, ratingCount: 2 });
    slow = await createVendor(ctx, { category, ratingAverage: 4, ratingCount: 2 });
    quiet = await createVendor(ctx, { category, ratingAverage: 3.5, ratingCount: 2 });
    const customers = await Promise.all([1, 2, 3, 4].map((n) => createCustomer(ctx, `C ${n}`)));
    const [c1, c2, c3, c4] = customers as [TestUser, TestUser, TestUser, TestUser];

    // The fast pro: asks answered after 10, 30, 90 and 20 minutes (median 25, all within 4 h).
    const f1 = await openDirect(ctx, c1, fast);
    await sayAt(ago(100 * DAY), c1, f1, 'Old question, outside the 90 days');
    await sayAt(ago(100 * DAY - MIN), fast, f1, 'Old answer after a minute');
    await sayAt(ago(10 * DAY), c1, f1, 'Can you fix a leaking tap?');
    await sayAt(ago(10 * DAY - 5 * MIN), c1, f1, 'It is in the kitchen (same turn)');
    await sayAt(ago(10 * DAY - 10 * MIN), fast, f1, 'Yes, tomorrow works');
    const f2 = await openDirect(ctx, c2, fast);
    await sayAt(ago(5 * DAY), c2, f2, 'Do you cover Brooklyn?');
    await sayAt(ago(5 * DAY - 30 * MIN), fast, f2, 'We do');
    const f3 = await openDirect(ctx, c3, fast);
    await sayAt(ago(2 * DAY), c3, f3, 'Is a boiler service possible?');
    await sayAt(ago(2 * DAY - 90 * MIN), fast, f3, 'Yes');
    await sayAt(ago(2 * DAY - 120 * MIN), c3, f3, 'Great, what does it cost? (a new turn)');
    await sayAt(ago(2 * DAY - 140 * MIN), fast, f3, 'Ninety dollars');

    // The slow pro: answers after 300 and 360 minutes, one ask unanswered for a day, one asked
    // half an hour ago (not judged yet): median 330, 0 of 3 within 4 h.
    const s1 = await openDirect(ctx, c1, slow);
    await sayAt(ago(3 * DAY), c1, s1, 'Hello, are you free on Friday?');
    await sayAt(ago(3 * DAY - 300 * MIN), slow, s1, 'Sorry for the wait, yes');
    const s2 = await openDirect(ctx, c2, slow);
    await sayAt(ago(3 * DAY - 60 * MIN), c2, s2, 'Hello, can you quote a job?');
    await sayAt(ago(3 * DAY - 420 * MIN), slow, s2, 'Sure');
    const s3 = await openDirect(ctx, c3, slow);
    await sayAt(ago(1 * DAY), c3, s3, 'Anyone there?');
    const s4 = await openDirect(ctx, c4, slow);
    await sayAt(ago(30 * MIN), c4, s4, 'Quick question');

    // The quiet pro: two answered asks, below the 3 the measure needs.
    const q1 = await openDirect(ctx, c1, quiet);
    await sayAt(ago(DAY), c1, q1, 'Hi there, a question');
    await sayAt(ago(DAY - 5 * MIN), quiet, q1, 'Hi');
    const q2 = await openDirect(ctx, c2, quiet);
    await sayAt(ago(DAY), c2, q2, 'Hi there, another question');
    await sayAt(ago(DAY - 5 * MIN), quiet, q2, 'Hi');
    resetClock(ctx);
  });

  it('is not computed per request: nothing is shown before the scheduled measure runs', async () => {
    expect((await publicVendor(fast)).responseTime).toBeNull();
  });

  it('measures the median and the share within 4 hours over the last 90 days', async () => {
    await ctx.app.db.transaction((tx) => recomputeResponseTimes(tx, NOW));
    expect((await publicVendor(fast)).responseTime).toEqual({
      medianMinutes: 25,
      within4hBps: 10_000,
      sampleSize: 4,
      label: 'Usually replies within an hour',
    });
    expect((await publicVendor(slow)).responseTime).toEqual({
      medianMinutes: 330,
      within4hBps: 0,
      sampleSize: 3,
      label: 'Usually replies within 6 hours',
    });
    expect((await publicVendor(quiet)).responseTime).toBeNull();
  });

  it('ranks the pro who answers sooner first among otherwise close pros', async () => {
    await ctx.app.db.transaction((tx) => recomputeResponseTimes(tx, NOW));
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/v1/vendors?category=response-times',
    });
    expect(res.statusCode).toBe(200);
    const items = res.json().data.items as Array<{ id: string; responseTime: unknown }>;
    const ids = items.map((v) => v.id);
    expect(ids.indexOf(fast.vendorId)).toBeLessThan(ids.indexOf(slow.vendorId));
    expect(items.find((v) => v.id === fast.vendorId)?.responseTime).toMatchObject({
      label: 'Usually replies within an hour',
    });
  });

  it('forgets asks that left the window', async () => {
    // 91 days later every ask above is older than 90 days.
    await ctx.app.db.transaction((tx) =>
      recomputeResponseTimes(tx, new Date(NOW.getTime() + 91 * DAY)),
    );
    expect((await publicVendor(fast)).responseTime).toBeNull();
    expect((await publicVendor(slow)).responseTime).toBeNull();
  });
});
