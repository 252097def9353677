import { and, asc, eq, sql } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import type { DbOrTx } from '../../db/client';
import { ledgerEntries, orders } from '../../db/schema';
import type { Posting } from './policy';

export type LedgerRow = typeof ledgerEntries.$inferSelect;

/**
 * Writes one posting set for an order (and payment) in `currency`. Each line's idempotency key is
 * `<key>:<account>`, unique in the table: posting the same set again inserts nothing. Returns
 * how many lines were inserted (0 on a repeat). Call it inside the transaction of the change.
 */
export async function post(
  db: DbOrTx,
  input: {
    orderId: string;
    paymentId: string | null;
    currency: string;
    key: string;
    postings: Posting[];
    at: Date;
  },
): Promise<number> {
  if (input.postings.length === 0) return 0;
  const rows = await db
    .insert(ledgerEntries)
    .values(
      input.postings.map((p) => ({
        id: uuidv7(),
        orderId: input.orderId,
        paymentId: input.paymentId,
        account: p.account,
        amount: p.amount,
        currency: input.currency,
        kind: p.kind,
        idempotencyKey: `${input.key}:${p.account}`,
        createdAt: input.at,
      })),
    )
    .onConflictDoNothing({ target: ledgerEntries.idempotencyKey })
    .returning({ id: ledgerEntries.id });
  return rows.length;
}

/** The postings of a payment, oldest first. */
export function entriesForPayment(db: DbOrTx, paymentId: string): Promise<LedgerRow[]> {
  return db
    .select()
    .from(ledgerEntries)
    .where(eq(ledgerEntries.paymentId, paymentId))
    .orderBy(asc(ledgerEntries.createdAt), asc(ledgerEntries.id));
}

/**
 * Orders whose postings do not sum to zero in some currency (should always be empty): the
 * invariant of the double-entry ledger, for tests and health checks.
 */
export async function unbalancedOrders(
  db: DbOrTx,
): Promise<{ orderId: string | null; currency: string; total: number }[]> {
  return db
    .select({
      orderId: ledgerEntries.orderId,
      currency: ledgerEntries.currency,
      total: sql<number>`sum(${ledgerEntries.amount})::int`,
    })
    .from(ledgerEntries)
    .groupBy(ledgerEntries.orderId, ledgerEntries.currency)
    .having(sql`sum(${ledgerEntries.amount}) <> 0`);
}

/**
 * What the platform owes a vendor (vendor profile id), per currency, in minor units: the negated
 * sum of the `vendor_payable` postings of the vendor's orders (captures owe them, refunds and
 * payouts reduce it). Vendor earnings and payouts read this.
 */
export async function vendorBalance(
  db: DbOrTx,
  vendorId: string,
): Promise<{ currency: string; amount: number }[]> {
  const rows = await db
    .select({
      currency: ledgerEntries.currency,
      amount: sql<number>`(-coalesce(sum(${ledgerEntries.amount}), 0))::int`,
    })
    .from(ledgerEntries)
    .innerJoin(orders, eq(orders.id, ledgerEntries.orderId))
    .where(and(eq(orders.vendorId, vendorId), eq(ledgerEntries.account, 'vendor_payable')))
    .groupBy(ledgerEntries.currency)
    .orderBy(asc(ledgerEntries.currency));
  return rows.map((r) => ({ currency: r.currency, amount: Number(r.amount) }));
}
