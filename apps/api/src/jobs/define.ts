import type { z } from 'zod';

/** What a job's `run` is told about the outbox row it delivers. */
export interface DeliveryContext {
  /** The outbox row id (UUIDv7), also the pg-boss job id: reuse it as the id of a row the delivery creates. */
  id: string;
  /** The row's idempotency key: pass it to the external system so a redelivery is a no-op. */
  key: string;
  /** The job's name (its pg-boss queue), e.g. `payment.capture`. */
  kind: string;
  /** 1 on the first delivery attempt. */
  attempt: number;
  /** When the row was written: when the change that caused it committed. */
  createdAt: Date;
}

/** A delivery that can never succeed (bad address, expired code): not retried. */
export class PermanentDeliveryError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'PermanentDeliveryError';
  }
}

/**
 * What `run` may return: `{ payload }` replaces the stored payload once delivered (e.g. to drop
 * a one-time code that must not stay in the database).
 */
export type JobResult = { payload: unknown } | undefined;

/**
 * Retry and expiry of one job kind, in pg-boss's terms (its queue options); each field
 * overrides the engine's default (`../jobs/engine.ts` `DEFAULT_JOB_OPTIONS`).
 */
export interface JobOptions {
  /** Retries after the first attempt before the job is dead-lettered. */
  retryLimit?: number;
  /** Seconds before the first retry; doubled (jittered) each retry with `retryBackoff`. */
  retryDelay?: number;
  retryBackoff?: boolean;
  /** Longest delay between retries, seconds. */
  retryDelayMax?: number;
  /** Seconds a delivery may run before pg-boss takes it back and retries it (a dead worker). */
  expireInSeconds?: number;
  /** Seconds without a heartbeat from its worker before a running job is retried (≥ 10). */
  heartbeatSeconds?: number;
}

/**
 * One kind of side effect (a pg-boss queue of the same name): its payload schema, how to run it,
 * and what `run` needs (`D`, given when the job is registered: a domain service, the mail
 * transport…). The payload is parsed with `payload` when enqueued and again when run.
 */
export interface JobDefinition<S extends z.ZodType = z.ZodType, D = unknown> extends JobOptions {
  /** Queue name: letters, digits, `_`, `-`, `.`, `/` (pg-boss's rule), e.g. `payment.capture`. */
  name: string;
  payload: S;
  /**
   * Delivers one row. Throwing retries it (pg-boss backoff) until `retryLimit`, then it is
   * dead-lettered; throw {@link PermanentDeliveryError} to give up at once.
   */
  run(payload: z.output<S>, ctx: DeliveryContext, deps: D): Promise<JobResult> | Promise<void>;
}

/** Declares a job kind (one file per kind: `domains/<domain>/jobs/<name>.ts`). */
export function defineJob<S extends z.ZodType, D = undefined>(
  definition: JobDefinition<S, D>,
): JobDefinition<S, D> {
  return definition;
}

/**
 * A periodic task run once per period across every instance (a pg-boss schedule). `cron` is a
 * five-field cron expression in UTC; pg-boss files an occurrence in a 60-second slot, so a
 * period shorter than a minute is not possible.
 */
export interface ScheduleDefinition<D = unknown> {
  /** Queue name of the task. */
  name: string;
  cron: string;
  run(deps: D): Promise<unknown>;
}

/** Declares a periodic task. */
export function defineSchedule<D>(definition: ScheduleDefinition<D>): ScheduleDefinition<D> {
  return definition;
}
