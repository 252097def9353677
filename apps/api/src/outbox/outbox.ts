import { sql } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import type { DbOrTx } from '../db/client';
import { outbox } from '../db/schema';

/** One side effect to deliver after the transaction that wrote it commits. */
export interface OutboxMessage {
  /** Handler name registered with the worker, e.g. `mail`, `notification`, `payment.capture`. */
  kind: string;
  /** JSON-serialisable input of the handler. */
  payload: unknown;
  /**
   * Unique key of this side effect (e.g. `order:<id>:capture`). Enqueueing the same key twice
   * is a no-op, and the handler receives it to pass on as the external idempotency key.
   * Defaults to `<kind>:<row id>`.
   */
  key?: string;
  /** Not before this time; default now by this process's wall clock (the worker's clock). */
  dueAt?: Date;
}

/**
 * Writes side effects into the `outbox` table. Call it with the transaction (`tx`) of the change
 * that causes them, so they exist if and only if the change committed (ARCHITECTURE §1a). The
 * worker (`./worker.ts`) delivers them. Returns the row ids (UUIDv7) in input order; a message
 * whose key was already enqueued keeps its first row and gets `null`.
 */
export async function enqueue(
  db: DbOrTx,
  messages: OutboxMessage | OutboxMessage[],
): Promise<(string | null)[]> {
  const list = Array.isArray(messages) ? messages : [messages];
  if (list.length === 0) return [];
  // The default due time is taken here, in milliseconds, rather than by the column's
  // `defaultNow()`: PostgreSQL's now() has microsecond precision, so a row written in the same
  // millisecond as a claim (`due_at <= <ms time>`) was not yet due and waited for the next poll.
  const now = new Date();
  const rows = list.map((m) => {
    const id = uuidv7();
    return {
      id,
      kind: m.kind,
      payload: m.payload ?? null,
      idempotencyKey: m.key ?? `${m.kind}:${id}`,
      dueAt: m.dueAt ?? now,
    };
  });
  const inserted = await db
    .insert(outbox)
    .values(rows)
    .onConflictDoNothing({ target: outbox.idempotencyKey })
    .returning({ id: outbox.id });
  const ids = new Set(inserted.map((r) => r.id));
  return rows.map((r) => (ids.has(r.id) ? r.id : null));
}

/** Rows not yet delivered nor given up on (for tests and health checks). */
export async function pendingOutboxCount(db: DbOrTx): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(outbox)
    .where(sql`${outbox.deliveredAt} is null and ${outbox.failedAt} is null`);
  return row?.n ?? 0;
}
