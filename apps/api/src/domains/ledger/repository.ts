import { and, asc, eq, sql } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import type { DbOrTx } from '../../db/client';
import { ledgerEntries, orders } from '../../db/schema';
import type { LedgerAccount, Posting } from './policy';

export type LedgerRow = typeof ledgerEntries.$inferSelect;

/**
 * Writes one posting set in `currency`: an order's (with its payment, if any) or a payout's
 * (`orderId` null, `vendorId` and `payoutId` set). Each line carries the vendor whose
 * payable it concerns: `vendorId` when given, else the order's vendor (read in the same
 * statement), so earnings read a vendor's postings directly. Each line's idempotency key is
 * `<key>:<account>`, unique in the table: posting the same set again inserts nothing. Returns
 * how many lines were inserted (0 on a repeat). `note` (optional) is stored on the line of
 * `note.account`: what the pro is told about it (a refund recovered from them and why). Call it
 * inside the transaction of the change.
 */
export async function post(
  db: DbOrTx,
  input: {
    orderId: string | null;
    paymentId: string | null;
    /** The vendor; default the order's. Required when `orderId` is null. */
    vendorId?: string;
    payoutId?: string | null;
    currency: string;
    key: string;
    postings: Posting[];
    at: Date;
    note?: { account: LedgerAccount; text: string } | null;
  },
): Promise<number> {
  if (input.postings.length === 0) return 0;
  if (!input.orderId && !input.vendorId) {
    throw new TypeError('A posting without an order needs its vendorId');
  }
  const vendorId =
    input.vendorId ??
    sql`(select ${orders.vendorId} from ${orders} where ${orders.id} = ${input.orderId})`;
  const rows = await db
    .insert(ledgerEntries)
    .values(
      input.postings.map((p) => ({
        id: uuidv7(),
        orderId: input.orderId,
        vendorId,
        payoutId: input.payoutId ?? null,
        paymentId: input.paymentId,
        account: p.account,
        amount: p.amount,
        currency: input.currency,
        kind: p.kind,
        note: input.note && input.note.account === p.account ? input.note.text : null,
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
 * Posting sets that do not sum to zero in some currency (should always be empty): the invariant
 * of the double-entry ledger, for tests and health checks. An order's postings balance per
 * order; a payout's (no order) per payout, so they are grouped by both.
 */
export async function unbalancedOrders(db: DbOrTx): Promise<
  {
    orderId: string | null;
    payoutId: string | null;
    currency: string;
    total: number;
  }[]
> {
  return db
    .select({
      orderId: ledgerEntries.orderId,
      payoutId: ledgerEntries.payoutId,
      currency: ledgerEntries.currency,
      total: sql<number>`sum(${ledgerEntries.amount})::int`,
    })
    .from(ledgerEntries)
    .groupBy(ledgerEntries.orderId, ledgerEntries.payoutId, ledgerEntries.currency)
    .having(sql`sum(${ledgerEntries.amount}) <> 0`);
}

/**
 * What the platform owes a vendor (vendor profile id), per currency, in minor units: the negated
 * sum of the vendor's `vendor_payable` postings (by `ledger_entries.vendor_id`: captures and tips
 * owe them, refunds and payouts reduce it, a failed payout's reversal restores it). Vendor
 * earnings (domains/earnings) split this same sum into pending and available.
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
    .where(and(eq(ledgerEntries.vendorId, vendorId), eq(ledgerEntries.account, 'vendor_payable')))
    .groupBy(ledgerEntries.currency)
    .orderBy(asc(ledgerEntries.currency));
  return rows.map((r) => ({ currency: r.currency, amount: Number(r.amount) }));
}
