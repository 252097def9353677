import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outbox } from '../src/db/schema';
import { enqueue, pendingOutboxCount } from '../src/outbox/outbox';
import { createOutboxWorker, PermanentDeliveryError } from '../src/outbox/worker';
import { createTestContext, type TestContext } from './helpers';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => ctx?.close());

/** A clock the test moves by hand. */
function fakeClock(start = Date.now()) {
  let now = start;
  return {
    now: () => new Date(now),
    advance: (ms: number) => {
      now += ms;
    },
  };
}

describe('enqueue', () => {
  it('writes a row only once per idempotency key, and only if the transaction commits', async () => {
    const first = await enqueue(ctx.app.db, { kind: 'test.once', payload: { n: 1 }, key: 'k-1' });
    const again = await enqueue(ctx.app.db, { kind: 'test.once', payload: { n: 2 }, key: 'k-1' });
    expect(first[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(again).toEqual([null]);
    await expect(
      ctx.app.db.transaction(async (tx) => {
        await enqueue(tx, { kind: 'test.once', payload: {}, key: 'k-rolled-back' });
        throw new Error('use case failed');
      }),
    ).rejects.toThrow('use case failed');
    const rows = await ctx.app.db.select().from(outbox).where(eq(outbox.kind, 'test.once'));
    expect(rows.map((r) => [r.idempotencyKey, r.payload])).toEqual([['k-1', { n: 1 }]]);
  });
});

describe('the worker', () => {
  it('hands each handler its payload and the row key, and marks the row delivered', async () => {
    const seen: { payload: unknown; key: string; attempt: number }[] = [];
    const worker = createOutboxWorker({ db: ctx.app.db, log: ctx.app.log });
    worker.register('test.seen', async (payload: never, c) => {
      seen.push({ payload, key: c.key, attempt: c.attempt });
    });
    const [id] = await enqueue(ctx.app.db, {
      kind: 'test.seen',
      payload: { hello: 'world' },
      key: 'order:1:capture',
    });
    expect(await worker.drain()).toBe(1);
    expect(seen).toEqual([{ payload: { hello: 'world' }, key: 'order:1:capture', attempt: 1 }]);
    const [row] = await ctx.app.db.select().from(outbox).where(eq(outbox.id, id!));
    expect(row?.deliveredAt).not.toBeNull();
    expect(await worker.drain()).toBe(0);
  });

  it('claims a row in the same millisecond it was enqueued', async () => {
    const [id] = await enqueue(ctx.app.db, { kind: 'test.same-ms', payload: {} });
    const [row] = await ctx.app.db.select().from(outbox).where(eq(outbox.id, id!));
    // A worker whose clock reads exactly the row's due time (milliseconds) must see it as due;
    // a microsecond due time from the database's now() would still be in its future.
    const frozen = { now: () => new Date(row!.dueAt.getTime()) };
    const worker = createOutboxWorker({ db: ctx.app.db, log: ctx.app.log, clock: frozen });
    let calls = 0;
    worker.register('test.same-ms', async () => {
      calls++;
    });
    expect(await worker.runOnce()).toBe(1);
    expect(calls).toBe(1);
  });

  it('retries with growing backoff, then gives up after maxAttempts', async () => {
    const clock = fakeClock();
    const worker = createOutboxWorker({
      db: ctx.app.db,
      log: ctx.app.log,
      clock,
      maxAttempts: 3,
      backoff: { factor: 2, minTimeout: 1000, maxTimeout: 60_000, randomize: false },
    });
    let calls = 0;
    worker.register('test.flaky', async () => {
      calls++;
      throw new Error(`down #${calls}`);
    });
    const [id] = await enqueue(ctx.app.db, { kind: 'test.flaky', payload: {}, dueAt: clock.now() });
    const row = async () => (await ctx.app.db.select().from(outbox).where(eq(outbox.id, id!)))[0]!;

    expect(await worker.runOnce()).toBe(1);
    const t1 = clock.now().getTime();
    expect((await row()).dueAt.getTime() - t1).toBe(1000);
    // Not due until the backoff has passed.
    clock.advance(999);
    expect(await worker.runOnce()).toBe(0);
    clock.advance(1);
    expect(await worker.runOnce()).toBe(1);
    expect((await row()).dueAt.getTime() - clock.now().getTime()).toBe(2000);
    clock.advance(2000);
    expect(await worker.runOnce()).toBe(1);
    const last = await row();
    expect(calls).toBe(3);
    expect(last.failedAt).not.toBeNull();
    expect(last.deliveredAt).toBeNull();
    expect(last.lastError).toBe('down #3');
    clock.advance(3_600_000);
    expect(await worker.runOnce()).toBe(0);
  });

  it('does not retry a permanent failure', async () => {
    const worker = createOutboxWorker({ db: ctx.app.db, log: ctx.app.log });
    let calls = 0;
    worker.register('test.permanent', async () => {
      calls++;
      throw new PermanentDeliveryError('no such mailbox');
    });
    const [id] = await enqueue(ctx.app.db, { kind: 'test.permanent', payload: {} });
    await worker.drain();
    const [row] = await ctx.app.db.select().from(outbox).where(eq(outbox.id, id!));
    expect(calls).toBe(1);
    expect(row?.failedAt).not.toBeNull();
    expect(row?.lastError).toBe('no such mailbox');
  });

  it('replaces the stored payload when the handler asks (secrets leave the table)', async () => {
    const worker = createOutboxWorker({ db: ctx.app.db, log: ctx.app.log });
    worker.register('test.secret', async () => ({ payload: { redacted: true } }));
    const [id] = await enqueue(ctx.app.db, { kind: 'test.secret', payload: { code: '123456' } });
    await worker.drain();
    const [row] = await ctx.app.db.select().from(outbox).where(eq(outbox.id, id!));
    expect(row?.payload).toEqual({ redacted: true });
  });

  it('takes over a row whose worker died mid-delivery once the lease has passed', async () => {
    const clock = fakeClock();
    const dead = createOutboxWorker({ db: ctx.app.db, log: ctx.app.log, clock, leaseMs: 60_000 });
    const alive = createOutboxWorker({ db: ctx.app.db, log: ctx.app.log, clock, leaseMs: 60_000 });
    const keys: string[] = [];
    // The dead worker claims and never finishes (its handler hangs forever).
    dead.register('test.lease', () => new Promise<void>(() => {}));
    alive.register('test.lease', async (_p: never, c) => {
      keys.push(c.key);
    });
    await enqueue(ctx.app.db, {
      kind: 'test.lease',
      payload: {},
      key: 'lease-1',
      dueAt: clock.now(),
    });
    void dead.runOnce();
    // Wait until the claim is visible (a state, not a sleep).
    for (;;) {
      const [r] = await ctx.app.db
        .select()
        .from(outbox)
        .where(eq(outbox.idempotencyKey, 'lease-1'));
      if (r?.claimedBy === dead.workerId) break;
      await new Promise((resolve) => setImmediate(resolve));
    }
    expect(await alive.runOnce()).toBe(0);
    clock.advance(60_001);
    expect(await alive.runOnce()).toBe(1);
    // Same idempotency key on the second delivery: the effect happens once downstream.
    expect(keys).toEqual(['lease-1']);
    const [r] = await ctx.app.db.select().from(outbox).where(eq(outbox.idempotencyKey, 'lease-1'));
    expect(r?.deliveredAt).not.toBeNull();
    expect(r?.attempts).toBe(2);
  });

  it('delivers every row exactly once when several workers run at the same time', async () => {
    const delivered = new Map<string, number>();
    const workers = [1, 2, 3].map(() => {
      const w = createOutboxWorker({ db: ctx.app.db, log: ctx.app.log, batchSize: 5 });
      w.register('test.race', async (p: { n: number }) => {
        delivered.set(String(p.n), (delivered.get(String(p.n)) ?? 0) + 1);
      });
      return w;
    });
    await enqueue(
      ctx.app.db,
      Array.from({ length: 40 }, (_, n) => ({ kind: 'test.race', payload: { n } })),
    );
    await Promise.all(workers.map((w) => w.drain()));
    expect(delivered.size).toBe(40);
    expect([...delivered.values()].every((count) => count === 1)).toBe(true);
    expect(
      (await ctx.app.db.select().from(outbox).where(eq(outbox.kind, 'test.race'))).every(
        (r) => r.deliveredAt !== null,
      ),
    ).toBe(true);
  });

  it('counts pending rows', async () => {
    const before = await pendingOutboxCount(ctx.app.db);
    await enqueue(ctx.app.db, { kind: 'test.pending', payload: {} });
    expect(await pendingOutboxCount(ctx.app.db)).toBe(before + 1);
  });
});
