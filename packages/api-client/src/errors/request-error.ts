import { ApiError, type RequestInfo } from './api-error';

/** Fallback message of spec §8 for a failure with no message of its own. */
export const REQUEST_ERROR_FALLBACK_MESSAGE = 'Something went wrong 4000';

/**
 * Any other failure: the caller aborted through `signal`, the URL or body could not be built,
 * `getAccessToken` threw, or a 2xx body was not valid JSON. `message` is the cause's message,
 * else `'Something went wrong 4000'` (spec §8); `code` is `'REQUEST_FAILED'`.
 */
export class RequestError extends ApiError {
  override name = 'RequestError';
  declare readonly code: 'REQUEST_FAILED';

  constructor(init: { request: RequestInfo; response?: Response; cause?: unknown }) {
    const causeMessage =
      init.cause instanceof Error
        ? init.cause.message
        : typeof init.cause === 'string'
          ? init.cause
          : '';
    super(causeMessage || REQUEST_ERROR_FALLBACK_MESSAGE, {
      code: 'REQUEST_FAILED',
      request: init.request,
      cause: init.cause,
      ...(init.response === undefined ? {} : { response: init.response }),
    });
  }
}

/** True for failures that are neither a server answer nor a timeout. */
export function isRequestError(error: unknown): error is RequestError {
  return error instanceof RequestError;
}
