/** Output mapping of the earnings domain: contract `Payout` and `EarningsEntry` of rows. */
import type { EarningsEntry, Payout } from '@vetted/contract';
import * as policy from './policy';
import type { EntryRow, PayoutRow } from './repository';

/** The contract `Payout` of a row. */
export function toPayout(p: PayoutRow): Payout {
  return {
    id: p.id,
    amount: p.amount,
    currency: p.currency,
    status: p.status as Payout['status'],
    provider: p.provider,
    failureMessage: p.failureMessage,
    paidAt: p.paidAt?.toISOString() ?? null,
    createdAt: p.createdAt.toISOString(),
  };
}

/** The contract entry of a posting at `now`: owed amount (sign flipped) and its bucket. */
export function toEntry(row: EntryRow, now: Date): EarningsEntry {
  return {
    id: row.id,
    kind: policy.entryKindOf(row.kind),
    amount: row.amount === 0 ? 0 : -row.amount,
    currency: row.currency,
    bucket: policy.bucketOf(row, now),
    orderId: row.orderId,
    orderReference: row.orderReference,
    payoutId: row.payoutId,
    note: row.note,
    createdAt: row.createdAt.toISOString(),
  };
}
