/**
 * Drizzle queries of change orders (extras a pro proposes during a job): each takes `db` or a
 * transaction, holds no policy and no text for people. The orders domain owns `change_orders`.
 */
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { changeOrders, quotes } from '../../db/schema';

export type ChangeOrderRow = typeof changeOrders.$inferSelect;
export type NewChangeOrderRow = typeof changeOrders.$inferInsert;
export type ChangeOrderPatch = Partial<Omit<ChangeOrderRow, 'id' | 'orderId' | 'createdAt'>>;

/** One stored photo of an extra, as kept in `change_orders.photos`. */
export interface StoredChangeOrderPhoto {
  key: string;
  width: number;
  height: number;
}

export async function insertChangeOrder(
  db: DbOrTx,
  row: NewChangeOrderRow,
): Promise<ChangeOrderRow> {
  const [created] = await db.insert(changeOrders).values(row).returning();
  return created!;
}

/** The order's extras, oldest first (uuid v7 ids sort by creation). */
export function changeOrdersOfOrder(db: DbOrTx, orderId: string): Promise<ChangeOrderRow[]> {
  return db
    .select()
    .from(changeOrders)
    .where(eq(changeOrders.orderId, orderId))
    .orderBy(asc(changeOrders.createdAt), asc(changeOrders.id));
}

/**
 * The extra `id` of order `orderId`, locked `FOR NO KEY UPDATE` (after the order's lock), or
 * null when there is none of that order.
 */
export async function lockChangeOrder(
  tx: DbOrTx,
  orderId: string,
  id: string,
): Promise<ChangeOrderRow | null> {
  const [row] = await tx
    .select()
    .from(changeOrders)
    .where(and(eq(changeOrders.id, id), eq(changeOrders.orderId, orderId)))
    .for('no key update');
  return row ?? null;
}

/** The extra whose approval is payment `paymentId`, locked (after the order's lock), or null. */
export async function lockChangeOrderOfPayment(
  tx: DbOrTx,
  paymentId: string,
): Promise<ChangeOrderRow | null> {
  const [row] = await tx
    .select()
    .from(changeOrders)
    .where(eq(changeOrders.paymentId, paymentId))
    .for('no key update');
  return row ?? null;
}

/** The extra whose approval is payment `paymentId`, or null (a read: no lock). */
export async function changeOrderOfPayment(
  db: DbOrTx,
  paymentId: string,
): Promise<ChangeOrderRow | null> {
  const [row] = await db.select().from(changeOrders).where(eq(changeOrders.paymentId, paymentId));
  return row ?? null;
}

/** The order's extras in `statuses`, locked (after the order's lock), oldest first. */
export function lockChangeOrdersIn(
  tx: DbOrTx,
  orderId: string,
  statuses: ChangeOrderRow['status'][],
): Promise<ChangeOrderRow[]> {
  return tx
    .select()
    .from(changeOrders)
    .where(and(eq(changeOrders.orderId, orderId), inArray(changeOrders.status, statuses)))
    .orderBy(asc(changeOrders.createdAt), asc(changeOrders.id))
    .for('no key update');
}

export async function updateChangeOrder(
  db: DbOrTx,
  id: string,
  patch: ChangeOrderPatch,
): Promise<ChangeOrderRow | null> {
  const [row] = await db.update(changeOrders).set(patch).where(eq(changeOrders.id, id)).returning();
  return row ?? null;
}

/** The request id of quote `quoteId` (the order page links back to it), or null. */
export async function quoteRequestIdOf(db: DbOrTx, quoteId: string): Promise<string | null> {
  const [row] = await db
    .select({ requestId: quotes.requestId })
    .from(quotes)
    .where(eq(quotes.id, quoteId));
  return row?.requestId ?? null;
}
