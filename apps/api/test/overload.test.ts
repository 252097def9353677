import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { OVERLOADED_MESSAGE } from '../src/platform/overload';
import { createTestContext, type TestContext } from './helpers';

/**
 * Load shedding: under pressure a request is answered at once with 503 and
 * Retry-After in the spec §3 error shape, instead of waiting until the client times out. The
 * pressure is forced through the heap limit (1 byte: always exceeded once sampled), so the test
 * waits on the plugin's state, not on a loaded machine.
 */

let shedding: TestContext;
beforeAll(async () => {
  shedding = await createTestContext({ overloadMaxHeapUsedBytes: 1, overloadRetryAfterS: 7 });
});
afterAll(async () => shedding?.close());

describe('under pressure', () => {
  it('answers 503 with Retry-After and says what to do', async () => {
    // The plugin samples the heap every second; wait for the sample that sees the limit passed.
    await vi.waitFor(() => expect(shedding.app.isUnderPressure()).toBe(true), {
      timeout: 15_000,
      interval: 100,
    });
    const res = await shedding.app.inject({ method: 'GET', url: '/v1/categories' });
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBe('7');
    expect(res.json()).toEqual({
      ok: false,
      error: { message: OVERLOADED_MESSAGE, code: 'overloaded' },
    });
    const write = await shedding.app.inject({
      method: 'POST',
      url: '/v1/auth/login',
      payload: { email: 'a@b.test', password: 'whatever-123' },
    });
    expect(write.statusCode).toBe(503);
  });

  it('is off when neither limit is set (the test default), so requests are served', async () => {
    const calm = await createTestContext();
    try {
      expect(calm.config.overloadMaxEventLoopDelayMs).toBe(0);
      const res = await calm.app.inject({ method: 'GET', url: '/v1/categories' });
      expect(res.statusCode).toBe(200);
    } finally {
      await calm.close();
    }
  });
});

describe('too many requests at the database', () => {
  it('answers 503 with Retry-After at once past OVERLOAD_MAX_IN_FLIGHT, and serves the admitted ones', async () => {
    const ctx = await createTestContext({ overloadMaxInFlight: 2, overloadRetryAfterS: 3 });
    try {
      // Hold the database: a transaction that locks the vendor table until the test opens the
      // gate (PGlite runs one transaction at a time; PostgreSQL blocks readers on the lock).
      let open!: () => void;
      const gate = new Promise<void>((resolve) => {
        open = resolve;
      });
      let locked!: () => void;
      const isLocked = new Promise<void>((resolve) => {
        locked = resolve;
      });
      const holder = ctx.app.db.transaction(async (tx) => {
        await tx.execute(sql`lock table vendor_profiles in access exclusive mode`);
        locked();
        await gate;
      });
      await isLocked;
      const admitted = [
        ctx.app.inject({ method: 'GET', url: '/v1/vendors' }),
        ctx.app.inject({ method: 'GET', url: '/v1/vendors?page=2' }),
      ];
      await vi.waitFor(() => expect(ctx.app.admission.inFlight).toBe(2), { timeout: 5_000 });

      const shed = await ctx.app.inject({ method: 'GET', url: '/v1/categories' });
      expect(shed.statusCode).toBe(503);
      expect(shed.headers['retry-after']).toBe('3');
      expect(shed.json()).toEqual({
        ok: false,
        error: { message: OVERLOADED_MESSAGE, code: 'overloaded' },
      });
      // Not behind the database: still served.
      expect((await ctx.app.inject({ method: 'GET', url: '/v1/health' })).statusCode).toBe(200);

      open();
      await holder;
      for (const res of await Promise.all(admitted)) expect(res.statusCode).toBe(200);
      expect(ctx.app.admission.inFlight).toBe(0);
      expect((await ctx.app.inject({ method: 'GET', url: '/v1/categories' })).statusCode).toBe(200);
    } finally {
      await ctx.close();
    }
  });
});
