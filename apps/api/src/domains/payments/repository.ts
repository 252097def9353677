/**
 * Drizzle queries of the payments domain: each takes `db | tx`; no policy, no
 * text for people. The order reads and locks here are the ones payment needs inside its own
 * transactions; order changes go through the orders domain (`applyPaymentToOrder`).
 */
import { and, asc, desc, eq, inArray, isNull, lt, or } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { idempotencyRecords, type orders, payments } from '../../db/schema';
import { undeliveredAmountTotal } from '../../jobs/outbox-queries';
import { CONFIRMABLE, refundKeyPrefix } from './policy';

export type PaymentRow = typeof payments.$inferSelect;
export type OrderRow = typeof orders.$inferSelect;
export type PaymentPatch = Partial<Omit<PaymentRow, 'id' | 'orderId' | 'createdAt'>>;

export async function getPayment(db: DbOrTx, id: string): Promise<PaymentRow | null> {
  const [row] = await db.select().from(payments).where(eq(payments.id, id));
  return row ?? null;
}

/**
 * The payment row, locked `FOR NO KEY UPDATE` until the transaction ends; after its order's lock
 * when the transaction takes both (lock order and strength: db/transaction.ts).
 */
export async function lockPayment(tx: DbOrTx, id: string): Promise<PaymentRow | null> {
  const [row] = await tx.select().from(payments).where(eq(payments.id, id)).for('no key update');
  return row ?? null;
}

/**
 * The booking's own payments (`kind = 'order'`): a tip is a payment of the order too,
 * but never the one that pays, captures, voids or refunds the booking.
 */
const bookingPayments = (orderId: string) =>
  and(eq(payments.orderId, orderId), eq(payments.kind, 'order'));

/** The newest booking payment of an order (not a tip), or null. */
export async function latestPayment(db: DbOrTx, orderId: string): Promise<PaymentRow | null> {
  const [row] = await db
    .select()
    .from(payments)
    .where(bookingPayments(orderId))
    .orderBy(desc(payments.createdAt), desc(payments.id))
    .limit(1);
  return row ?? null;
}

/**
 * The newest booking payment of an order (not a tip), locked `FOR NO KEY UPDATE` (after the
 * order's lock: db/transaction.ts), or null.
 */
export async function lockLatestPayment(tx: DbOrTx, orderId: string): Promise<PaymentRow | null> {
  const [row] = await tx
    .select()
    .from(payments)
    .where(bookingPayments(orderId))
    .orderBy(desc(payments.createdAt), desc(payments.id))
    .limit(1)
    .for('no key update');
  return row ?? null;
}

/** The newest booking payment of an order (not a tip) that can still be confirmed, or null. */
export async function openPayment(db: DbOrTx, orderId: string): Promise<PaymentRow | null> {
  const [row] = await db
    .select()
    .from(payments)
    .where(and(bookingPayments(orderId), inArray(payments.status, [...CONFIRMABLE])))
    .orderBy(desc(payments.createdAt), desc(payments.id))
    .limit(1);
  return row ?? null;
}

/** Every payment of an order — booking attempts and tips — oldest first (admin view). */
export function paymentsOfOrder(db: DbOrTx, orderId: string): Promise<PaymentRow[]> {
  return db
    .select()
    .from(payments)
    .where(eq(payments.orderId, orderId))
    .orderBy(asc(payments.createdAt), asc(payments.id));
}

/** The tip payments of an order, newest first. */
export function tipPayments(db: DbOrTx, orderId: string): Promise<PaymentRow[]> {
  return db
    .select()
    .from(payments)
    .where(and(eq(payments.orderId, orderId), eq(payments.kind, 'tip')))
    .orderBy(desc(payments.createdAt), desc(payments.id));
}

/** The extras' payments of an order (`kind = 'change_order'`), oldest first. */
export function changeOrderPayments(db: DbOrTx, orderId: string): Promise<PaymentRow[]> {
  return db
    .select()
    .from(payments)
    .where(and(eq(payments.orderId, orderId), eq(payments.kind, 'change_order')))
    .orderBy(asc(payments.createdAt), asc(payments.id));
}

