/**
 * Transactions of the money and booking paths that PostgreSQL may abort under concurrency, and
 * the row-lock order that keeps them from doing so.
 *
 * ## Lock order (every use case on one order)
 *
 * A transaction that changes an order, its payment or its vendor's time takes its row locks in
 * this order, and only the ones it needs:
 *
 * 1. the vendor: the `vendor_profiles` row (`lockVendorProfile` of the vendors domain; scheduling's
 *    `lockVendorTime` takes it) — bookings, transitions, moves, settling an authorisation,
 *    waitlist offers, reviews (the rating), payouts;
 * 2. the order: the `orders` row (`lockOrder` of the orders domain);
 * 3. its payment: the `payments` row (`lockPayment`, `lockLatestPayment`);
 * 4. then rows written under those locks: order events, ledger postings, outbox jobs,
 *    notifications, waitlist entries.
 *
 * A path may skip a level (the capture, void and refund jobs start at the order) but never goes
 * back up one. The row locks are `FOR NO KEY UPDATE`, not `FOR UPDATE`: they serialise the use
 * cases just the same, but do not block the `FOR KEY SHARE` lock PostgreSQL takes on a parent
 * row for a foreign-key check. Otherwise inserting a ledger posting (it references the vendor)
 * under the order lock waits for the vendor lock a cancellation took before the order lock —
 * the deadlock of a cancellation racing the capture job. No primary key is ever updated, so no
 * stronger lock is needed.
 *
 * ## Retry
 *
 * If PostgreSQL still aborts a transaction for a deadlock (SQLSTATE `40P01`) or a serialisation
 * failure (`40001`), {@link withTransactionRetry} runs it again: the aborted attempt left
 * nothing behind, and every side effect is an outbox row written in the same transaction.
 */
import { type BackoffOptions, backOff } from 'exponential-backoff';
import type { Db, Tx } from './client';

/**
 * SQLSTATEs after which running the whole transaction again can succeed: `40P01`
 * deadlock_detected and `40001` serialization_failure (PostgreSQL manual, appendix A).
 */
export const RETRYABLE_SQLSTATES: ReadonlySet<string> = new Set(['40P01', '40001']);

/**
 * The SQLSTATE of a database error — the driver's error (postgres-js, PGlite) or one Drizzle
 * wrapped around it (`cause`) — or undefined for any other error.
 */
export function sqlState(err: unknown): string | undefined {
  let e = err as { code?: unknown; cause?: unknown } | undefined;
  for (let depth = 0; e && depth < 5; depth++) {
    if (typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code)) return e.code;
    e = e.cause as typeof e;
  }
  return undefined;
}

/** Whether `err` aborted a transaction that may succeed when run again ({@link RETRYABLE_SQLSTATES}). */
export function isRetryableConflict(err: unknown): boolean {
  const code = sqlState(err);
  return code !== undefined && RETRYABLE_SQLSTATES.has(code);
}

/**
 * Pause before each new attempt (`exponential-backoff` options, ms): up to 20 ms, then ×2, at
 * most 250 ms, with full jitter (a random pause below that bound) so the transactions that
 * collided do not collide again in step.
 */
export const TRANSACTION_RETRY_BACKOFF = {
  startingDelay: 20,
  timeMultiple: 2,
  maxDelay: 250,
  jitter: 'full',
} as const satisfies BackoffOptions;

export interface TransactionRetryOptions {
  /** Attempts in all, the first included. @defaultValue 3 */
  attempts?: number;
  /** Pause before each new attempt. @defaultValue {@link TRANSACTION_RETRY_BACKOFF} */
  backoff?: Pick<BackoffOptions, 'startingDelay' | 'timeMultiple' | 'maxDelay' | 'jitter'>;
  /** Told of each retried conflict (e.g. the service's logger, at `warn`). */
  log?: { warn(obj: object, msg: string): void };
}

/**
 * Runs `fn` in a transaction of `db`; when PostgreSQL aborts it for a deadlock or a
 * serialisation failure ({@link isRetryableConflict}), runs it again in a new transaction,
 * `attempts` times in all, pausing {@link TRANSACTION_RETRY_BACKOFF} between attempts. `fn` must
 * have no effect outside the database (side effects go to the outbox), so an aborted attempt
 * leaves nothing behind. Any other error, and the last conflict, is thrown as it came.
 */
export async function withTransactionRetry<T>(
  db: Db,
  fn: (tx: Tx) => Promise<T>,
  options: TransactionRetryOptions = {},
): Promise<T> {
  const attempts = options.attempts ?? 3;
  return backOff(() => db.transaction(fn), {
    ...(options.backoff ?? TRANSACTION_RETRY_BACKOFF),
    numOfAttempts: attempts,
    // `failed`: how many attempts have failed so far, this one included.
    retry: (err: unknown, failed: number) => {
      if (failed >= attempts || !isRetryableConflict(err)) return false;
      options.log?.warn(
        { sqlState: sqlState(err), attempt: failed, attempts },
        'transaction aborted by a concurrent one; running it again',
      );
      return true;
    },
  });
}
