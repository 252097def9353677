/**
 * An error a client can act on: `status` is the HTTP status, `message` is shown to people,
 * `code` is a stable machine-readable string (e.g. `slot_taken`, `card_declined`).
 * Anything thrown that is not an AppError becomes a logged 500 with a generic message.
 */
export class AppError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code?: string,
    readonly fields?: Record<string, string>,
    /** Seconds to send as `Retry-After` (a 429 or 503). */
    readonly retryAfterS?: number,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const badRequest = (
  message: string,
  code = 'bad_request',
  fields?: Record<string, string>,
) => new AppError(400, message, code, fields);
export const unauthorized = (message = 'Session not found', code = 'unauthorized') =>
  new AppError(401, message, code);
export const forbidden = (message = 'You do not have access to this', code = 'forbidden') =>
  new AppError(403, message, code);
export const notFound = (message = 'Not found', code = 'not_found') =>
  new AppError(404, message, code);
export const conflict = (message: string, code = 'conflict') => new AppError(409, message, code);
