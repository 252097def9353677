import { ApiError, type RequestInfo } from './api-error';

/** Message of spec §8 for a request that was sent but not answered. */
export const CONNECTION_TIMEOUT_MESSAGE = 'Connection timeout. Please try again later.';

/**
 * The request was sent but no answer arrived: the `timeout` elapsed, the connection was
 * refused or reset, or DNS failed. `code` is `'TIMEOUT'`; `cause` is the underlying error
 * (a `TimeoutError` DOMException or fetch's `TypeError`). `response` is set only when the
 * timeout fired while the body was still being read.
 */
export class TimeoutError extends ApiError {
  override name = 'TimeoutError';
  declare readonly code: 'TIMEOUT';

  constructor(init: { request: RequestInfo; response?: Response; cause?: unknown }) {
    super(CONNECTION_TIMEOUT_MESSAGE, {
      code: 'TIMEOUT',
      request: init.request,
      cause: init.cause,
      ...(init.response === undefined ? {} : { response: init.response }),
    });
  }
}

/** True when the request went unanswered (timeout or network failure). */
export function isTimeoutError(error: unknown): error is TimeoutError {
  return error instanceof TimeoutError;
}
