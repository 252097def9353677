import { SESSION_ERRORS, type SessionErrorCode } from './constants';

/**
 * A session failure with the spec §8 message of its `code`: `notFound` ('Session not found'),
 * `noActive`, `refreshFailed` ('Session refresh failed', `cause` = the refresh error),
 * `unexpected` or `expired` ('Session expired, Please login again').
 */
export class SessionError extends Error {
  override name = 'SessionError';
  readonly code: SessionErrorCode;

  constructor(code: SessionErrorCode, options?: { cause?: unknown }) {
    super(SESSION_ERRORS[code], options);
    this.code = code;
  }
}

/** True for a {@link SessionError}, optionally of one `code`. */
export function isSessionError(error: unknown, code?: SessionErrorCode): error is SessionError {
  return error instanceof SessionError && (code === undefined || error.code === code);
}
