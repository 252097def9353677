/**
 * Earnings and payouts queries. Earnings read the vendor's `vendor_payable` postings
 * (by `ledger_entries.vendor_id`) with their order's status and settlement time; nothing is
 * recomputed from order totals.
 */
import { and, count, desc, eq, isNotNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import {
  ledgerEntries,
  orderEvents,
  orders,
  payouts,
  services,
  vendorProfiles,
} from '../../db/schema';
import { SETTLED_ORDER_STATUSES } from './policy';

export type PayoutRow = typeof payouts.$inferSelect;

/** The vendor profile of a vendor user: id and IANA time zone; null when none. */
export async function vendorOfUser(
  db: DbOrTx,
  userId: string,
): Promise<{ id: string; timeZone: string } | null> {
  const [row] = await db
    .select({ id: vendorProfiles.id, timeZone: vendorProfiles.timeZone })
    .from(vendorProfiles)
    .where(eq(vendorProfiles.userId, userId));
  return row ?? null;
}

/** The user id of vendor profile `vendorId`, or null. */
export async function vendorUserId(db: DbOrTx, vendorId: string): Promise<string | null> {
  const [row] = await db
    .select({ userId: vendorProfiles.userId })
    .from(vendorProfiles)
    .where(eq(vendorProfiles.id, vendorId));
  return row?.userId ?? null;
}

const settledStatuses = sql.join(
  SETTLED_ORDER_STATUSES.map((s) => sql`${s}`),
  sql`, `,
);

/**
 * When the order of the current row (`orders` joined) ended: its first completed / cancelled /
 * declined / refunded event, else (no event, e.g. older data) its last update when its status
 * says it ended; null while the job is not done.
 */
const settledAt = sql<Date | null>`case when ${orders.status} in (${settledStatuses}) then coalesce(
  (select min(${orderEvents.createdAt}) from ${orderEvents}
    where ${orderEvents.orderId} = ${orders.id} and ${orderEvents.status} in (${settledStatuses})),
  ${orders.updatedAt}) end`.mapWith(orderEvents.createdAt);

const mine = (vendorId: string) =>
  and(eq(ledgerEntries.vendorId, vendorId), eq(ledgerEntries.account, 'vendor_payable'));

/**
 * The vendor's owed money (minor units, negated `vendor_payable` sums) in groups that share a
 * bucket: one per order and currency with the order's status and settlement time, one per payout
 * (its posting and any reversal) and currency.
 */
export async function owedGroups(
  db: DbOrTx,
  vendorId: string,
): Promise<
  {
    currency: string;
    owed: number;
    payoutId: string | null;
    orderStatus: string | null;
    settledAt: Date | null;
  }[]
> {
  const rows = await db
    .select({
      currency: ledgerEntries.currency,
      owed: sql<number>`(-sum(${ledgerEntries.amount}))::int`,
      payoutId: ledgerEntries.payoutId,
      orderStatus: orders.status,
      settledAt,
    })
    .from(ledgerEntries)
    .leftJoin(orders, eq(orders.id, ledgerEntries.orderId))
    .where(mine(vendorId))
    .groupBy(ledgerEntries.currency, ledgerEntries.payoutId, orders.id);
  return rows.map((r) => ({ ...r, owed: Number(r.owed) }));
}

/** One `vendor_payable` posting of the vendor with what its bucket and the export need. */
export interface EntryRow {
  id: string;
  kind: string;
  /** The posting's amount (minor units; negative = owed to the vendor). */
  amount: number;
  currency: string;
  orderId: string | null;
  orderReference: string | null;
  orderStatus: string | null;
  settledAt: Date | null;
  serviceTitle: string | null;
  payoutId: string | null;
  /** The posting's note: the reason of a refund recovered from the vendor, else null. */
  note: string | null;
  createdAt: Date;
}

function entriesQuery(db: DbOrTx, vendorId: string) {
  return db
    .select({
      id: ledgerEntries.id,
      kind: ledgerEntries.kind,
      amount: ledgerEntries.amount,
      currency: ledgerEntries.currency,
      orderId: ledgerEntries.orderId,
      orderReference: orders.reference,
      orderStatus: orders.status,
      settledAt,
      serviceTitle: services.title,
      payoutId: ledgerEntries.payoutId,
      note: ledgerEntries.note,
      createdAt: ledgerEntries.createdAt,
    })
    .from(ledgerEntries)
    .leftJoin(orders, eq(orders.id, ledgerEntries.orderId))
    .leftJoin(services, eq(services.id, orders.serviceId))
    .where(mine(vendorId))
    .orderBy(desc(ledgerEntries.createdAt), desc(ledgerEntries.id))
    .$dynamic();
}

/** A page (from 1) of the vendor's `vendor_payable` postings, newest first, and how many there are. */
export async function entriesPage(
  db: DbOrTx,
  vendorId: string,
  page: { page: number; pageSize: number },
): Promise<{ rows: EntryRow[]; total: number }> {
  const rows = await entriesQuery(db, vendorId)
    .limit(page.pageSize)
    .offset((page.page - 1) * page.pageSize);
  const [counted] = await db.select({ n: count() }).from(ledgerEntries).where(mine(vendorId));
  return { rows, total: Number(counted?.n ?? 0) };
}

/** Every `vendor_payable` posting of the vendor, newest first (the CSV export). */
export function allEntries(db: DbOrTx, vendorId: string): Promise<EntryRow[]> {
  return entriesQuery(db, vendorId);
}

/** The vendor's payout created with Idempotency-Key `key`, or null. */
export async function payoutByKey(
  db: DbOrTx,
  vendorId: string,
  key: string,
): Promise<PayoutRow | null> {
  const [row] = await db
    .select()
    .from(payouts)
    .where(
      and(
        eq(payouts.vendorId, vendorId),
        isNotNull(payouts.idempotencyKey),
        eq(payouts.idempotencyKey, key),
      ),
    );
  return row ?? null;
}

export async function insertPayout(
  db: DbOrTx,
  row: typeof payouts.$inferInsert,
): Promise<PayoutRow> {
  const [created] = await db.insert(payouts).values(row).returning();
  return created!;
}

/** The payout, locked (`FOR UPDATE`) for the transaction; null when unknown. */
export async function lockPayout(tx: DbOrTx, id: string): Promise<PayoutRow | null> {
  const [row] = await tx.select().from(payouts).where(eq(payouts.id, id)).for('update');
  return row ?? null;
}

export async function getPayout(db: DbOrTx, id: string): Promise<PayoutRow | null> {
  const [row] = await db.select().from(payouts).where(eq(payouts.id, id));
  return row ?? null;
}

export async function updatePayout(
  db: DbOrTx,
  id: string,
  patch: Partial<Pick<PayoutRow, 'status' | 'providerRef' | 'failureMessage' | 'paidAt'>>,
): Promise<void> {
  await db.update(payouts).set(patch).where(eq(payouts.id, id));
}

/** A page (from 1) of the vendor's payouts, newest first, and how many there are. */
export async function payoutsPage(
  db: DbOrTx,
  vendorId: string,
  page: { page: number; pageSize: number },
): Promise<{ rows: PayoutRow[]; total: number }> {
  const rows = await db
    .select()
    .from(payouts)
    .where(eq(payouts.vendorId, vendorId))
    .orderBy(desc(payouts.createdAt), desc(payouts.id))
    .limit(page.pageSize)
    .offset((page.page - 1) * page.pageSize);
  const [counted] = await db
    .select({ n: count() })
    .from(payouts)
    .where(eq(payouts.vendorId, vendorId));
  return { rows, total: Number(counted?.n ?? 0) };
}
