/**
 * The client errors of a `multipart/form-data` body the parser could not read, as 4xx answers
 * that name the problem. @fastify/multipart raises its own errors with a `FST_*` code; the busboy
 * parser under it throws plain `Error`s known only by their message (its sources: `lib/types/
 * multipart.js`, dicer's `Dicer.js`, streamsearch's `sbmh.js` in @fastify/busboy 3). Without this
 * mapping each of them answered 500. The app's error handler applies {@link multipartError} to
 * every route; upload routes read their parts through {@link multipartParts}, which checks the
 * boundary first.
 */
import type { FastifyRequest } from 'fastify';
import { AppError, badRequest } from './errors';

/** Code of every malformed-body answer; the message says what exactly is wrong. */
export const MALFORMED_MULTIPART = 'malformed_multipart';

const NO_BOUNDARY =
  'The multipart body has no boundary: send Content-Type: multipart/form-data; boundary=<boundary>, as a FormData body does';
const BAD_BOUNDARY =
  'The multipart boundary must be 1 to 70 characters (RFC 2046): send the form as a FormData body does';
const TRUNCATED =
  'The multipart body ended before its closing boundary: the form was cut short, send it again in full';

/** Busboy's messages (no codes) → what the client should fix. */
const BUSBOY_MESSAGES: [RegExp, string][] = [
  [/^Multipart: Boundary not found$/, NO_BOUNDARY],
  // streamsearch refuses a boundary over 252 characters (its needle is CRLF, "--" and the
  // boundary, at most 256 bytes); `multipartParts` refuses one over 70 before busboy sees it.
  [/^The needle cannot (be an empty|have a length bigger)/, BAD_BOUNDARY],
  [/^Unexpected end of multipart data$/, TRUNCATED],
  // A part (file or field) whose body the end of the request cut off.
  [/terminated early due to unexpected end of multipart data$/, TRUNCATED],
];

/** @fastify/multipart's codes → the answer (its own messages, "reach fields limit", name no fix). */
const PLUGIN_CODES: Record<string, () => AppError> = {
  FST_MP_PREMATURE_CLOSE: () =>
    badRequest(
      'The upload was closed before the form was complete: send it again',
      MALFORMED_MULTIPART,
    ),
  FST_PROTO_VIOLATION: () =>
    badRequest(
      'A form field is named after an object property (such as __proto__ or constructor): rename it',
      MALFORMED_MULTIPART,
    ),
  FST_INVALID_JSON_FIELD_ERROR: () =>
    badRequest(
      'A form field sent as application/json is not valid JSON: fix it or send it as text',
      MALFORMED_MULTIPART,
    ),
  FST_FIELDS_LIMIT: () =>
    new AppError(
      413,
      'The form has too many fields: send only the ones this upload takes',
      'too_many_fields',
    ),
  FST_PARTS_LIMIT: () =>
    new AppError(
      413,
      'The form has too many parts: send only the ones this upload takes',
      'too_many_fields',
    ),
};

/** RFC 2046 §5.1.1: a boundary is 1 to 70 characters. */
const BOUNDARY_MAX_LENGTH = 70;
/** The `boundary` parameter of a `Content-Type`, quoted (RFC 2045 §5.1) or not. */
const BOUNDARY_PARAM = /;\s*boundary=(?:"([^"]*)"|([^;\s]*))/i;

/**
 * The parts of a multipart request (`request.parts()` of @fastify/multipart), after checking the
 * boundary its `Content-Type` declares: busboy reads an empty one as an empty form (the upload
 * would answer "No image selected" for a file it never looked for) and one over 252 characters
 * as a programming error. Errors met while iterating are mapped by {@link multipartError}.
 * @throws AppError 400 `malformed_multipart` without a boundary, or one that is empty or longer
 *   than 70 characters (RFC 2046)
 */