/** Inserts a payment `requires_payment`; `kind` defaults to the booking's own (`order`). */
export async function insertPayment(
  db: DbOrTx,
  row: Pick<PaymentRow, 'id' | 'orderId' | 'provider' | 'amount' | 'currency'> &
    Partial<Pick<PaymentRow, 'kind'>>,
): Promise<PaymentRow> {
  const [created] = await db
    .insert(payments)
    .values({ ...row, status: 'requires_payment' })
    .returning();
  return created!;
}

export async function updatePayment(
  db: DbOrTx,
  id: string,
  patch: PaymentPatch,
): Promise<PaymentRow | null> {
  const [row] = await db.update(payments).set(patch).where(eq(payments.id, id)).returning();
  return row ?? null;
}

/**
 * Minor units of the payment's refund jobs (`payment:<id>:refund:<n>`) not delivered yet: queued,
 * retrying, or given up and waiting for a person (a webhook may still revive those:
 * `rescheduleOutbox` of jobs/) — money the provider may yet refund, not in `amount_refunded`.
 */
export function undeliveredRefundTotal(db: DbOrTx, paymentId: string): Promise<number> {
  return undeliveredAmountTotal(db, refundKeyPrefix(paymentId));
}

export type IdempotencyRow = typeof idempotencyRecords.$inferSelect;

/**
 * Takes `key` for `userId`: inserts an in-flight record, or — when one exists — returns it; a
 * record still in flight whose lock is older than `staleBefore` is taken over (its request
 * died). `taken` says whether the caller now owns the key.
 */
export async function claimIdempotencyKey(
  db: DbOrTx,
  input: {
    userId: string;
    key: string;
    scope: string;
    requestHash: string;
    now: Date;
    staleBefore: Date;
  },
): Promise<{ taken: boolean; record: IdempotencyRow }> {
  const [created] = await db
    .insert(idempotencyRecords)
    .values({
      userId: input.userId,
      key: input.key,
      scope: input.scope,
      requestHash: input.requestHash,
      lockedAt: input.now,
      createdAt: input.now,
    })
    .onConflictDoNothing()
    .returning();
  if (created) return { taken: true, record: created };
  const where = and(
    eq(idempotencyRecords.userId, input.userId),
    eq(idempotencyRecords.key, input.key),
  );
  const [existing] = await db.select().from(idempotencyRecords).where(where);
  if (!existing) return claimIdempotencyKey(db, input);
  if (existing.statusCode === null && existing.requestHash === input.requestHash) {
    const [takenOver] = await db
      .update(idempotencyRecords)
      .set({ lockedAt: input.now })
      .where(
        and(
          where,
          isNull(idempotencyRecords.statusCode),
          or(
            isNull(idempotencyRecords.lockedAt),
            lt(idempotencyRecords.lockedAt, input.staleBefore),
          ),
        ),
      )
      .returning();
    if (takenOver) return { taken: true, record: takenOver };
  }
  return { taken: false, record: existing };
}

/** Stores the final answer of the request holding the key. */
export async function completeIdempotencyKey(
  db: DbOrTx,
  input: { userId: string; key: string; statusCode: number; response: unknown },
): Promise<void> {
  await db
    .update(idempotencyRecords)
    .set({ statusCode: input.statusCode, response: input.response, lockedAt: null })
    .where(and(eq(idempotencyRecords.userId, input.userId), eq(idempotencyRecords.key, input.key)));
}

/** Forgets an in-flight key (the request failed unexpectedly: a retry runs it again). */
export async function releaseIdempotencyKey(
  db: DbOrTx,
  input: { userId: string; key: string },
): Promise<void> {
  await db
    .delete(idempotencyRecords)
    .where(
      and(
        eq(idempotencyRecords.userId, input.userId),
        eq(idempotencyRecords.key, input.key),
        isNull(idempotencyRecords.statusCode),
      ),
    );
}
