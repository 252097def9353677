/**
 * A request run at most once per (user, `Idempotency-Key`): the first answer (success or 4xx)
 * is stored and replayed (the header itself is read by shared/idempotency.ts).
 */
import { createHash } from 'node:crypto';
import { AppError, conflict } from '../../../lib/errors';
import { messages } from '../messages';
import * as repo from '../repository';
import type { Payer } from '../types';
import type { PaymentsContext } from './context';

/** How long (ms) an `Idempotency-Key` stays locked by a request that never answered (it died). */
export const IDEMPOTENCY_LOCK_MS = 10_000;

/** One request under an `Idempotency-Key`: who sends it, the key, its scope and body. */
export interface KeyedRequest {
  user: Payer;
  key: string;
  scope: string;
  request: unknown;
}

/**
 * Runs `fn` at most once per (user, `Idempotency-Key`): a replay with the same body returns the
 * first answer (success or 4xx); another body with the key answers 422 `idempotency_mismatch`;
 * while the first is in flight, 409 `idempotency_in_progress`. A 5xx or unexpected error frees
 * the key (a retry runs it again).
 */
export async function runOnce<T>(
  ctx: PaymentsContext,
  { user, key, scope, request }: KeyedRequest,
  fn: () => Promise<T>,
): Promise<T> {
  const { db } = ctx;
  const requestHash = createHash('sha256')
    .update(JSON.stringify([scope, request]))
    .digest('hex');
  const now = ctx.clock.now();
  const { taken, record } = await repo.claimIdempotencyKey(db, {
    userId: user.id,
    key,
    scope,
    requestHash,
    now,
    staleBefore: new Date(now.getTime() - IDEMPOTENCY_LOCK_MS),
  });
  if (record.requestHash !== requestHash) {
    throw new AppError(422, messages.idempotencyMismatch, 'idempotency_mismatch');
  }
  if (!taken) {
    if (record.statusCode === null) {
      throw conflict(messages.idempotencyInProgress, 'idempotency_in_progress');
    }
    const stored = record.response as
      | { data: T }
      | { error: { message: string; code?: string; fields?: Record<string, string> } };
    if ('data' in stored) return stored.data;
    throw new AppError(
      record.statusCode,
      stored.error.message,
      stored.error.code,
      stored.error.fields,
    );
  }
  try {
    const data = await fn();
    await repo.completeIdempotencyKey(db, {
      userId: user.id,
      key,
      statusCode: 200,
      response: { data },
    });
    return data;
  } catch (err) {
    if (err instanceof AppError && err.status < 500) {
      await repo.completeIdempotencyKey(db, {
        userId: user.id,
        key,
        statusCode: err.status,
        response: { error: { message: err.message, code: err.code, fields: err.fields } },
      });
    } else {
      await repo.releaseIdempotencyKey(db, { userId: user.id, key }).catch(() => undefined);
    }
    throw err;
  }
}
