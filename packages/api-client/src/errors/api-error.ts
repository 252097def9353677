/** The request an error belongs to: upper-case method and the full URL (query included). */
export interface RequestInfo {
  method: string;
  url: string;
}

/** Everything an {@link ApiError} is built from. */
export interface ApiErrorInit {
  /** HTTP status for {@link HttpError}; a string code (`'TIMEOUT'`, `'REQUEST_FAILED'`) otherwise. */
  code: number | string;
  request: RequestInfo;
  status?: number;
  errorCode?: string;
  fields?: Record<string, string>;
  response?: Response;
  cause?: unknown;
}

/**
 * Base class of every error the client throws (spec §8 "Response-level errors").
 *
 * Catch this one class, then branch with {@link isHttpError} / {@link isTimeoutError}, or read
 * `code`: the HTTP status (number) for a server answer, a string code otherwise.
 */
export class ApiError extends Error {
  override name = 'ApiError';
  /** HTTP status for HTTP errors; `'TIMEOUT'` or `'REQUEST_FAILED'` otherwise. */
  readonly code: number | string;
  /** HTTP status, present only when the server answered. */
  readonly status?: number;
  /** Machine-readable code of the error body (`error.code`, e.g. `'card_declined'`). */
  readonly errorCode?: string;
  /** Field problems of the error body (`error.fields`), keyed by dotted path (`card.number`). */
  readonly fields?: Record<string, string>;
  /** The request that failed. */
  readonly request: RequestInfo;
  /** The response, when the server answered. Its body has already been read. */
  readonly response?: Response;

  constructor(message: string, init: ApiErrorInit) {
    super(message, init.cause === undefined ? undefined : { cause: init.cause });
    this.code = init.code;
    this.request = init.request;
    if (init.status !== undefined) this.status = init.status;
    if (init.errorCode !== undefined) this.errorCode = init.errorCode;
    if (init.fields !== undefined) this.fields = init.fields;
    if (init.response !== undefined) this.response = init.response;
  }
}

/** True for any error thrown by the client ({@link HttpError}, {@link TimeoutError}, {@link RequestError}). */
export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}
