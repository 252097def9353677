import { ApiError, type RequestInfo } from './api-error';

/** Fallback of spec §8 when the error body carries no message. */
export const UNKNOWN_ERROR_MESSAGE = 'Unknown error';

/**
 * The server answered with a status 400–599 (or a 2xx body with `ok: false`).
 *
 * `message` comes from the body's `error.message`, else its `message`, else `'Unknown error'`
 * (spec §8); `code` and `status` are the HTTP status; `errorCode`/`fields` come from the body's
 * `error.code`/`error.fields` when present. `body` is the parsed body (JSON, else text, else
 * `undefined` when empty).
 */
export class HttpError extends ApiError {
  override name = 'HttpError';
  declare readonly code: number;
  declare readonly status: number;
  declare readonly response: Response;
  /** Parsed response body: JSON value, raw text when not JSON, `undefined` when empty. */
  readonly body: unknown;

  constructor(init: { request: RequestInfo; response: Response; body: unknown; cause?: unknown }) {
    const { message, errorCode, fields } = readErrorBody(init.body);
    super(message, {
      code: init.response.status,
      status: init.response.status,
      request: init.request,
      response: init.response,
      cause: init.cause,
      ...(errorCode === undefined ? {} : { errorCode }),
      ...(fields === undefined ? {} : { fields }),
    });
    this.body = init.body;
  }
}

/** True when the server answered with an error status. */
export function isHttpError(error: unknown): error is HttpError {
  return error instanceof HttpError;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function readErrorBody(body: unknown): {
  message: string;
  errorCode?: string;
  fields?: Record<string, string>;
} {
  if (!isRecord(body)) return { message: UNKNOWN_ERROR_MESSAGE };
  const error = isRecord(body.error) ? body.error : undefined;
  const message =
    nonEmptyString(error?.message) ?? nonEmptyString(body.message) ?? UNKNOWN_ERROR_MESSAGE;
  const errorCode = nonEmptyString(error?.code);
  let fields: Record<string, string> | undefined;
  if (isRecord(error?.fields)) {
    fields = {};
    for (const [key, value] of Object.entries(error.fields)) {
      if (typeof value === 'string') fields[key] = value;
    }
  }
  return {
    message,
    ...(errorCode === undefined ? {} : { errorCode }),
    ...(fields === undefined ? {} : { fields }),
  };
}

function nonEmptyString(value: unknown): string | undefined {
  return typeof value === 'string' && value.length > 0 ? value : undefined;
}
