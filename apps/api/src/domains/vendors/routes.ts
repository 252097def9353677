import multipart from '@fastify/multipart';
import { DOCUMENT_MAX_BYTES, endpoints } from '@vetted/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { unauthorized } from '../../lib/errors';
import { bearerOf, route } from '../../lib/route';
import { readSingleFileForm } from '../../lib/multipart';
import * as msg from './messages';
import type { DocumentUpload, VendorsService } from './service';

/** The document of a multipart upload, read before validation (see `readDocument`). */
const documentUploads = new WeakMap<FastifyRequest, DocumentUpload>();

/**
 * Reads a `multipart/form-data` document upload: the text field `kind` and the one file of field
 * `file`, buffered (at most DOCUMENT_MAX_BYTES = 10 MB). Another file is refused with a 400
 * naming it, and so is another text field next to the file. The caller is authenticated — and
 * must be a vendor — before a byte of the upload is read (401 without a valid access token, 403
 * for customers and admins), like the avatar and message uploads. A request that is not
 * multipart, or has no file whatever text fields it carries, leaves no file: the service answers
 * "No document selected" (spec §5's rule for images). A malformed body is answered by the app's
 * error handler (lib/multipart.ts).
 * @throws AppError 401, 403 `vendor_only`, 413 `document_too_large`, 400 `unexpected_field` /
 *   `too_many_files`
 */
async function readDocument(request: FastifyRequest): Promise<void> {
  if (!request.isMultipart()) return;
  const bearer = bearerOf(request);
  if (!bearer) throw unauthorized('Session not found');
  const user = await request.server.auth.verifyAccessToken(bearer);
  if (user.role !== 'vendor') throw msg.vendorOnly();
  const form = await readSingleFileForm(request, {
    fields: ['kind'],
    tooLarge: msg.documentTooLarge,
    tooManyFiles: msg.oneDocument,
  });
  const upload: DocumentUpload = { kind: form.fields.kind, file: form.file };
  documentUploads.set(request, upload);
}

/**
 * `/v1/vendor/profile` and `/v1/vendor/documents`: the pro's own business profile,
 * onboarding checklist, submission for review and vetting documents. Vendors only (403 for
 * customers and admins). Each route destructures and calls one `vendors` service function.
 */
export default async function vendorRoutes(
  app: FastifyInstance,
  { vendors }: { vendors: VendorsService },
): Promise<void> {
  await app.register(multipart, {
    // A few fields more than `kind`, so a form with other text and no file still answers
    // "No document selected".
    limits: { fileSize: DOCUMENT_MAX_BYTES, files: 1, fields: 4, fieldSize: 1024 },
  });

  route(app, endpoints.getVendorProfile, ({ user }) => vendors.getProfile(user));
  route(app, endpoints.updateVendorProfile, ({ user, body }) => vendors.updateProfile(user, body));
  route(app, endpoints.submitVendorProfile, ({ user }) => vendors.submit(user));

  route(app, endpoints.listVendorDocuments, ({ user }) => vendors.listDocuments(user));
  route(
    app,
    endpoints.uploadVendorDocument,
    ({ user, request }) =>
      vendors.uploadDocument(user, documentUploads.get(request) ?? { kind: undefined, file: null }),
    { successStatus: 201, preValidation: readDocument },
  );
  route(app, endpoints.deleteVendorDocument, ({ user, params }) =>
    vendors.deleteDocument(user, params.id),
  );
}
