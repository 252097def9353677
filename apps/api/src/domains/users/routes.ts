import multipart from '@fastify/multipart';
import { endpoints } from '@vetted/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { badRequest, unauthorized } from '../../lib/errors';
import { bearerOf, route } from '../../lib/route';
import { readSingleFileForm } from '../../lib/multipart';
import { imageTooLarge, MAX_IMAGE_BYTES } from '../../services/images';
import type { AuthDomainService } from '../auth';
import type { UsersService } from './service';

/** The avatar of a multipart upload, read before validation (see `readAvatar`). */
const avatarUploads = new WeakMap<FastifyRequest, Buffer>();

/**
 * Reads a `multipart/form-data` avatar upload: the one file of field `file`, buffered (at most
 * 3 MB, spec §9). Another file is refused with a 400 naming it, and so is a text field next to
 * the file. The caller is authenticated first, before a byte of the upload is read (401 without
 * a valid access token), like the conversations' uploads. A request that is not multipart, or
 * has no file whatever text fields it carries, leaves no upload: the service answers spec §5's
 * "No image selected". A malformed body is answered by the app's error handler (lib/multipart.ts).
 * @throws AppError 401, 413 `image_too_large`, 400 `unexpected_field` / `too_many_files`
 */
async function readAvatar(request: FastifyRequest): Promise<void> {
  if (!request.isMultipart()) return;
  const bearer = bearerOf(request);
  if (!bearer) throw unauthorized('Session not found');
  await request.server.auth.verifyAccessToken(bearer);
  const form = await readSingleFileForm(request, {
    fields: [],
    tooLarge: imageTooLarge,
    tooManyFiles: () => badRequest('Send one image', 'too_many_files'),
  });
  if (form.file) avatarUploads.set(request, form.file.data);
}

/** The session id (`sid`) of the caller's access token: the session a password change keeps. */
async function sessionOf(request: FastifyRequest, bearer: string | null): Promise<string> {
  if (!bearer) throw unauthorized('Session not found');
  return (await request.server.auth.verifyAccessToken(bearer)).sessionId;
}

/**
 * `/v1/me/*`: the signed-in user's own profile and account: profile, avatar, email
 * and password changes, deletion, data export and notification preferences. The credential
 * routes (email, password, deletion) get the tighter per-IP limit of the auth routes.
 */
export default async function meRoutes(
  app: FastifyInstance,
  { users, auth }: { users: UsersService; auth: AuthDomainService },
): Promise<void> {
  await app.register(multipart, {
    limits: { fileSize: MAX_IMAGE_BYTES, files: 1, fields: 4, fieldSize: 1024 },
  });
  const limited = {
    config: { rateLimit: { max: app.config.authRateLimitPerMinute, timeWindow: 60_000 } },
  };

  route(app, endpoints.getMe, ({ user }) => users.getMe(user.id));
  route(app, endpoints.updateMe, ({ user, body }) => users.updateMe(user.id, body));

  route(
    app,
    endpoints.uploadAvatar,
    ({ user, request }) => users.setAvatar(user.id, avatarUploads.get(request) ?? null),
    { preValidation: readAvatar },
  );
  route(app, endpoints.deleteAvatar, ({ user }) => users.removeAvatar(user.id));

  route(
    app,
    endpoints.changeEmail,
    ({ user, body }) => auth.requestEmailChange(user.id, body),
    limited,
  );
  route(
    app,
    endpoints.verifyEmailChange,
    async ({ user, body }) => {
      await auth.confirmEmailChange(user.id, body);
      return users.getMe(user.id);
    },
    limited,
  );
  route(
    app,
    endpoints.changePassword,
    async ({ user, body, request, bearer }) =>
      auth.changePassword({ id: user.id, sessionId: await sessionOf(request, bearer) }, body),
    limited,
  );
  route(
    app,
    endpoints.requestAccountDeletion,
    ({ user, body }) => users.requestDeletion(user.id, body),
    limited,
  );
  route(
    app,
    endpoints.confirmAccountDeletion,
    ({ user, body }) => users.confirmDeletion(user.id, body),
    limited,
  );

  route(app, endpoints.exportMyData, async ({ user, reply }) => {
    const file = await users.exportData(user.id);
    reply
      .header('Content-Disposition', `attachment; filename="${file.fileName}"`)
      .header('Cache-Control', 'no-store');
    return file.data;
  });

  route(app, endpoints.getNotificationPreferences, ({ user }) =>
    users.getNotificationPreferences(user.id),
  );
  route(app, endpoints.updateNotificationPreferences, ({ user, body }) =>
    users.updateNotificationPreferences(user.id, body),
  );
}
