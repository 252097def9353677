/**
 * Earnings rules: which figure a `vendor_payable` posting counts
 * towards at a given time, the figures of a currency, how much a payout may move, and how a
 * minor-unit amount reads as a decimal. Pure functions; table-tested in
 * `test/vendor-earnings.test.ts`.
 *
 * Amounts are integer minor units, positive when owed to the vendor ("owed" = the negated
 * `vendor_payable` posting: the ledger credits what the platform owes).
 */
import { type EarningsBalance, type EarningsEntry, PAYOUT_HOLD_DAYS } from '@vetted/contract';
import { minorDigits } from '../../shared/money';

/** The hold between a job's settlement and its money becoming available (ms): `PAYOUT_HOLD_DAYS` × 24 h. */
export const HOLD_MS = PAYOUT_HOLD_DAYS * 24 * 60 * 60 * 1000;

/**
 * Order statuses whose money is pending: paid (captured once the vendor accepts) and the job not
 * done yet. `pending_payment` is listed for safety: no capture is posted before acceptance.
 */
export const PENDING_ORDER_STATUSES = [
  'pending_payment',
  'paid',
  'accepted',
  'in_progress',
] as const;

/**
 * Order statuses that end the job: completed, or cancelled / declined / refunded with whatever
 * the vendor kept after the refunds. Their money is held for {@link HOLD_MS} from the first such
 * order event, then available.
 */
export const SETTLED_ORDER_STATUSES = ['completed', 'cancelled', 'declined', 'refunded'] as const;

export type Bucket = EarningsEntry['bucket'];

/** What decides a posting's bucket: its payout, or its order's status and settlement time. */
export interface BucketFacts {
  /** Set for the postings of a payout (and of its reversal). */
  payoutId: string | null;
  /** The order's status; null for a payout posting. */
  orderStatus: string | null;
  /** When the order's job ended (first completed/cancelled/declined/refunded event), or null. */
  settledAt: Date | null;
}

/** When money of an order settled at `settledAt` becomes available: `settledAt` + {@link HOLD_MS}. */
export function availableFrom(settledAt: Date): Date {
  return new Date(settledAt.getTime() + HOLD_MS);
}

/**
 * The figure a posting counts towards at `now`: `paid_out` for a payout's postings; `pending`
 * while its order's job is not done (or has no settlement time yet); `on_hold` from settlement
 * until {@link availableFrom}; `available` from then on (the instant itself included).
 */
export function bucketOf(facts: BucketFacts, now: Date): Bucket {
  if (facts.payoutId) return 'paid_out';
  const settled = (SETTLED_ORDER_STATUSES as readonly (string | null)[]).includes(
    facts.orderStatus,
  );
  if (!settled || !facts.settledAt) return 'pending';
  return now.getTime() < availableFrom(facts.settledAt).getTime() ? 'on_hold' : 'available';
}

/** A sum of owed money (minor units) in one currency sharing one set of {@link BucketFacts}. */
export interface OwedGroup extends BucketFacts {
  currency: string;
  /** Minor units owed to the vendor (negated `vendor_payable` sum); negative reduces it. */
  owed: number;
}

/**
 * The earnings figures per currency (sorted by code) at `now`, from the vendor's owed money in
 * groups (one per order and currency, one per payout). In the contract's terms:
 * - `onHold`: settled jobs inside the hold;
 * - `pending`: jobs not done yet plus `onHold` (not yet available);
 * - `available`: jobs past the hold, less the payouts that did not fail, never below 0;
 * - `owed`: what that falls short by — a refund recovered from the pro after their share was
 *   paid out — netted from their next earnings as they become available (0 when none);
 * - `paidOut`: payouts that did not fail (a failed one's reversal cancels it);
 * - `nextAvailableAt`: the earliest end of a hold among held groups owing money, else null.
 * So `pending + available − owed` is always the whole owed balance, −Σ of the vendor's postings.
 */
export function balances(groups: OwedGroup[], now: Date): EarningsBalance[] {
  const by = new Map<
    string,
    { notDone: number; onHold: number; settled: number; paidOut: number; next: number | null }
  >();
  for (const g of groups) {
    let b = by.get(g.currency);
    if (!b) {
      b = { notDone: 0, onHold: 0, settled: 0, paidOut: 0, next: null };
      by.set(g.currency, b);
    }
    const bucket = bucketOf(g, now);
    if (bucket === 'paid_out') b.paidOut -= g.owed;
    else if (bucket === 'pending') b.notDone += g.owed;
    else if (bucket === 'available') b.settled += g.owed;
    else {
      b.onHold += g.owed;
      if (g.owed !== 0 && g.settledAt) {
        const at = availableFrom(g.settledAt).getTime();
        b.next = b.next === null ? at : Math.min(b.next, at);
      }
    }
  }
  return [...by.entries()]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([currency, b]) => ({
      currency,
      pending: b.notDone + b.onHold,
      onHold: b.onHold,
      ...netOfOwed(b.settled - b.paidOut),
      paidOut: b.paidOut,
      nextAvailableAt: b.next === null ? null : new Date(b.next).toISOString(),
    }));
}

/**
 * Splits what settled jobs leave after payouts (minor units, negative when refunds recovered
 * after a payout took more than was left) into `available` (never negative) and `owed` (the
 * shortfall, shown as such and netted from later earnings instead of a negative balance).
 */
export function netOfOwed(settledLessPaidOut: number): { available: number; owed: number } {
  return {
    available: Math.max(0, settledLessPaidOut),
    owed: Math.max(0, -settledLessPaidOut),
  };
}

/** The contract kind of a `vendor_payable` posting's ledger kind (`charge`… never reach it). */
export function entryKindOf(kind: string): EarningsEntry['kind'] {
  return kind === 'tip' || kind === 'refund' || kind === 'payout' ? kind : 'vendor_payable';
}

/**
 * What a payout request may move: `requested` (minor units) or, when absent, all of `available`.
 * `nothing_available` when that is 0 or less; `too_much` when `requested` exceeds `available`.
 */
export function payoutAmount(
  available: number,
  requested: number | undefined,
): { ok: true; amount: number } | { ok: false; reason: 'nothing_available' | 'too_much' } {
  if (available <= 0) return { ok: false, reason: 'nothing_available' };
  if (requested === undefined) return { ok: true, amount: available };
  if (requested > available) return { ok: false, reason: 'too_much' };
  return { ok: true, amount: requested };
}

/** Digits after the decimal point of `currency`: one definition, in shared/money.ts. */
export { minorDigits };

/**
 * `minor` units of `currency` as a plain decimal in major units, exactly (integer arithmetic, no
 * float rounding): `12345, 'USD'` → `'123.45'`, `-5, 'USD'` → `'-0.05'`, `500, 'JPY'` → `'500'`.
 * For files (CSV) that a spreadsheet reads as a number: no symbol, no grouping.
 */
export function majorUnits(minor: number, currency: string): string {
  const digits = minorDigits(currency);
  const sign = minor < 0 ? '-' : '';
  const abs = String(Math.abs(minor));
  if (digits === 0) return `${sign}${abs}`;
  const padded = abs.padStart(digits + 1, '0');
  return `${sign}${padded.slice(0, -digits)}.${padded.slice(-digits)}`;
}

/**
 * A free-text CSV cell a spreadsheet must not run as a formula (OWASP "CSV injection"): text
 * starting with `=`, `+`, `-`, `@`, tab or carriage return gets a leading apostrophe. Only for
 * text people typed (a service title), never for numbers.
 */
export function spreadsheetSafe(text: string): string {
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}
