import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { openDatabase } from '../src/db/client';
import { outbox } from '../src/db/schema';
import { enqueueMail } from '../src/domains/mail/service';
import { defineJob, defineSchedule, PermanentDeliveryError } from '../src/jobs/define';
import {
  createJobs,
  DEAD_LETTER_QUEUE,
  enqueue,
  type Jobs,
  pendingOutboxCount,
} from '../src/jobs/engine';
import { createTestContext, createTestDatabase, type TestContext } from './helpers';

const onPostgres = Boolean(process.env.DATABASE_URL);

let ctx: TestContext;
/** Calls the test jobs made to "the outside world", by idempotency key. */
const effects = new Map<string, number>();
/** What the outside world did: like a payment provider, once per idempotency key. */
const applied = new Set<string>();
/** Attempts the flaky job still refuses. */
let refusals = 0;

const echoJob = defineJob({
  name: 'test.echo',
  payload: z.object({ text: z.string(), secret: z.string().optional() }),
  async run(payload, ctx) {
    effects.set(ctx.key, (effects.get(ctx.key) ?? 0) + 1);
    // A one-time secret leaves the table once delivered.
    if (payload.secret) return { payload: { text: payload.text } };
  },
});

const flakyJob = defineJob({
  name: 'test.flaky',
  payload: z.object({ n: z.number() }),
  retryLimit: 2,
  retryDelay: 1,
  retryBackoff: true,
  async run(_payload, ctx) {
    if (refusals-- > 0) throw new Error(`refused attempt ${ctx.attempt}`);
  },
});

const hopelessJob = defineJob({
  name: 'test.hopeless',
  payload: z.object({}),
  async run() {
    throw new PermanentDeliveryError('this address does not exist');
  },
});

/** Expiry of {@link slowJob}, seconds. */
const SLOW_EXPIRY_S = 1;

/** A job whose worker may die: pg-boss takes it back after 1 s. */
const slowJob = defineJob({
  name: 'test.slow',
  payload: z.object({}),
  expireInSeconds: SLOW_EXPIRY_S,
  async run(_payload, ctx) {
    effects.set(ctx.key, (effects.get(ctx.key) ?? 0) + 1);
    applied.add(ctx.key);
  },
});

beforeAll(async () => {
  ctx = await createTestContext();
  for (const job of [echoJob, flakyJob, hopelessJob, slowJob])
    ctx.app.jobs.register(job, undefined);
  // Creates the queues of the jobs registered since the app started.
  await ctx.app.jobs.start();
});
afterAll(async () => ctx?.close());

/** The pg-boss job of an outbox row (same id), with its metadata. */
async function bossJob(name: string, id: string) {
  const [job] = await ctx.app.jobs.boss.findJobs(name, { id });
  return job;
}

async function row(id: string) {
  const [r] = await ctx.app.db.select().from(outbox).where(eq(outbox.id, id));
  return r;
}

describe('enqueue', () => {
  it('writes the row and its pg-boss job only if the transaction commits', async () => {
    await ctx.app.db
      .transaction(async (tx) => {
        await enqueue(tx, echoJob, { text: 'rolled back' }, { key: 'test:rollback' });
        throw new Error('use case failed');
      })
      .catch(() => {});
    const [rolledBack] = await ctx.app.db
      .select()
      .from(outbox)
      .where(eq(outbox.idempotencyKey, 'test:rollback'));
    expect(rolledBack).toBeUndefined();
    expect(
      await ctx.app.jobs.boss.findJobs(echoJob.name, { data: { text: 'rolled back' } }),
    ).toEqual([]);

    const id = await ctx.app.db.transaction((tx) =>
      enqueue(tx, echoJob, { text: 'committed' }, { key: 'test:commit' }),
    );
    expect(id).not.toBeNull();
    // The job carries only the row id: the payload stays in the outbox row.
    expect((await bossJob(echoJob.name, id!))?.data).toEqual({ outboxId: id });
    expect(await ctx.drain()).toBe(1);
    expect(effects.get('test:commit')).toBe(1);
    expect((await row(id!))?.deliveredAt).not.toBeNull();
    expect((await bossJob(echoJob.name, id!))?.state).toBe('completed');
  });

  it('queues one row and one job per key, however often it is enqueued', async () => {
    const first = await enqueue(ctx.app.db, echoJob, { text: 'once' }, { key: 'test:once' });
    const second = await ctx.app.db.transaction((tx) =>
      enqueue(tx, echoJob, { text: 'twice' }, { key: 'test:once' }),
    );
    expect(first).not.toBeNull();
    expect(second).toBeNull();
    expect(
      await ctx.app.jobs.boss.findJobs(echoJob.name, { data: { outboxId: first } }),
    ).toHaveLength(1);
    await ctx.drain();
    expect(effects.get('test:once')).toBe(1);
  });

  it('refuses a payload its schema rejects, before anything is written', async () => {
    const before = await pendingOutboxCount(ctx.app.db);
    await expect(
      enqueue(ctx.app.db, flakyJob, JSON.parse('{"n":"not a number"}'), { key: 'test:bad' }),
    ).rejects.toThrow();
    expect(await pendingOutboxCount(ctx.app.db)).toBe(before);
  });
});

