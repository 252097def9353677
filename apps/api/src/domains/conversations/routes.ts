import multipart from '@fastify/multipart';
import { endpoints, MESSAGE_MAX_ATTACHMENTS } from '@vetted/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { badRequest, unauthorized } from '../../lib/errors';
import { bearerOf, route } from '../../lib/route';
import { MAX_IMAGE_BYTES } from '../../services/images';
import { idempotencyKeyOf } from '../orders/service';
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
    for await (const part of request.parts()) {
      if (part.type === 'file' && part.fieldname === 'images') {
        images.push(await part.toBuffer());
      } else if (part.type === 'field' && part.fieldname === 'body') {
        body = String(part.value);
      } else {
        if (part.type === 'file') part.file.resume();
        throw badRequest(`Unexpected field "${part.fieldname}"`, 'unexpected_field');
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
 * Conversations (issue #7): open, list, read one, page messages, send (JSON or multipart),
 * mark read, typing; admins assign, resolve and reopen support chats.
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
