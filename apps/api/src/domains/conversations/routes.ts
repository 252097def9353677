import multipart from '@fastify/multipart';
import { endpoints, MESSAGE_MAX_ATTACHMENTS } from '@vetted/contract';
import { parseSessionCookie } from '@vetted/session';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { unauthorized } from '../../lib/errors';
import { bearerOf, route } from '../../lib/route';
import { multipartParts, unexpectedField } from '../../lib/multipart';
import type { AuthUser } from '../../platform/types';
import { sendMediaNotFound, sendStoredObject } from '../../platform/media';
import { MAX_IMAGE_BYTES } from '../../services/images';
import { idempotencyKeyOf } from '../../shared/idempotency';
import * as msg from './messages';
import type { ConversationsService } from './service';

/** The images of a multipart send, read before validation (see `readMultipart`). */
const uploads = new WeakMap<FastifyRequest, Buffer[]>();

/**
 * Reads a `multipart/form-data` send: the `body` field becomes the JSON body the contract
 * validates, each file of `images` is buffered (at most {@link MESSAGE_MAX_ATTACHMENTS}, each at
 * most 3 MB: spec §9). Other fields and files are refused with a 400 naming them. The caller is
 * authenticated first (401 without a valid access token).
 * @throws AppError 401, 413 `image_too_large`, 400 `too_many_images` / `unexpected_field`
 */
async function readMultipart(request: FastifyRequest): Promise<void> {
  if (!request.isMultipart()) return;
  // Authenticate before reading a byte of the upload (`route` checks the token only in the
  // handler, after this hook): without it an anonymous client got 413 for a large file instead
  // of the 401 of every access route, and made the server buffer up to 4 × 3 MB first.
  const bearer = bearerOf(request);
  if (!bearer) throw unauthorized('Session not found');
  await request.server.auth.verifyAccessToken(bearer);
  const images: Buffer[] = [];
  let body: string | undefined;
  try {
    for await (const part of multipartParts(request)) {
      if (part.type === 'file' && part.fieldname === 'images') {
        images.push(await part.toBuffer());
      } else if (part.type === 'field' && part.fieldname === 'body') {
        body = String(part.value);
      } else {
        if (part.type === 'file') part.file.resume();
        throw unexpectedField(part.fieldname);
      }
    }
  } catch (err) {
    const code = (err as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw msg.imageTooLarge();
    if (code === 'FST_FILES_LIMIT') throw msg.tooManyImages(MESSAGE_MAX_ATTACHMENTS);
    throw err;
  }
  uploads.set(request, images);
  request.body = body === undefined ? {} : { body };
}

/**
 * Attachments are re-checked at every use (`no-cache` with the object's ETag: a revalidation
 * costs a 304, and a participant who loses access stops seeing them); `private` keeps them out
 * of shared caches and CDNs.
 */
export const ATTACHMENT_CACHE_CONTROL = 'private, no-cache';

/**
 * The caller of a request that a browser may make without our client code — an `<img src>` or
 * a link opened in a new tab sends cookies, not an `Authorization` header: the bearer token when
 * present, else the access token of the `user_session` cookie (spec §3, packages/session).
 * Null when neither holds a valid, unrevoked token.
 */
async function callerOfMediaRequest(request: FastifyRequest): Promise<AuthUser | null> {
  const token =
    bearerOf(request) ?? parseSessionCookie(request.headers.cookie)?.accessToken ?? null;
  if (!token) return null;
  try {
    const { id, role } = await request.server.auth.verifyAccessToken(token);
    return { id, role };
  } catch {
    return null;
  }
}

/**
 * Conversations: open, list, read one, page messages, send (JSON or multipart),
 * mark read, typing; admins assign, resolve and reopen support chats. Message images at
 * `GET /media/messages/{conversationId}/{file}`, for participants and admins only.
 */
export default async function conversationRoutes(
  app: FastifyInstance,
  { conversations }: { conversations: ConversationsService },
): Promise<void> {
  await app.register(multipart, {
    limits: {
      fileSize: MAX_IMAGE_BYTES,
      files: MESSAGE_MAX_ATTACHMENTS,
      fields: 4,
      fieldSize: 64 * 1024,
    },
  });

  // More specific than the public `GET /media/*`, so it answers every attachment URL, including
  // those of images sent while attachments were public. Anyone who may not see the image —
  // anonymous, another user, a malformed path — gets the 404 of a missing file.
  app.get('/media/messages/*', { schema: { hide: true } }, async (request, reply) => {
    const path = (request.params as { '*': string })['*'] ?? '';
    const slash = path.indexOf('/');
    const found =
      slash > 0
        ? await conversations.attachment(
            await callerOfMediaRequest(request),
            path.slice(0, slash),
            path.slice(slash + 1),
          )
        : null;
    reply.header('Vary', 'Authorization, Cookie');
    if (!found) return sendMediaNotFound(reply);
    return sendStoredObject(request, reply, found.storage, found.key, ATTACHMENT_CACHE_CONTROL);
  });

  route(app, endpoints.openConversation, ({ body, user }) => conversations.open(user, body));
  route(app, endpoints.listConversations, ({ query, user }) => conversations.list(user, query));
  route(app, endpoints.getConversation, ({ params, user }) => conversations.get(user, params.id));
  route(app, endpoints.listMessages, ({ params, query, user }) =>
    conversations.listMessages(user, params.id, query),
  );
  route(
    app,
    endpoints.sendMessage,
    ({ params, body, user, request }) =>
      conversations.send(
        user,
        params.id,
        { body: body.body, images: uploads.get(request) ?? [] },
        idempotencyKeyOf(request.headers['idempotency-key']),
      ),
    // The per-sender rate limit is in the service: counted in the database, it holds across
    // API instances.
    { successStatus: 201, preValidation: readMultipart },
  );
  route(app, endpoints.markConversationRead, ({ params, user }) =>
    conversations.markRead(user, params.id),
  );
  route(app, endpoints.sendTyping, ({ params, user }) => conversations.typing(user, params.id));
  route(app, endpoints.assignConversation, ({ params, body, user }) =>
    conversations.assign(user, params.id, body.assigneeId),
  );
  route(app, endpoints.resolveConversation, ({ params, user }) =>
    conversations.resolve(user, params.id),
  );
  route(app, endpoints.reopenConversation, ({ params, user }) =>
    conversations.reopen(user, params.id),
  );
}
