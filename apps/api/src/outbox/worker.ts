import { hostname } from 'node:os';
import { and, asc, eq, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import retry from 'retry';
import { v7 as uuidv7 } from 'uuid';
import type { Db } from '../db/client';
import { outbox } from '../db/schema';
import { type Clock, systemClock } from '../domains/deps';

/** What a handler is told about the row it delivers. */
export interface DeliveryContext {
  /** The outbox row id (UUIDv7): reuse it as the id of a row the delivery creates. */
  id: string;
  /** The row's idempotency key: pass it to the external system so a redelivery is a no-op. */
  key: string;
  kind: string;
  /** 1 on the first delivery attempt. */
  attempt: number;
  /** When the row was written: when the change that caused it committed. */
  createdAt: Date;
}

/**
 * Delivers one outbox row. Throwing schedules a retry (after backoff) until `maxAttempts`;
 * throw `PermanentDeliveryError` to give up at once. Returning `{ payload }` replaces the stored
 * payload once delivered (e.g. to drop a one-time code that must not stay in the database).
 */
export type OutboxHandler = (
  payload: never,
  ctx: DeliveryContext,
) => Promise<{ payload: unknown } | undefined> | Promise<void>;

/** A delivery that can never succeed (bad address, expired code): not retried. */
export class PermanentDeliveryError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'PermanentDeliveryError';
  }
}

export interface OutboxWorkerOptions {
  db: Db;
  log: FastifyBaseLogger;
  clock?: Clock;
  /** Rows claimed per round (default 20). */
  batchSize?: number;
  /**
   * How long (ms) a claim is exclusive, default 60 000. A row whose worker died mid-delivery is
   * delivered again by another worker after it — hence the idempotency keys.
   */
  leaseMs?: number;
  /** Attempts before a row is marked failed (default 10). */
  maxAttempts?: number;
  /** Exponential backoff between attempts (`retry` package options; default 1 s … 1 h, ×2, jittered). */
  backoff?: retry.CreateTimeoutOptions;
  /** Poll interval in ms for due rows; 0 (tests) means only `runOnce`/`drain` deliver. */
  pollMs?: number;
}

export interface OutboxWorker {
  /** Adds the handler of a kind; a kind has one handler. */
  register(kind: string, handler: OutboxHandler): void;
  /** Claims one batch of due rows (`FOR UPDATE SKIP LOCKED`) and delivers them. Returns how many were claimed. */
  runOnce(): Promise<number>;
  /** Runs rounds until no row is due (tests). Returns the number of rows delivered or retried. */
  drain(): Promise<number>;
  /** Asks for a round soon (coalesced); no-op when polling is off. */
  kick(): void;
  /** Starts polling (when `pollMs` > 0). */
  start(): void;
  /** Stops polling and waits for the round in flight. */
  stop(): Promise<void>;
  readonly workerId: string;
}

const DEFAULT_BACKOFF: retry.CreateTimeoutOptions = {
  factor: 2,
  minTimeout: 1000,
  maxTimeout: 3_600_000,
  randomize: true,
};

/**
 * The outbox worker (ARCHITECTURE §1a). Any number of API processes may run one: a round claims
 * due rows with `FOR UPDATE SKIP LOCKED` in a short transaction (so two workers never hold the
 * same row), delivers each through its kind's handler, then records the outcome: delivered, a
 * retry at `now + backoff(attempt)` (the `retry` package's exponential timeouts), or failed
 * after `maxAttempts`. Delivery is at least once; handlers make it exactly once in effect with
 * the row's idempotency key.
 */
