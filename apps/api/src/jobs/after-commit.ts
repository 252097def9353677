/**
 * Delivery right after commit: side effects the writer delivers itself, in its own process, as
 * soon as its transaction has committed — no worker poll in between — while their outbox rows
 * and pg-boss jobs stay as the safety net for a writer that dies. Exactly one of the writer and
 * the job delivers each row:
 *
 * - {@link enqueueHeld} writes the rows already claimed by the writer (`claimed_by` =
 *   {@link AFTER_COMMIT_CLAIM}, `claimed_at` = the time of the insert), their jobs due only
 *   {@link AFTER_COMMIT_JOB_DELAY_MS} later;
 * - after commit, {@link deliverAfterCommit} runs the job's own `run` on each row and marks the
 *   delivered ones; their jobs, when they come, find them delivered and do nothing;
 * - a row whose `run` failed (Redis down) is handed back: claim released, job due now, so the
 *   job delivers it, once;
 * - a worker never takes a row the writer still holds, i.e. claimed less than
 *   {@link AFTER_COMMIT_LEASE_MS} ago (worker.ts `deliver`: it retries later), so a writer that
 *   died after commit has its rows delivered by their jobs once the hold has lapsed;
 * - the writer runs its rows only within half the lease of writing them and hands them back
 *   otherwise, so a worker cannot take them over under it — unless one `run` outlasts half the
 *   lease (a network call hanging for seconds), the one case where a row may be delivered twice
 *   (never lost).
 *
 * The claim is on the `outbox` row, in the database every instance shares, so this holds across
 * instances on PostgreSQL as on one PGlite process. A job kind delivered this way must be one
 * whose `run` returns nothing (a returned `{ payload }` is not stored).
 */
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { DbOrTx } from '../db/client';
import { outbox } from '../db/schema';
import { truncate } from '../lib/text';
import type { JobDefinition } from './define';
import { type EnqueueItem, enqueueEach, redeliverNow } from './enqueue';

/** The `claimed_by` of a row its writer holds for delivery after commit. */
export const AFTER_COMMIT_CLAIM = 'after-commit';

/**
 * How long (ms) a writer's hold keeps workers off its rows: far above the milliseconds from
 * commit to the end of a local publish, short enough that a frame of a writer that died after
 * commit arrives within seconds.
 */
export const AFTER_COMMIT_LEASE_MS = 10_000;

/**
 * When (ms after the write) the safety-net job of a held row is due: once the hold has lapsed,
 * so in the usual case the job finds its row delivered and costs one update.
 */
export const AFTER_COMMIT_JOB_DELAY_MS = AFTER_COMMIT_LEASE_MS;

/** SQL: the row is not held by its writer (never claimed for after commit, or the hold lapsed). */
export const notHeldByWriter = sql`(${outbox.claimedBy} is distinct from ${AFTER_COMMIT_CLAIM} or ${outbox.claimedAt} <= now() - ${sql.raw(`interval '${AFTER_COMMIT_LEASE_MS} milliseconds'`)})`;

/** Rows a writer enqueued with {@link enqueueHeld}, for {@link deliverAfterCommit}. */
export interface HeldRows<P = unknown> {
  /** The job kind (its pg-boss queue). */
  kind: string;
  /** Wall-clock ms when they were written (the hold's start, near enough). */
  since: number;
  rows: { id: string; key: string; payload: P }[];
}

/**
 * {@link enqueueEach} for delivery right after commit, inside the caller's transaction: the rows
 * written held by the writer, their jobs due {@link AFTER_COMMIT_JOB_DELAY_MS} later. Items whose
 * key was already enqueued are left out. Pass the result to {@link deliverAfterCommit} once the
 * transaction has committed.
 */
export async function enqueueHeld<S extends z.ZodType>(
  tx: DbOrTx,
  job: JobDefinition<S, never>,
  items: Omit<EnqueueItem<z.input<S>>, 'startAfter'>[],
): Promise<HeldRows<z.input<S>>> {
  const since = Date.now();
  const startAfter = new Date(since + AFTER_COMMIT_JOB_DELAY_MS);
  const ids = await enqueueEach(
    tx,
    job,
    items.map((item) => ({ ...item, startAfter })),
    { claimedBy: AFTER_COMMIT_CLAIM },
  );
  const rows = items.flatMap((item, i) => {
    const id = ids[i];
    return id ? [{ id, key: item.key ?? `${job.name}:${id}`, payload: item.payload }] : [];
  });
  return { kind: job.name, since, rows };
}

/**
 * Delivers held rows now, after their transaction committed: runs `job.run` on each (in
 * parallel), marks the ones that succeeded delivered, and hands the others back to their jobs
 * (claim released, due now). Rows older than half the lease are handed back unrun. Never throws:
 * what it could not deliver, the jobs deliver; failures are logged at `warn`. `deps` are what
 * `job.run` needs, as when the job is registered.
 */
export async function deliverAfterCommit<S extends z.ZodType, D>(
  db: DbOrTx,
  job: JobDefinition<S, D>,
  deps: D,
  held: HeldRows<z.input<S>>,
  log: FastifyBaseLogger,
): Promise<void> {
  if (held.rows.length === 0) return;
  const late = Date.now() - held.since > AFTER_COMMIT_LEASE_MS / 2;
  const outcomes = late
    ? held.rows.map(() => ({ status: 'rejected' as const, reason: new Error('held too long') }))
    : await Promise.allSettled(
        held.rows.map((row) =>
          job.run(
            job.payload.parse(row.payload),
            { id: row.id, key: row.key, kind: job.name, attempt: 1, createdAt: new Date() },
            deps,
          ),
        ),
      );
  const delivered = held.rows.filter((_, i) => outcomes[i]?.status === 'fulfilled');
  const failed = outcomes.flatMap((o, i) =>
    o.status === 'rejected' ? [{ id: held.rows[i]?.id ?? '', reason: o.reason as unknown }] : [],
  );
  try {
    if (delivered.length > 0) {
      await db
        .update(outbox)
        .set({ deliveredAt: new Date(), claimedAt: null, attempts: 1 })
        .where(
          and(
            inArray(
              outbox.id,
              delivered.map((r) => r.id),
            ),
            eq(outbox.claimedBy, AFTER_COMMIT_CLAIM),
            isNull(outbox.deliveredAt),
          ),
        );
    }
    if (failed.length > 0) {
      const err = failed[0]?.reason;
      log.warn(
        { err, kind: held.kind, outboxIds: failed.map((f) => f.id) },
        'delivery after commit failed; the jobs deliver it',
      );
      await handBack(
        db,
        failed.map((f) => f.id),
        err instanceof Error ? err.message : String(err),
      );
    }
  } catch (err) {
    // The rows stay held until the lease lapses; then their jobs deliver them (again, for the
    // ones already run: this is the database failing right after commit).
    log.error({ err, kind: held.kind }, 'settling a delivery after commit failed');
  }
}

/** Releases the writer's hold on these rows and makes their jobs due now. */
async function handBack(db: DbOrTx, ids: string[], error: string): Promise<void> {
  const rows = await db
    .update(outbox)
    .set({
      claimedAt: null,
      claimedBy: null,
      dueAt: new Date(),
      lastError: truncate(error, 1000, { ellipsis: '' }),
    })
    .where(
      and(
        inArray(outbox.id, ids),
        eq(outbox.claimedBy, AFTER_COMMIT_CLAIM),
        isNull(outbox.deliveredAt),
      ),
    )
    .returning({ id: outbox.id, kind: outbox.kind });
  await redeliverNow(rows);
}
