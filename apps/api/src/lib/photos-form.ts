/**
 * Reading an upload form of text fields and several photos (an extra's proposal, a request for
 * quotes, a message with images): one multipart loop for every such route, so they authenticate,
 * refuse and buffer alike.
 */
import type { FastifyRequest } from 'fastify';
import type { AppError } from './errors';
import { unauthorized } from './errors';
import { multipartParts, unexpectedField } from './multipart';
import { bearerOf } from './route';

/** What a photos form takes, and its own words for what it refuses. */
export interface PhotosFormRules {
  /** The field name of the files (`photos`, `images`); each is buffered in order. */
  fileField: string;
  /** The text fields taken; another field (or a file under another name) is refused. */
  fields: readonly string[];
  /**
   * A text field's value as the body holds it (e.g. JSON parsed), called as the part arrives so
   * its error ends the read. @defaultValue the text as sent
   */
  value?: (name: string, text: string) => unknown;
  /** The 413 for a file over the route's `fileSize` limit (bytes, set where multipart is registered). */
  tooLarge: () => AppError;
  /** The 400 for a file over the route's `files` limit. */
  tooManyFiles: () => AppError;
}

/** A photos form as {@link readPhotosForm} reads it. */
export interface PhotosForm {
  /** The files of `rules.fileField`, buffered, in the order sent. */
  files: Buffer[];
  /** The text fields that came, by name, as `rules.value` made them (the last of a repeated one). */
  fields: Record<string, unknown>;
}

/**
 * Reads a `multipart/form-data` form of text fields `rules.fields` and files `rules.fileField`.
 * The caller is authenticated first (the bearer token), before a byte of the upload is read:
 * `route` checks the token only in the handler, after `preValidation`, and without this an
 * anonymous client got 413 for a large file instead of a 401, after the server buffered it.
 * Another field or file is refused with a 400 naming it.
 * @throws AppError 401 without a valid access token, 413 `rules.tooLarge()`, 400
 *   `rules.tooManyFiles()` / `unexpected_field`, the errors of `rules.value` and of
 *   {@link multipartParts}
 */
export async function readPhotosForm(
  request: FastifyRequest,
  rules: PhotosFormRules,
): Promise<PhotosForm> {
  const bearer = bearerOf(request);
  if (!bearer) throw unauthorized('Session not found');
  await request.server.auth.verifyAccessToken(bearer);
  const form: PhotosForm = { files: [], fields: {} };
  try {
    for await (const part of multipartParts(request)) {
      if (part.type === 'file' && part.fieldname === rules.fileField) {
        form.files.push(await part.toBuffer());
      } else if (part.type === 'field' && rules.fields.includes(part.fieldname)) {
        const text = String(part.value);
        form.fields[part.fieldname] = rules.value ? rules.value(part.fieldname, text) : text;
      } else {
        if (part.type === 'file') part.file.resume();
        throw unexpectedField(part.fieldname);
      }
    }
  } catch (err) {
    const code = (err as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw rules.tooLarge();
    if (code === 'FST_FILES_LIMIT') throw rules.tooManyFiles();
    throw err;
  }
  return form;
}
