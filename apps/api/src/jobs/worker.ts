import { and, eq, gt, isNull, lte, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { JobWithMetadata, PgBoss } from 'pg-boss';
import { z } from 'zod';
import type { Db } from '../db/client';
import { outbox } from '../db/schema';
import { truncate } from '../lib/text';
import {
  type DeliveryContext,
  type JobDefinition,
  type JobOptions,
  PermanentDeliveryError,
} from './define';
import { notHeldByWriter } from './after-commit';
import { jobData } from './enqueue';
import { DEAD_LETTER_QUEUE, DEFAULT_JOB_OPTIONS } from './options';

type Delivery = (
  payload: unknown,
  ctx: DeliveryContext,
) => Promise<{ payload: unknown } | undefined>;

/** What settling a delivered job asks of pg-boss. */
type Outcome = { status: 'completed' } | { status: 'failed' | 'cancelled'; error: string };

/** The state of one app's job engine (jobs/engine.ts `createJobs`), shared by its operations. */
export interface Engine {
  db: Db;
  log: FastifyBaseLogger;
  boss: PgBoss;
  instanceId: string;
  /** Whether this process runs workers and schedules (`pollMs` > 0). */
  polling: boolean;
  pollMs: number;
  deliveries: Map<string, Delivery>;
  /** Each registered kind's retry and expiry options (its definition's, over the defaults). */
  queueOptions: Map<string, JobOptions>;
  tasks: { name: string; cron: string; run: () => Promise<unknown> }[];
  workers: string[];
}

/** Runs one job: its outbox row through the kind's `run`, recording the outcome on the row. */
async function deliver(engine: Engine, job: JobWithMetadata<unknown>): Promise<Outcome> {
  const { db, deliveries, instanceId, log } = engine;
  const data = jobData.safeParse(job.data);
  if (!data.success) return { status: 'cancelled', error: 'job data is not { outboxId }' };
  const id = data.data.outboxId;
  const attempt = job.retryCount + 1;
  const undelivered = and(eq(outbox.id, id), isNull(outbox.deliveredAt), isNull(outbox.failedAt));
  // Atomic against the writer's own delivery (jobs/after-commit.ts): a row it still holds is
  // not taken, so exactly one of the two delivers it.
  const [row] = await db
    .update(outbox)
    .set({ attempts: attempt, claimedAt: new Date(), claimedBy: instanceId })
    .where(and(undelivered, notHeldByWriter))
    .returning();
  if (!row) {
    const [held] = await db.select({ id: outbox.id }).from(outbox).where(undelivered);
    // Its writer is delivering it after commit: look again after pg-boss's backoff.
    if (held) return { status: 'failed', error: 'held by its writer for delivery after commit' };
    // Delivered already (by its writer, or the worker died between the row's update and the
    // job's completion).
    return { status: 'completed' };
  }
  const run = deliveries.get(job.name);
  try {
    if (!run) throw new Error(`no job registered as "${job.name}"`);
    const result = await run(row.payload, {
      id: row.id,
      key: row.idempotencyKey ?? `${row.kind}:${row.id}`,
      kind: row.kind,
      attempt,
      createdAt: row.createdAt,
    });
    await db
      .update(outbox)
      .set({
        deliveredAt: new Date(),
        claimedAt: null,
        lastError: null,
        ...(result ? { payload: result.payload ?? null } : {}),
      })
      .where(eq(outbox.id, id));
    return { status: 'completed' };
  } catch (err) {
    const error = truncate(err instanceof Error ? err.message : String(err), 1000, {
      ellipsis: '',
    });
    const permanent = err instanceof PermanentDeliveryError || err instanceof z.ZodError;
    const final = permanent || job.retryCount >= job.retryLimit;
    log.warn(
      { err, outboxId: id, kind: job.name, attempt, final },
      final ? 'job failed for good' : 'job failed; pg-boss retries it',
    );
    await db
      .update(outbox)
      .set({ claimedAt: null, lastError: error, ...(final ? { failedAt: new Date() } : {}) })
      .where(eq(outbox.id, id));
    return { status: permanent ? 'cancelled' : 'failed', error };
  }
}

/**
 * Runs a fetched job and settles it: completed; failed, which pg-boss retries after its
 * backoff (the row's `due_at` is set to that next attempt) or dead-letters after the last
 * attempt; or cancelled when it can never succeed (no retry, no dead letter).
 */
export async function runAndSettle(engine: Engine, job: JobWithMetadata<unknown>): Promise<void> {
  const { boss, db } = engine;
  const outcome = await deliver(engine, job);
  const attempt = { id: job.id, retryCount: job.retryCount };
  if (outcome.status === 'completed') {
    await boss.complete(job.name, attempt);
  } else if (outcome.status === 'cancelled') {
    await boss.cancel(job.name, attempt);
  } else {
    await boss.fail(job.name, attempt, { error: outcome.error });
    const [next] = await boss.findJobs(job.name, { id: job.id });
    if (next?.state === 'retry') {
      await db.update(outbox).set({ dueAt: next.startAfter }).where(eq(outbox.id, job.id));
    }
  }
}

/** `Jobs.register`: the kind's queue options (its definition's over the defaults) and its run. */
export function registerJob<S extends z.ZodType, D>(
  engine: Engine,
  job: JobDefinition<S, D>,
  deps: D,
): void {
  const { queueOptions, deliveries } = engine;
  queueOptions.set(job.name, {
    ...DEFAULT_JOB_OPTIONS,
    ...Object.fromEntries(
      (
        [
          'retryLimit',
          'retryDelay',
          'retryBackoff',
          'retryDelayMax',
          'expireInSeconds',
          'heartbeatSeconds',
        ] as const
      )
        .filter((k) => job[k] !== undefined)
        .map((k) => [k, job[k]]),
    ),
  });
  deliveries.set(job.name, async (payload, ctx) => {
    const result = await job.run(job.payload.parse(payload), ctx, deps);
    return result ? { payload: result.payload } : undefined;
  });
}

/** `Jobs.drain`: see {@link Jobs.drain}. */
export async function drainJobs(engine: Engine): Promise<number> {
  const { boss, db, deliveries } = engine;
  let total = 0;
  for (;;) {
    // Due by this process's wall clock, which a test may have moved (`vi.setSystemTime`),
    // though not yet by the database's: made due now. PGlite reads the same clock.
    const early = await db
      .select({ id: outbox.id })
      .from(outbox)
      .where(
        and(
          isNull(outbox.deliveredAt),
          isNull(outbox.failedAt),
          lte(outbox.dueAt, new Date()),
          gt(outbox.dueAt, sql`now()`),
        ),
      );
    for (const { id } of early) await makeDue(engine, id);
    const batch: JobWithMetadata<unknown>[] = [];
    for (const name of deliveries.keys()) {
      batch.push(...(await boss.fetch(name, { batchSize: 100, includeMetadata: true })));
    }
    if (batch.length === 0) return total;
    // Due order across kinds (a capture before its refund): start time, then id (UUIDv7, so
    // the order rows were written in).
    batch.sort(
      (a, b) =>
        a.startAfter.getTime() - b.startAfter.getTime() || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0),
    );
    for (const job of batch) {
      await runAndSettle(engine, job);
      total += 1;
    }
  }
}

