/**
 * The HTTP edge of quote requests that is not JSON: a request sent as `multipart/form-data` with
 * photos.
 */
import { QUOTE_RULES } from '@vetted/contract';
import type { FastifyRequest } from 'fastify';
import { readPhotosForm } from '../../lib/photos-form';
import { imageTooLarge } from '../../services/images';
import * as msg from './messages';
/** The photos of a multipart request, read before validation (see {@link readRequestForm}). */
const uploads = new WeakMap<FastifyRequest, Buffer[]>();

/** The photos a multipart request carried (none for JSON). */
export const requestPhotosOf = (request: FastifyRequest): Buffer[] => uploads.get(request) ?? [];

/** The text fields of the form (the contract's body); `windows` is JSON text, `budget` a number. */
const FIELDS = [
  'categorySlug',
  'description',
  'placeId',
  'address',
  'windows',
  'budget',
  'vendorId',
];

/** A field's text as the JSON body has it: `windows` parsed, `budget` a number when it is one. */
function fieldValue(name: string, value: string): unknown {
  if (name === 'windows') {
    try {
      return JSON.parse(value);
    } catch {
      throw msg.invalidWindows();
    }
  }
  if (name === 'budget') return /^\d+$/.test(value.trim()) ? Number(value) : value;
  return value;
}

/**
 * `preValidation` of `POST /v1/quote-requests`: a `multipart/form-data` request becomes the JSON
 * body the contract validates, and each `photos` file is buffered (the route's limits: 6 files
 * of at most 3 MB, spec §5). Another field or file is refused with a 400 naming it. The caller
 * is authenticated first, before a byte of the upload is read. JSON requests pass through.
 * @throws AppError 401, 413 `image_too_large`, 400 `too_many_photos` / `invalid_windows` /
 *   `unexpected_field`
 */
export async function readRequestForm(request: FastifyRequest): Promise<void> {
  if (!request.isMultipart()) return;
  const form = await readPhotosForm(request, {
    fileField: 'photos',
    fields: FIELDS,
    value: fieldValue,
    tooLarge: imageTooLarge,
    tooManyFiles: () => msg.tooManyPhotos(QUOTE_RULES.maxPhotos),
  });
  uploads.set(request, form.files);
  request.body = form.fields;
}