describe('delivery', () => {
  it('retries with growing backoff, then dead-letters the job and marks the row failed', async () => {
    refusals = 3;
    const id = (await enqueue(ctx.app.db, flakyJob, { n: 1 }))!;
    const before = Date.now();
    expect(await ctx.drain()).toBe(1);
    const first = await bossJob(flakyJob.name, id);
    expect(first?.state).toBe('retry');
    // pg-boss backoff: retryDelay × 2^(n−1) … 2^n with jitter — 1–2 s after the first failure.
    const firstDelay = first!.startAfter.getTime() - before;
    expect(firstDelay).toBeGreaterThanOrEqual(900);
    expect((await row(id))?.dueAt.getTime()).toBe(first!.startAfter.getTime());
    expect(await row(id)).toMatchObject({ attempts: 1, lastError: 'refused attempt 1' });
    // Not due yet: a drain leaves it alone.
    expect(await ctx.drain()).toBe(0);

    await ctx.app.jobs.makeDue(id);
    const beforeSecond = Date.now();
    expect(await ctx.drain()).toBe(1);
    const second = await bossJob(flakyJob.name, id);
    expect(second?.state).toBe('retry');
    // 2–4 s after the second failure.
    expect(second!.startAfter.getTime() - beforeSecond).toBeGreaterThanOrEqual(1900);

    await ctx.app.jobs.makeDue(id);
    expect(await ctx.drain()).toBe(1);
    expect((await bossJob(flakyJob.name, id))?.state).toBe('failed');
    const dead = await ctx.app.jobs.boss.findJobs(DEAD_LETTER_QUEUE, { data: { outboxId: id } });
    expect(dead).toHaveLength(1);
    const failed = await row(id);
    expect(failed).toMatchObject({
      attempts: 3,
      lastError: 'refused attempt 3',
      deliveredAt: null,
    });
    expect(failed?.failedAt).not.toBeNull();
    expect(await ctx.drain()).toBe(0);
  });

  it('gives up at once on a permanent failure', async () => {
    const id = (await enqueue(ctx.app.db, hopelessJob, {}))!;
    expect(await ctx.drain()).toBe(1);
    expect((await bossJob(hopelessJob.name, id))?.state).toBe('cancelled');
    const r = await row(id);
    expect(r?.failedAt).not.toBeNull();
    expect(r?.attempts).toBe(1);
    expect(r?.lastError).toBe('this address does not exist');
    expect(await ctx.drain()).toBe(0);
  });

  it("delivers a dead worker's job once its expiry passed, with one effect", async () => {
    const id = (await enqueue(ctx.app.db, slowJob, {}, { key: 'test:slow' }))!;
    // A worker claims the job, does the external call with the row's key, and dies before it
    // records anything.
    const [claimed] = await ctx.app.jobs.boss.fetch(slowJob.name);
    expect(claimed?.id).toBe(id);
    effects.set('test:slow', 1);
    applied.add('test:slow');
    // Nothing else can take it while its claim runs.
    expect(await ctx.drain()).toBe(0);
    // pg-boss's maintenance takes back a job active past its expiry (1 s here). Its monitor
    // claims a queue once a minute, so it runs once, after the job's own expiry time.
    const active = await bossJob(slowJob.name, id);
    expect(active?.state).toBe('active');
    const expiresAt = active!.startedOn.getTime() + SLOW_EXPIRY_S * 1000;
    while (Date.now() <= expiresAt + 200) await new Promise((resolve) => setTimeout(resolve, 100));
    await ctx.app.jobs.boss.supervise(slowJob.name);
    expect((await bossJob(slowJob.name, id))?.state).toBe('retry');
    // Past its retry delay, another worker delivers it.
    await ctx.app.jobs.makeDue(id);
    expect(await ctx.drain()).toBe(1);
    expect((await row(id))?.deliveredAt).not.toBeNull();
    // Delivered twice with the same key (at least once), applied once (the key).
    expect(effects.get('test:slow')).toBe(2);
    expect([...applied].filter((k) => k === 'test:slow')).toHaveLength(1);
    expect(await ctx.drain()).toBe(0);
  });

  it('keeps no secret once delivered: not in the row, never in the job', async () => {
    const id = (await enqueue(ctx.app.db, echoJob, { text: 'hello', secret: '123456' }))!;
    expect(JSON.stringify((await bossJob(echoJob.name, id))?.data)).not.toContain('123456');
    await ctx.drain();
    expect((await row(id))?.payload).toEqual({ text: 'hello' });

    const mailId = (await enqueueMail(ctx.app.db, {
      to: 'someone@example.test',
      subject: 'Your code',
      text: 'Code 654321',
      html: '<p>Code 654321</p>',
      otp: '654321',
    }))!;
    await ctx.drain();
    const mail = await row(mailId);
    expect(mail?.deliveredAt).not.toBeNull();
    expect(JSON.stringify(mail?.payload)).not.toContain('654321');
  });

  it('delivers due jobs oldest first across kinds', async () => {
    const order: string[] = [];
    const a = defineJob({
      name: 'test.order.a',
      payload: z.object({ tag: z.string() }),
      run: async (p) => void order.push(p.tag),
    });
    const b = defineJob({ ...a, name: 'test.order.b' });
    ctx.app.jobs.register(a, undefined);
    ctx.app.jobs.register(b, undefined);
    await ctx.app.jobs.start();
    await ctx.app.db.transaction(async (tx) => {
      await enqueue(tx, b, { tag: 'capture' });
      await enqueue(tx, a, { tag: 'refund' });
    });
    await ctx.drain();
    expect(order).toEqual(['capture', 'refund']);
  });
});

