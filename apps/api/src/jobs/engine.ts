import { hostname } from 'node:os';
import type { FastifyBaseLogger } from 'fastify';
import { type ConstructorOptions, fromPglite, PgBoss, type PGliteLike } from 'pg-boss';
import { v7 as uuidv7 } from 'uuid';
import type { z } from 'zod';
import type { Db } from '../db/client';
import type { JobDefinition, ScheduleDefinition } from './define';
import { addProducer, enqueuedKinds, removeProducer } from './enqueue';
import { BOSS_SCHEMA, JOB_HEARTBEAT_S } from './options';
import { drainJobs, type Engine, makeDue, registerJob, startJobs } from './worker';

export {
  deleteDeliveredOutboxRows,
  type EnqueueItem,
  enqueue,
  enqueueEach,
  pendingOutboxCount,
  redeliverNow,
} from './enqueue';
export { DEAD_LETTER_QUEUE, DEFAULT_JOB_OPTIONS } from './options';

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
  addProducer(boss);

  const engine: Engine = {
    db,
    log,
    boss,
    instanceId,
    polling,
    pollMs,
    deliveries: new Map(),
    queueOptions: new Map(),
    tasks: [],
    workers: [],
  };
  let stopped = false;

  const jobs: Jobs = {
    boss,
    instanceId,
    register: (job, deps) => registerJob(engine, job, deps),
    schedule(task, deps) {
      engine.tasks.push({ name: task.name, cron: task.cron, run: () => task.run(deps) });
    },
    drain: () => drainJobs(engine),
    kick() {
      if (!polling || stopped) return;
      for (const name of enqueuedKinds) {
        for (const w of boss.getWipData()) if (w.name === name) boss.notifyWorker(w.id);
      }
      enqueuedKinds.clear();
    },
    start: () => startJobs(engine, () => jobs.kick()),
    async stop() {
      if (stopped) return;
      stopped = true;
      removeProducer(boss);
      await boss.stop({ graceful: true, timeout: opts.stopTimeoutMs, close: true });
    },
    makeDue: (outboxId) => makeDue(engine, outboxId),
    async probe() {
      if (!(await boss.isInstalled())) throw new Error('pg-boss schema is not installed');
    },
  };
  return jobs;
}
