/**
 * The HTTP edge of extras (change orders) that is not JSON: a proposal sent as
 * `multipart/form-data` with photos.
 */
import type { FastifyRequest } from 'fastify';
import { readPhotosForm } from '../../lib/photos-form';
import { imageTooLarge } from '../../services/images';
import { tooManyPhotos } from './change-order-messages';

/** The photos of a multipart proposal, read before validation (see {@link readProposalForm}). */
const uploads = new WeakMap<FastifyRequest, Buffer[]>();

/** The photos a multipart proposal carried (none for JSON). */
export const proposalPhotosOf = (request: FastifyRequest): Buffer[] => uploads.get(request) ?? [];

/**
 * `preValidation` of `POST /v1/orders/{id}/change-orders`: a `multipart/form-data` proposal
 * becomes the JSON body the contract validates — `description` as sent, `amount` as a number
 * when it is one (else left as text for the schema to refuse) — and each `photos` file is
 * buffered (the route's multipart limits: 6 files of at most 3 MB, spec §9). Another field or
 * file is refused with a 400 naming it. The caller is authenticated first, before a byte of the
 * upload is read. JSON requests pass through.
 * @throws AppError 401, 413 `image_too_large`, 400 `too_many_photos` / `unexpected_field`
 */
export async function readProposalForm(request: FastifyRequest): Promise<void> {
  if (!request.isMultipart()) return;
  const form = await readPhotosForm(request, {
    fileField: 'photos',
    fields: ['description', 'amount'],
    tooLarge: imageTooLarge,
    tooManyFiles: tooManyPhotos,
  });
  const fields = form.fields as Partial<Record<'description' | 'amount', string>>;
  uploads.set(request, form.files);
  const amount = fields.amount?.trim();
  request.body = {
    ...(fields.description !== undefined ? { description: fields.description } : {}),
    ...(amount !== undefined ? { amount: /^-?\d+$/.test(amount) ? Number(amount) : amount } : {}),
  };
}
