import { and, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import { fromDrizzle, type PgBoss } from 'pg-boss';
import { v7 as uuidv7 } from 'uuid';
import { z } from 'zod';
import type { DbOrTx } from '../db/client';
import { outbox } from '../db/schema';
import type { JobDefinition } from './define';

/** What a pg-boss job of an outbox kind carries: only the row id, never the payload (it may hold a secret). */
export const jobData = z.object({ outboxId: z.uuid() });
export type JobData = z.infer<typeof jobData>;

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
 * A writer's hold on the rows it enqueues (jobs/after-commit.ts): they are written already
 * claimed by `claimedBy`, so no worker takes them while the writer delivers them itself.
 */
export interface RowHold {
  claimedBy: string;
}

/** Kinds enqueued by this process since its workers were last woken (see `Jobs.kick`). */
export const enqueuedKinds = new Set<string>();

/**
 * The pg-boss instances started in this process, newest last. {@link enqueue} inserts through one
 * of them: a job's insert runs on the caller's transaction, and pg-boss needs a started
 * instance only for the queue's definition (its table and policy), which every instance of
 * this code declares identically (`createJobs` creates every queue before it serves).
 */
const producers: PgBoss[] = [];

/** Makes `boss` the instance {@link enqueue} inserts through (until {@link removeProducer}). */
export function addProducer(boss: PgBoss): void {
  producers.push(boss);
}

/** Forgets a stopped instance. */
export function removeProducer(boss: PgBoss): void {
  const at = producers.indexOf(boss);
  if (at >= 0) producers.splice(at, 1);
}

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
 * With `hold`, the rows are written claimed (`claimed_by`, `claimed_at` = the statement's
 * `clock_timestamp()`, not the transaction's start): see jobs/after-commit.ts.
 */
export async function enqueueEach<S extends z.ZodType>(
  db: DbOrTx,
  job: JobDefinition<S, never>,
  items: EnqueueItem<z.input<S>>[],
  hold?: RowHold,
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
      ...(hold ? { claimedBy: hold.claimedBy, claimedAt: sql`clock_timestamp()` } : {}),
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
      // Waking workers only helps a job that is due: a later one is found by their polling.
      const now = Date.now();
      if (fresh.some((r) => !r.startAfter || r.startAfter.getTime() <= now)) {
        enqueuedKinds.add(job.name);
      }
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

/** Rows not yet delivered nor given up on (for tests and health checks). */
export async function pendingOutboxCount(db: DbOrTx): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(outbox)
    .where(and(isNull(outbox.deliveredAt), isNull(outbox.failedAt)));
  return row?.n ?? 0;
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
