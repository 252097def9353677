import { hostname } from 'node:os';
import { and, eq, gt, isNotNull, isNull, lt, lte, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import {
  type ConstructorOptions,
  fromDrizzle,
  fromPglite,
  type JobWithMetadata,
  PgBoss,
  type PGliteLike,
} from 'pg-boss';
import { v7 as uuidv7 } from 'uuid';
import { z } from 'zod';
import type { Db, DbOrTx } from '../db/client';
import { truncate } from '../lib/text';
import { outbox } from '../db/schema';
import {
  type DeliveryContext,
  type JobDefinition,
  type JobOptions,
  PermanentDeliveryError,
  type ScheduleDefinition,
} from './define';

/**
 * A running job's worker confirms it is alive this often (s; pg-boss `heartbeatSeconds`, its
 * minimum 10), and pg-boss's supervisor looks for silent ones as often: a job whose instance
 * died (SIGKILL, a lost machine) is retried by another instance within about twice this,
 * instead of waiting out `expireInSeconds`.
 */
const JOB_HEARTBEAT_S = 10;

/**
 * Retry, expiry and retention of every job kind unless its definition says otherwise
 * (pg-boss queue options):
 * - 10 attempts (`retryLimit` 9) with exponential backoff from 1 s, jittered, capped at 1 h:
 *   about 4 h 30 min of retries in all, long enough to ride out a provider or SMTP outage, the
 *   same budget the outbox had before;
 * - `expireInSeconds` 300: a delivery running longer than 5 min is taken back and retried —
 *   far above the slowest call a job makes (Stripe's client gives up after 80 s and 2 retries),
 *   so only a hung worker's job is retried, and then once (the idempotency key makes the second
 *   delivery a no-op at the provider); a dead worker's stops its heartbeat (`heartbeatSeconds`)
 *   and is retried sooner;
 * - finished pg-boss jobs are deleted after 1 day (`deleteAfterSeconds`): the `outbox` row is
 *   the lasting record, kept `OUTBOX_RETENTION_DAYS` once delivered.
 */
export const DEFAULT_JOB_OPTIONS = {
  retryLimit: 9,
  retryDelay: 1,
  retryBackoff: true,
  retryDelayMax: 3600,
  expireInSeconds: 300,
  heartbeatSeconds: JOB_HEARTBEAT_S,
  deleteAfterSeconds: 24 * 3600,
} as const;

/** The queue that keeps jobs which failed every attempt (pg-boss `deadLetter`), for `redrive`. */
export const DEAD_LETTER_QUEUE = 'outbox.dead';

/** pg-boss's schema in our database. */
const BOSS_SCHEMA = 'pgboss';

/** What a pg-boss job of an outbox kind carries: only the row id, never the payload (it may hold a secret). */
const jobData = z.object({ outboxId: z.uuid() });
type JobData = z.infer<typeof jobData>;

/** One side effect to enqueue: its payload (parsed with the job's schema) and options. */
export interface EnqueueItem<P> {
  payload: P;
  /**
   * Unique key of this side effect (e.g. `payment:<id>:capture`). Enqueueing the same key twice
   * is a no-op, and `run` receives it to pass on as the external idempotency key. Default
   * `<name>:<row id>`.
   */
  key?: string;
  /** Not before this time; default now. */
  startAfter?: Date;
}

/**
 * The pg-boss instances started in this process, newest last. {@link enqueue} inserts through one
 * of them: a job's insert runs on the caller's transaction, and pg-boss needs a started
 * instance only for the queue's definition (its table and policy), which every instance of
 * this code declares identically (`createJobs` creates every queue before it serves).
 */
const producers: PgBoss[] = [];

function producer(): PgBoss {
  const boss = producers.at(-1);
  if (!boss) throw new Error('jobs are not started: build the app (`outbox` plugin) first');
  return boss;
}

/**
 * Queues side effects of one kind inside the caller's transaction (ARCHITECTURE §1a): an
 * `outbox` row each (the lasting record: payload, key, delivery state) and, in the same
 * transaction, the pg-boss job that delivers it (job id = row id, data = `{ outboxId }`).
 * Both exist if and only if the transaction commits. Each payload is parsed with the job's
 * schema first (a bad one throws here, in the use case, not later in the worker). Returns the
 * row ids in input order; an item whose key was already enqueued gets `null` and no job.
 */
export async function enqueueEach<S extends z.ZodType>(
  db: DbOrTx,
  job: JobDefinition<S, never>,
  items: EnqueueItem<z.input<S>>[],
): Promise<(string | null)[]> {
  if (items.length === 0) return [];
  const rows = items.map((item) => {
    job.payload.parse(item.payload);
    const id = uuidv7();
    return {
      id,
      kind: job.name,
      payload: item.payload ?? null,
      idempotencyKey: item.key ?? `${job.name}:${id}`,
      // Taken here, in milliseconds: see the note in the drain's order.
      dueAt: item.startAfter ?? new Date(),
      startAfter: item.startAfter,
    };
  });
  const boss = producer();
  // A savepoint when `db` is a transaction, a transaction of its own when it is not: the row and
  // its job are written together either way.
  return db.transaction(async (tx) => {
    const inserted = await tx
      .insert(outbox)
      .values(rows.map(({ startAfter: _, ...row }) => row))
      .onConflictDoNothing({ target: outbox.idempotencyKey })
      .returning({ id: outbox.id });
    const ids = new Set(inserted.map((r) => r.id));
    const fresh = rows.filter((r) => ids.has(r.id));
    if (fresh.length > 0) {
      await boss.insert(
        job.name,
        fresh.map((r) => ({
          id: r.id,
          data: { outboxId: r.id } satisfies JobData,
          ...(r.startAfter ? { startAfter: r.startAfter } : {}),
        })),
        { db: fromDrizzle(tx, sql) },
      );
      enqueuedKinds.add(job.name);
    }
    return rows.map((r) => (ids.has(r.id) ? r.id : null));
  });
}

/** {@link enqueueEach} of one item; resolves with its row id, or null when its key was already queued. */
export async function enqueue<S extends z.ZodType>(
  db: DbOrTx,
  job: JobDefinition<S, never>,
  payload: z.input<S>,
  options: Omit<EnqueueItem<z.input<S>>, 'payload'> = {},
): Promise<string | null> {
  const [id] = await enqueueEach(db, job, [{ ...options, payload }]);
  return id ?? null;
}

/**
 * Makes the jobs of these outbox rows due now (rows given by id and kind): a job waiting out its
 * retry backoff starts now, one that failed every attempt or was given up on runs again
 * (pg-boss `retry` / `resume`). For an outside system's word that what a job waits for has
 * happened, e.g. a provider webhook saying a pending refund settled. Jobs already delivered or
 * running are left alone.
 */
export async function redeliverNow(rows: { id: string; kind: string }[]): Promise<void> {
  if (rows.length === 0) return;
  const boss = producer();
  for (const { id, kind } of rows) {
    const [job] = await boss.findJobs(kind, { id });
    if (!job) continue;
    if (job.state === 'failed') await boss.retry(kind, id);
    else if (job.state === 'cancelled') await boss.resume(kind, id);
    else if (job.state === 'created' || job.state === 'retry') {
      // pg-boss compares start times with the database's clock; a second back is due on both.
      await boss.update(kind, undefined, { id, startAfter: new Date(Date.now() - 1000) });
    }
    enqueuedKinds.add(kind);
  }
}

/** Kinds enqueued by this process since its workers were last woken (see `Jobs.kick`). */
const enqueuedKinds = new Set<string>();

/** Rows not yet delivered nor given up on (for tests and health checks). */
export async function pendingOutboxCount(db: DbOrTx): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(outbox)
    .where(and(isNull(outbox.deliveredAt), isNull(outbox.failedAt)));
  return row?.n ?? 0;
}