/** `Jobs.start`: creates the queues, then (polling on) starts the workers and the schedules. */
export async function startJobs(engine: Engine, kick: () => void): Promise<void> {
  const { boss, deliveries, queueOptions, tasks, workers, polling, pollMs } = engine;
  await boss.createQueue(DEAD_LETTER_QUEUE, { deleteAfterSeconds: 30 * 24 * 3600 });
  const names = [...deliveries.keys(), ...tasks.map((t) => t.name)];
  const existing = new Set((await boss.getQueues(names)).map((q) => q.name));
  for (const name of deliveries.keys()) {
    const options = { ...DEFAULT_JOB_OPTIONS, ...queueOptions.get(name) };
    // An existing queue takes this version's retry and expiry options.
    if (existing.has(name)) await boss.updateQueue(name, options);
    else await boss.createQueue(name, { ...options, deadLetter: DEAD_LETTER_QUEUE, notify: true });
  }
  for (const task of tasks) {
    if (!existing.has(task.name)) {
      // A missed or failed pass is not retried: the next period runs it again.
      await boss.createQueue(task.name, { retryLimit: 0, expireInSeconds: 3600 });
    }
  }
  if (!polling) return;
  const pollingIntervalSeconds = Math.max(0.5, pollMs / 1000);
  for (const name of deliveries.keys()) {
    workers.push(
      await boss.work(
        name,
        { pollingIntervalSeconds, batchSize: 5, includeMetadata: true },
        async (batch) => {
          // Settled here, one by one; pg-boss's own completion of the batch afterwards
          // only settles a job still active, so it changes none of these.
          for (const job of batch) await runAndSettle(engine, job);
          // What this batch enqueued (a capture's notifications) leaves now, not at the next poll.
          kick();
        },
      ),
    );
  }
  for (const task of tasks) {
    await boss.schedule(task.name, task.cron, null, { tz: 'UTC' });
    workers.push(
      await boss.work(task.name, { pollingIntervalSeconds: 5 }, async () => {
        await task.run();
      }),
    );
  }
}

/** `Jobs.makeDue`: the job of an outbox row due now, by the database's clock. */
export async function makeDue(engine: Engine, outboxId: string): Promise<void> {
  const { boss, db } = engine;
  // By the database's clock, which pg-boss compares start times with.
  const [row] = await db
    .update(outbox)
    .set({ dueAt: sql`now()` })
    .where(eq(outbox.id, outboxId))
    .returning({ kind: outbox.kind, dueAt: outbox.dueAt });
  if (!row) return;
  await boss.update(row.kind, undefined, {
    id: outboxId,
    startAfter: new Date(row.dueAt.getTime() - 1000),
  });
}
