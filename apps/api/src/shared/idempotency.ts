/**
 * The one reader of the optional `Idempotency-Key` header (orders, payments, messages, payouts):
 * a repeat of a request with the same key returns the first answer instead of doing it twice.
 */
import { AppError, badRequest } from '../lib/errors';

/** Longest key accepted, in characters after trimming. */
export const IDEMPOTENCY_KEY_MAX = 255;

/**
 * Reads and checks the optional `Idempotency-Key` header: 1 to 255 characters after trimming.
 * Returns the trimmed key, or undefined when the header is absent (the first value when repeated).
 * @throws AppError 400 `invalid_idempotency_key`
 */
export function idempotencyKeyOf(header: string | string[] | undefined): string | undefined {
  const value = Array.isArray(header) ? header[0] : header;
  if (value === undefined) return undefined;
  const key = value.trim();
  if (!key || key.length > IDEMPOTENCY_KEY_MAX) {
    throw badRequest('Idempotency-Key must be 1 to 255 characters', 'invalid_idempotency_key');
  }
  return key;
}

/**
 * 422 `idempotency_mismatch`: the key was already used for another request, named by
 * `usedFor` ("a different booking" → "This Idempotency-Key was already used for a different
 * booking").
 */
export function idempotencyMismatch(usedFor: string): AppError {
  return new AppError(
    422,
    `This Idempotency-Key was already used for ${usedFor}`,
    'idempotency_mismatch',
  );
}