describe('schedules', () => {
  it.skipIf(!onPostgres)(
    'run once per period across 3 instances (PostgreSQL only: one PGlite cannot be shared by instances)',
    async () => {
      const testDatabase = await createTestDatabase();
      const databases = await Promise.all(
        [0, 1, 2].map(() => openDatabase({ databaseUrl: testDatabase.databaseUrl })),
      );
      const runs: number[] = [];
      const tick = defineSchedule({
        name: 'test.tick',
        cron: '* * * * *',
        run: async () => void runs.push(Date.now()),
      });
      const engines: Jobs[] = [];
      try {
        // Started together: pg-boss installs its schema once, under its advisory lock.
        engines.push(
          ...(await Promise.all(
            databases.map((database) =>
              createJobs({
                db: database.db,
                databaseUrl: testDatabase.databaseUrl,
                log: ctx.app.log,
                pollMs: 500,
                stopTimeoutMs: 5000,
                boss: { cronMonitorIntervalSeconds: 1, cronWorkerIntervalSeconds: 1 },
              }),
            ),
          )),
        );
        for (const engine of engines) engine.schedule(tick, undefined);
        const startedAt = Date.now();
        await Promise.all(engines.map((engine) => engine.start()));
        // The current minute's occurrence is due at once; wait for it to run…
        const deadline = Date.now() + 45_000;
        while (runs.length === 0) {
          if (Date.now() > deadline) throw new Error('the schedule never ran');
          await new Promise((resolve) => setTimeout(resolve, 200));
        }
        // …then for three more cron passes (pg-boss stamps each in its version table).
        const cronOn = async () => {
          const rows = await databases[0]!.db.execute(sql`select cron_on from pgboss.version`);
          return JSON.stringify(rows);
        };
        let seen = await cronOn();
        for (let passes = 0; passes < 3; ) {
          if (Date.now() > deadline + 15_000) throw new Error('no further cron pass');
          await new Promise((resolve) => setTimeout(resolve, 200));
          const now = await cronOn();
          if (now !== seen) {
            passes++;
            seen = now;
          }
        }
        // One run per minute, whatever the number of instances: no more runs than the minutes
        // this window touched (a minute's run may start a moment into the next minute, so the
        // runs' own clock times are not compared).
        const minutesTouched = Math.floor(Date.now() / 60_000) - Math.floor(startedAt / 60_000) + 1;
        expect(runs.length).toBeGreaterThanOrEqual(1);
        expect(runs.length).toBeLessThanOrEqual(minutesTouched);
      } finally {
        await Promise.all(engines.map((engine) => engine.stop()));
        await Promise.all(databases.map((database) => database.close()));
        await testDatabase.drop();
      }
    },
    90_000,
  );
});
