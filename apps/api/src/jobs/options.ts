/** Queue options and names shared by the job engine's modules. */

/**
 * A running job's worker confirms it is alive this often (s; pg-boss `heartbeatSeconds`, its
 * minimum 10), and pg-boss's supervisor looks for silent ones as often: a job whose instance
 * died (SIGKILL, a lost machine) is retried by another instance within about twice this,
 * instead of waiting out `expireInSeconds`.
 */
export const JOB_HEARTBEAT_S = 10;

/**
 * Retry, expiry and retention of every job kind unless its definition says otherwise
 * (pg-boss queue options):
 * - 10 attempts (`retryLimit` 9) with exponential backoff from 1 s, jittered, capped at 1 h:
 *   about 4 h 30 min of retries in all, long enough to ride out a provider or SMTP outage, the
 *   same budget the outbox had before;
 * - `expireInSeconds` 300: a delivery running longer than 5 min is taken back and retried —
 *   far above the slowest call a job makes (Stripe's client gives up after 80 s and 2 retries),
 *   so only a hung worker's job is retried, and then once (the idempotency key makes the second
 *   delivery a no-op at the provider); a dead worker's stops its heartbeat (`heartbeatSeconds`)
 *   and is retried sooner;
 * - finished pg-boss jobs are deleted after 1 day (`deleteAfterSeconds`): the `outbox` row is
 *   the lasting record, kept `OUTBOX_RETENTION_DAYS` once delivered.
 */
export const DEFAULT_JOB_OPTIONS = {
  retryLimit: 9,
  retryDelay: 1,
  retryBackoff: true,
  retryDelayMax: 3600,
  expireInSeconds: 300,
  heartbeatSeconds: JOB_HEARTBEAT_S,
  deleteAfterSeconds: 24 * 3600,
} as const;

/** The queue that keeps jobs which failed every attempt (pg-boss `deadLetter`), for `redrive`. */
export const DEAD_LETTER_QUEUE = 'outbox.dead';

/** pg-boss's schema in our database. */
export const BOSS_SCHEMA = 'pgboss';