function isPglite(client: unknown): client is PGliteLike {
  return typeof client === 'object' && client !== null && 'query' in client && 'exec' in client;
}

/** The PGlite instance under a Drizzle PGlite database (drizzle's `$client`). */
function pgliteOf(db: Db): PGliteLike {
  const client: unknown = Reflect.get(db, '$client');
  if (!isPglite(client)) throw new Error('no DATABASE_URL and the database is not PGlite');
  return client;
}

export interface JobsOptions {
  db: Db;
  /** PostgreSQL URL (pg-boss opens its own small pool); unset means PGlite through `db`. */
  databaseUrl?: string;
  log: FastifyBaseLogger;
  /**
   * Poll interval (ms) of this process's workers (`OUTBOX_POLL_MS`); 0 starts no worker and no
   * schedule: rows are delivered only by `drain()` (tests).
   */
  pollMs: number;
  /** How long `stop()` lets running jobs finish, ms. */
  stopTimeoutMs: number;
  /** Extra pg-boss options (tests shorten its monitor intervals). */
  boss?: Partial<ConstructorOptions>;
}

type Delivery = (
  payload: unknown,
  ctx: DeliveryContext,
) => Promise<{ payload: unknown } | undefined>;

/** What settling a delivered job asks of pg-boss. */
type Outcome = { status: 'completed' } | { status: 'failed' | 'cancelled'; error: string };

