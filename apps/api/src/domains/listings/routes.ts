import multipart from '@fastify/multipart';
import { endpoints } from '@vetted/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { unauthorized } from '../../lib/errors';
import { bearerOf, route } from '../../lib/route';
import { readSingleFileForm } from '../../lib/multipart';
import { imageTooLarge, MAX_IMAGE_BYTES } from '../../services/images';
import { vendorOnly } from '../vendors';
import * as msg from './messages';
import type { ImageUpload, ListingsService } from './service';

/** The image of a multipart upload, read before validation (see `readImage`). */
const imageUploads = new WeakMap<FastifyRequest, ImageUpload>();

/**
 * Reads a `multipart/form-data` service image upload: the one file of field `file`, buffered (at
 * most 3 MB, spec §5), and the optional text field `alt`. Another file is refused with a 400
 * naming it, and so is another text field next to the file. The caller is authenticated — and
 * must be a vendor — before a byte of the upload is read (401 without a valid access token, 403
 * for customers and admins), like the avatar and document uploads. A request that is not
 * multipart, or has no file whatever text fields it carries, leaves no file: the service answers
 * spec §5's "No image selected". A malformed body is answered by the app's error handler
 * (lib/multipart.ts).
 * @throws AppError 401, 403 `vendor_only`, 413 `image_too_large`, 400 `unexpected_field` /
 *   `too_many_files`
 */
async function readImage(request: FastifyRequest): Promise<void> {
  if (!request.isMultipart()) return;
  const bearer = bearerOf(request);
  if (!bearer) throw unauthorized('Session not found');
  const user = await request.server.auth.verifyAccessToken(bearer);
  if (user.role !== 'vendor') throw vendorOnly();
  const form = await readSingleFileForm(request, {
    fields: ['alt'],
    tooLarge: imageTooLarge,
    tooManyFiles: msg.oneImage,
  });
  const upload: ImageUpload = { file: form.file?.data ?? null };
  if (form.fields.alt !== undefined) upload.alt = form.fields.alt;
  imageUploads.set(request, upload);
}

/**
 * `/v1/vendor/services*` and `/v1/vendor/availability`: the pro's services, their
 * images and opening hours. Vendors only (403 for customers and admins); another pro's service
 * answers 404, as an unknown id does. Each route destructures and calls one `listings` function.
 */
export default async function listingsRoutes(
  app: FastifyInstance,
  { listings }: { listings: ListingsService },
): Promise<void> {
  await app.register(multipart, {
    // `alt` is at most 200 characters (contract): 1 KiB of field is plenty. A few fields more
    // than `alt`, so a form with other text and no file still answers "No image selected".
    limits: { fileSize: MAX_IMAGE_BYTES, files: 1, fields: 4, fieldSize: 1024 },
  });

  route(app, endpoints.listMyServices, ({ user }) => listings.listServices(user));
  route(app, endpoints.createMyService, ({ user, body }) => listings.createService(user, body), {
    successStatus: 201,
  });
  route(app, endpoints.getMyService, ({ user, params }) => listings.getService(user, params.id));
  route(app, endpoints.updateMyService, ({ user, params, body }) =>
    listings.updateService(user, params.id, body),
  );
  route(app, endpoints.deleteMyService, ({ user, params }) =>
    listings.deleteService(user, params.id),
  );

  route(
    app,
    endpoints.uploadServiceImage,
    ({ user, params, request }) =>
      listings.addImage(user, params.id, imageUploads.get(request) ?? { file: null }),
    { successStatus: 201, preValidation: readImage },
  );
  route(app, endpoints.reorderServiceImages, ({ user, params, body }) =>
    listings.reorderImages(user, params.id, body),
  );
  route(app, endpoints.updateServiceImage, ({ user, params, body }) =>
    listings.updateImage(user, params.id, params.imageId, body),
  );
  route(app, endpoints.deleteServiceImage, ({ user, params }) =>
    listings.deleteImage(user, params.id, params.imageId),
  );

  route(app, endpoints.getAvailability, ({ user }) => listings.getAvailability(user));
  route(app, endpoints.updateAvailability, ({ user, body }) =>
    listings.updateAvailability(user, body),
  );
}