export function multipartParts(request: FastifyRequest): ReturnType<FastifyRequest['parts']> {
  const match = BOUNDARY_PARAM.exec(request.headers['content-type'] ?? '');
  if (!match) throw badRequest(NO_BOUNDARY, MALFORMED_MULTIPART);
  const boundary = match[1] ?? match[2] ?? '';
  if (boundary.length === 0 || boundary.length > BOUNDARY_MAX_LENGTH) {
    throw badRequest(BAD_BOUNDARY, MALFORMED_MULTIPART);
  }
  return request.parts();
}

/**
 * The 4xx answer for `err` when it is a multipart parsing error, else null (the caller handles
 * `err` as before). Malformed bodies — no or a bad boundary, a body cut short, a part cut off,
 * a closed connection, a `__proto__` field, invalid JSON in a JSON field — answer 400
 * `malformed_multipart` with a message naming the problem; too many fields or parts answer 413
 * `too_many_fields`. File-size and file-count limits stay with each upload route, whose
 * messages name its own limit.
 */
export function multipartError(err: unknown): AppError | null {
  if (!(err instanceof Error) || err instanceof AppError) return null;
  const code = (err as { code?: unknown }).code;
  if (typeof code === 'string' && code in PLUGIN_CODES) return PLUGIN_CODES[code]!();
  if (code !== undefined) return null;
  for (const [pattern, message] of BUSBOY_MESSAGES) {
    if (pattern.test(err.message)) return badRequest(message, MALFORMED_MULTIPART);
  }
  return null;
}

/** 400 `unexpected_field` naming a part an upload form does not take. */
export const unexpectedField = (name: string) =>
  badRequest(`Unexpected field "${name}"`, 'unexpected_field');

/** A single-file upload form as {@link readSingleFileForm} reads it. */
export interface SingleFileForm {
  /** The file of field `file`, buffered, with the name the client gave it; null when none came. */
  file: { data: Buffer; fileName: string } | null;
  /** The accepted text fields that came, by name (the last value of a repeated one). */
  fields: Partial<Record<string, string>>;
}

/** What a single-file upload takes, and its own words for what it refuses. */
export interface SingleFileFormRules {
  /** The text fields taken beside the file; another one is refused once a file came. */
  fields: readonly string[];
  /** The 413 for a file over the route's `fileSize` limit (bytes, set where multipart is registered). */
  tooLarge: () => AppError;
  /** The 400 for a second file (the route's `files` limit is 1). */
  tooManyFiles: () => AppError;
}

/**
 * Reads a `multipart/form-data` upload of one file (field `file`, buffered) and the text fields
 * `rules.fields`. Another file part is refused with a 400 naming it, and so is another text field
 * next to the file; without a file, other text fields are ignored, so the caller can answer "No
 * image selected" — the fix to ask for. The caller authenticates first, before a byte is read.
 * @throws AppError 413 `rules.tooLarge()`, 400 `rules.tooManyFiles()` / `unexpected_field`, and
 *   the errors of {@link multipartParts}
 */
export async function readSingleFileForm(
  request: FastifyRequest,
  rules: SingleFileFormRules,
): Promise<SingleFileForm> {
  const form: SingleFileForm = { file: null, fields: {} };
  let unexpected: string | undefined;
  try {
    for await (const part of multipartParts(request)) {
      if (part.type === 'file' && part.fieldname === 'file') {
        form.file = { data: await part.toBuffer(), fileName: part.filename };
      } else if (part.type === 'field' && rules.fields.includes(part.fieldname)) {
        form.fields[part.fieldname] = String(part.value);
      } else if (part.type === 'field') {
        // Named only once a file came too: without one, "No … selected" is the fix to ask.
        unexpected ??= part.fieldname;
      } else {
        part.file.resume();
        throw unexpectedField(part.fieldname);
      }
    }
    if (unexpected !== undefined && form.file) throw unexpectedField(unexpected);
  } catch (err) {
    const code = (err as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw rules.tooLarge();
    if (code === 'FST_FILES_LIMIT') throw rules.tooManyFiles();
    throw err;
  }
  return form;
}