/** The job engine of one app: pg-boss workers and schedules over the `outbox` table. */
export interface Jobs {
  /** Adds a job kind and what its `run` needs; before `start()`. */
  register<S extends z.ZodType, D>(job: JobDefinition<S, D>, deps: D): void;
  /** Adds a periodic task, run once per period across all instances; before `start()`. */
  schedule<D>(task: ScheduleDefinition<D>, deps: D): void;
  /**
   * Delivers every due job now, in due order (oldest first), in this process, and again until
   * none is due (tests: `ctx.drain()`). Due means by this process's wall clock. Resolves with
   * how many deliveries ran.
   */
  drain(): Promise<number>;
  /** Wakes this process's workers of the kinds enqueued since the last kick (after a write). */
  kick(): void;
  /** Creates the queues, then (polling on) starts the workers and the schedules. */
  start(): Promise<void>;
  /** Stops the workers, letting running jobs finish within `stopTimeoutMs`. */
  stop(): Promise<void>;
  /** Makes the job of an outbox row due now, e.g. a retry waiting out its backoff (tests). */
  makeDue(outboxId: string): Promise<void>;
  /** Resolves when pg-boss's schema answers (readiness). */
  probe(): Promise<void>;
  /** The pg-boss instance (tests read its queues). */
  readonly boss: PgBoss;
  readonly instanceId: string;
}

/**
 * Starts pg-boss on the app's database and returns the engine. pg-boss installs or migrates its
 * own schema (`pgboss`) at start inside a transaction under its advisory lock, so instances
 * starting together on an empty database install it once.
 */