export function createOutboxWorker(opts: OutboxWorkerOptions): OutboxWorker {
  const { db, log } = opts;
  const clock = opts.clock ?? systemClock;
  const batchSize = opts.batchSize ?? 20;
  const leaseMs = opts.leaseMs ?? 60_000;
  const maxAttempts = opts.maxAttempts ?? 10;
  const backoff = opts.backoff ?? DEFAULT_BACKOFF;
  const pollMs = opts.pollMs ?? 0;
  const workerId = `${hostname()}:${process.pid}:${uuidv7().slice(-12)}`;
  const handlers = new Map<string, OutboxHandler>();

  async function claim(): Promise<(typeof outbox.$inferSelect)[]> {
    // Only kinds this process can deliver: a row of another version's kind waits for its worker.
    const kinds = [...handlers.keys()];
    if (kinds.length === 0) return [];
    const now = clock.now();
    const due = db
      .select({ id: outbox.id })
      .from(outbox)
      .where(
        and(
          inArray(outbox.kind, kinds),
          isNull(outbox.deliveredAt),
          isNull(outbox.failedAt),
          lte(outbox.dueAt, now),
          or(isNull(outbox.claimedAt), lt(outbox.claimedAt, new Date(now.getTime() - leaseMs))),
        ),
      )
      .orderBy(asc(outbox.dueAt), asc(outbox.id))
      .limit(batchSize)
      .for('update', { skipLocked: true });
    const rows = await db
      .update(outbox)
      .set({ claimedAt: now, claimedBy: workerId, attempts: sql`${outbox.attempts} + 1` })
      .where(inArray(outbox.id, due))
      .returning();
    // UPDATE … RETURNING keeps no order: deliver in due order (a capture before its refund).
    return rows.sort(
      (a, b) => a.dueAt.getTime() - b.dueAt.getTime() || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0),
    );
  }

  async function deliver(row: typeof outbox.$inferSelect): Promise<void> {
    const mine = and(eq(outbox.id, row.id), eq(outbox.claimedBy, workerId));
    const handler = handlers.get(row.kind);
    try {
      if (!handler) throw new Error(`no outbox handler for kind "${row.kind}"`);
      const result = await handler(row.payload as never, {
        id: row.id,
        key: row.idempotencyKey ?? `${row.kind}:${row.id}`,
        kind: row.kind,
        attempt: row.attempts,
        createdAt: row.createdAt,
      });
      await db
        .update(outbox)
        .set({
          deliveredAt: clock.now(),
          claimedAt: null,
          lastError: null,
          ...(result && 'payload' in result ? { payload: result.payload ?? null } : {}),
        })
        .where(mine);
    } catch (err) {
      const message = (err instanceof Error ? err.message : String(err)).slice(0, 1000);
      const give = err instanceof PermanentDeliveryError || row.attempts >= maxAttempts;
      const now = clock.now();
      log.warn(
        { err, outboxId: row.id, kind: row.kind, attempt: row.attempts, final: give },
        give ? 'outbox delivery failed for good' : 'outbox delivery failed; will retry',
      );
      await db
        .update(outbox)
        .set(
          give
            ? { failedAt: now, claimedAt: null, lastError: message }
            : {
                claimedAt: null,
                lastError: message,
                dueAt: new Date(now.getTime() + retry.createTimeout(row.attempts - 1, backoff)),
              },
        )
        .where(mine)
        .catch((e: unknown) =>
          log.error({ err: e, outboxId: row.id }, 'could not record outbox failure'),
        );
    }
  }

  async function runOnce(): Promise<number> {
    const rows = await claim();
    for (const row of rows) await deliver(row);
    return rows.length;
  }

  let running: Promise<void> | null = null;
  let again = false;
  let timer: NodeJS.Timeout | null = null;
  let stopped = false;

  function loop(): void {
    if (running) {
      again = true;
      return;
    }
    running = (async () => {
      do {
        again = false;
        try {
          while (!stopped && (await runOnce()) === batchSize) {
            // a full batch: there may be more due rows
          }
        } catch (err) {
          log.error({ err }, 'outbox round failed');
        }
      } while (again && !stopped);
    })().finally(() => {
      running = null;
    });
  }

  return {
    workerId,
    register(kind, handler) {
      handlers.set(kind, handler);
    },
    runOnce,
    async drain() {
      let total = 0;
      for (;;) {
        const n = await runOnce();
        total += n;
        if (n === 0) return total;
      }
    },
    kick() {
      if (pollMs > 0 && !stopped) setImmediate(loop);
    },
    start() {
      if (pollMs <= 0 || timer) return;
      stopped = false;
      timer = setInterval(loop, pollMs);
      timer.unref();
      setImmediate(loop);
    },
    async stop() {
      stopped = true;
      if (timer) clearInterval(timer);
      timer = null;
      await running;
    },
  };
}
