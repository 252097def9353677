import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config';
import { outbox } from '../src/db/schema';
import { mailJob } from '../src/domains/mail';
import { enqueue } from '../src/jobs/engine';
import { availableSlots, createVendor } from './fixtures';
import { createTestContext, type TestContext } from './helpers';

/** `PUT /v1/test/clock` (TEST_CLOCK): the simulated clock end-to-end journeys use. */
describe('test clock', () => {
  let ctx: TestContext;
  let off: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext({ testClock: true });
    off = await createTestContext();
  });
  afterAll(async () => {
    await ctx.close();
    await off.close();
  });

  it('does not exist unless TEST_CLOCK is on', async () => {
    const res = await off.app.inject({
      method: 'PUT',
      url: '/v1/test/clock',
      payload: { now: '2030-01-01T00:00:00Z' },
    });
    expect(res.statusCode).toBe(404);
    expect((await off.app.inject({ method: 'GET', url: '/openapi.json' })).body).not.toContain(
      '/v1/test/clock',
    );
  });

  it('moves the clock the domain reads: slots start after the new now', async () => {
    const vendor = await createVendor(ctx);
    const before = await availableSlots(ctx, vendor.serviceId, 14);
    expect(before.length).toBeGreaterThan(0);
    const later = new Date(Date.parse(before[0]!.startsAt) + 5 * 24 * 3600_000);

    const res = await ctx.app.inject({
      method: 'PUT',
      url: '/v1/test/clock',
      payload: { now: later.toISOString() },
    });
    expect(res.statusCode).toBe(200);
    const { now, offsetMs } = res.json().data as { now: string; offsetMs: number };
    expect(Math.abs(Date.parse(now) - later.getTime())).toBeLessThan(5_000);
    expect(offsetMs).toBeGreaterThan(4 * 24 * 3600_000);

    const after = await availableSlots(ctx, vendor.serviceId, 14);
    expect(after.length).toBeGreaterThan(0);
    for (const slot of after) expect(Date.parse(slot.startsAt)).toBeGreaterThan(later.getTime());
    expect(after.map((s) => s.startsAt)).not.toContain(before[0]!.startsAt);

    const read = await ctx.app.inject({ method: 'GET', url: '/v1/test/clock' });
    expect(read.json().data.offsetMs).toBe(offsetMs);
  });

  it('makes due, on request only, the jobs due by the moved clock and no others', async () => {
    const at = (days: number) => new Date(Date.now() + days * 24 * 3600_000);
    const message = {
      to: 'someone@vetted.test',
      subject: 'Later',
      text: 'Later.',
      html: '<p>Later.</p>',
    };
    const soon = await enqueue(ctx.app.db, mailJob, message, { startAfter: at(2) });
    const later = await enqueue(ctx.app.db, mailJob, message, { startAfter: at(9) });
    const isDue = async (id: string | null) => {
      const [row] = await ctx.app.db
        .select({ due: sql<boolean>`${outbox.dueAt} <= now()` })
        .from(outbox)
        .where(eq(outbox.id, id!));
      return row?.due;
    };
    const move = await ctx.app.inject({
      method: 'PUT',
      url: '/v1/test/clock',
      payload: { now: at(3).toISOString() },
    });
    expect(move.statusCode).toBe(200);
    // Moving the clock alone makes nothing due.
    expect([await isDue(soon), await isDue(later)]).toEqual([false, false]);

    const res = await ctx.app.inject({ method: 'POST', url: '/v1/test/jobs/due' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ due: 1 });
    expect([await isDue(soon), await isDue(later)]).toEqual([true, false]);
    expect((await off.app.inject({ method: 'POST', url: '/v1/test/jobs/due' })).statusCode).toBe(
      404,
    );
  });

  it('refuses a body without an ISO date-time, saying what to send', async () => {
    const res = await ctx.app.inject({
      method: 'PUT',
      url: '/v1/test/clock',
      payload: { now: 'tomorrow' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('ISO 8601');
  });

  it('cannot be turned on in production', () => {
    let error: unknown;
    try {
      loadConfig({ TEST_CLOCK: '1', NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(40) });
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).problems.map((p) => p.variable)).toContain('TEST_CLOCK');
  });
});