export async function createJobs(opts: JobsOptions): Promise<Jobs> {
  const { db, log, pollMs } = opts;
  const instanceId = `${hostname()}:${process.pid}:${uuidv7().slice(-12)}`;
  const polling = pollMs > 0;
  const boss = new PgBoss({
    ...(opts.databaseUrl
      ? { connectionString: opts.databaseUrl, max: 4, useListenNotify: polling }
      : { db: fromPglite(pgliteOf(db)), backend: 'pglite' as const }),
    schema: BOSS_SCHEMA,
    migrate: true,
    // Maintenance (expiry, retention) and the cron clock run where jobs run.
    supervise: polling,
    // How often expired and silent (no heartbeat) jobs are looked for: see JOB_HEARTBEAT_S.
    superviseIntervalSeconds: JOB_HEARTBEAT_S,
    monitorIntervalSeconds: JOB_HEARTBEAT_S,
    schedule: polling,
    registerInstance: polling,
    instanceName: 'api',
    ...opts.boss,
  });
  boss.on('error', (err) => log.error({ err }, 'pg-boss error'));
  await boss.start();
  producers.push(boss);

  const deliveries = new Map<string, Delivery>();
  /** Each registered kind's retry and expiry options (its definition's, over the defaults). */
  const queueOptions = new Map<string, JobOptions>();
  const tasks: { name: string; cron: string; run: () => Promise<unknown> }[] = [];
  const workers: string[] = [];
  let stopped = false;

  /** Runs one job: its outbox row through the kind's `run`, recording the outcome on the row. */
  async function deliver(job: JobWithMetadata<unknown>): Promise<Outcome> {
    const data = jobData.safeParse(job.data);
    if (!data.success) return { status: 'cancelled', error: 'job data is not { outboxId }' };
    const id = data.data.outboxId;
    const attempt = job.retryCount + 1;
    const [row] = await db
      .update(outbox)
      .set({ attempts: attempt, claimedAt: new Date(), claimedBy: instanceId })
      .where(and(eq(outbox.id, id), isNull(outbox.deliveredAt), isNull(outbox.failedAt)))
      .returning();
    // Delivered already (the worker died between the row's update and the job's completion).
    if (!row) return { status: 'completed' };
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
  async function runAndSettle(job: JobWithMetadata<unknown>): Promise<void> {
    const outcome = await deliver(job);
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

  const jobs: Jobs = {
    boss,
    instanceId,
    register(job, deps) {
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
    },
    schedule(task, deps) {
      tasks.push({ name: task.name, cron: task.cron, run: () => task.run(deps) });
    },
    async drain() {
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
        for (const { id } of early) await jobs.makeDue(id);
        const batch: JobWithMetadata<unknown>[] = [];
        for (const name of deliveries.keys()) {
          batch.push(...(await boss.fetch(name, { batchSize: 100, includeMetadata: true })));
        }
        if (batch.length === 0) return total;
        // Due order across kinds (a capture before its refund): start time, then id (UUIDv7, so
        // the order rows were written in).
        batch.sort(
          (a, b) =>
            a.startAfter.getTime() - b.startAfter.getTime() ||
            (a.id < b.id ? -1 : a.id > b.id ? 1 : 0),
        );
        for (const job of batch) {
          await runAndSettle(job);
          total += 1;
        }
      }
    },
    kick() {
      if (!polling || stopped) return;
      for (const name of enqueuedKinds) {
        for (const w of boss.getWipData()) if (w.name === name) boss.notifyWorker(w.id);
      }
      enqueuedKinds.clear();
    },
    async start() {
      await boss.createQueue(DEAD_LETTER_QUEUE, { deleteAfterSeconds: 30 * 24 * 3600 });
      const names = [...deliveries.keys(), ...tasks.map((t) => t.name)];
      const existing = new Set((await boss.getQueues(names)).map((q) => q.name));
      for (const name of deliveries.keys()) {
        const options = { ...DEFAULT_JOB_OPTIONS, ...queueOptions.get(name) };
        // An existing queue takes this version's retry and expiry options.
        if (existing.has(name)) await boss.updateQueue(name, options);
        else
          await boss.createQueue(name, { ...options, deadLetter: DEAD_LETTER_QUEUE, notify: true });
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
              for (const job of batch) await runAndSettle(job);
              // What this batch enqueued (a capture's notifications) leaves now, not at the next poll.
              jobs.kick();
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
    },
    async stop() {
      if (stopped) return;
      stopped = true;
      const at = producers.indexOf(boss);
      if (at >= 0) producers.splice(at, 1);
      await boss.stop({ graceful: true, timeout: opts.stopTimeoutMs, close: true });
    },
    async makeDue(outboxId) {
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
    },
    async probe() {
      if (!(await boss.isInstalled())) throw new Error('pg-boss schema is not installed');
    },
  };
  return jobs;
}

/**
 * Deletes `outbox` rows delivered more than `retentionDays` days ago (rows given up on stay for a
 * person to look at). Resolves with how many it deleted.
 */
export async function deleteDeliveredOutboxRows(
  db: DbOrTx,
  retentionDays: number,
): Promise<number> {
  const before = new Date(Date.now() - retentionDays * 24 * 3600 * 1000);
  const deleted = await db
    .delete(outbox)
    .where(and(isNotNull(outbox.deliveredAt), lt(outbox.deliveredAt, before)))
    .returning({ id: outbox.id });
  return deleted.length;
}
