import type { FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from '../lib/errors';
import { multipartError } from '../lib/multipart';

/**
 * The app's error handler: every error answer in the spec §3 shape `{ ok: false, error }`.
 * Validation errors are 400 `validation_error` with `fields` (dotted path → message) and the
 * first field's message; an {@link AppError} (or an unreadable multipart body) answers its own
 * status, code and `Retry-After`; other 4xx keep their status and lower-cased code; anything
 * else is logged and answered 500 `internal_error`.
 */
export function errorHandler(err: Error, request: FastifyRequest, reply: FastifyReply) {
  if (hasZodFastifySchemaValidationErrors(err)) {
    const fields: Record<string, string> = {};
    for (const issue of err.validation) {
      const path =
        issue.instancePath.replace(/^\//, '').replaceAll('/', '.') ||
        err.validationContext ||
        'body';
      fields[path] ??= issue.message ?? 'Invalid value';
    }
    const [firstPath, firstMessage] = Object.entries(fields)[0] ?? ['body', 'Invalid request'];
    return reply.code(400).send({
      ok: false,
      error: {
        message:
          firstPath && !/^(body|querystring|params)$/.test(firstPath)
            ? `${firstPath}: ${firstMessage}`
            : (firstMessage ?? 'Invalid request'),
        code: 'validation_error',
        fields,
      },
    });
  }
  // A multipart body the parser could not read is the client's to fix (lib/multipart.ts).
  const known = err instanceof AppError ? err : multipartError(err);
  if (known) {
    if (known.retryAfterS !== undefined) reply.header('Retry-After', String(known.retryAfterS));
    return reply.code(known.status).send({
      ok: false,
      error: {
        message: known.message,
        code: known.code,
        ...(known.fields ? { fields: known.fields } : {}),
      },
    });
  }
  const status = (err as { statusCode?: number }).statusCode;
  if (status && status >= 400 && status < 500) {
    return reply.code(status).send({
      ok: false,
      error: { message: err.message, code: (err as { code?: string }).code?.toLowerCase() },
    });
  }
  request.log.error({ err }, 'unhandled error');
  return reply.code(500).send({
    ok: false,
    error: { message: 'Oops! Something went wrong. Try again', code: 'internal_error' },
  });
}
