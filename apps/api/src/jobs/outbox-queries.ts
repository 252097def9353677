/**
 * What other modules may ask of the outbox beyond enqueueing (jobs/ owns the table): whether a
 * job was ever written, what undelivered jobs still carry, and making waiting jobs due again.
 * Each takes `db` or the caller's transaction.
 */
import { and, eq, isNull, like, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { outbox } from '../db/schema';
import { redeliverNow } from './enqueue';

/** True when an outbox row with this idempotency key exists (delivered or not). */
export async function outboxHasKey(db: DbOrTx, key: string): Promise<boolean> {
  const [row] = await db
    .select({ id: outbox.id })
    .from(outbox)
    .where(eq(outbox.idempotencyKey, key))
    .limit(1);
  return Boolean(row);
}

/**
 * The sum of the payloads' integer `amount` (minor units) over the rows whose idempotency key
 * starts with `keyPrefix` and that are not delivered yet: queued, retrying, or given up and
 * waiting for a person (0 when none).
 */
export async function undeliveredAmountTotal(db: DbOrTx, keyPrefix: string): Promise<number> {
  const [row] = await db
    .select({ total: sql<number>`coalesce(sum((${outbox.payload}->>'amount')::int), 0)::int` })
    .from(outbox)
    .where(and(like(outbox.idempotencyKey, `${keyPrefix}%`), isNull(outbox.deliveredAt)));
  return Number(row?.total ?? 0);
}

/**
 * Makes the undelivered outbox rows whose key starts with `prefix` due at `at` again (also ones
 * that gave up, attempts reset), e.g. when a provider webhook says a pending refund settled;
 * their jobs run at once ({@link redeliverNow}). Returns how many.
 */
export async function rescheduleOutbox(db: DbOrTx, prefix: string, at: Date): Promise<number> {
  const rows = await db
    .update(outbox)
    .set({ dueAt: at, failedAt: null, attempts: 0 })
    .where(and(like(outbox.idempotencyKey, `${prefix}%`), isNull(outbox.deliveredAt)))
    .returning({ id: outbox.id, kind: outbox.kind });
  await redeliverNow(rows);
  return rows.length;
}
