import multipart from '@fastify/multipart';
import { endpoints, MESSAGE_MAX_ATTACHMENTS } from '@vetted/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { readPhotosForm } from '../../lib/photos-form';
import { route } from '../../lib/route';
import { servePrivateMedia } from '../../platform/media';
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
  const form = await readPhotosForm(request, {
    fileField: 'images',
    fields: ['body'],
    tooLarge: msg.imageTooLarge,
    tooManyFiles: () => msg.tooManyImages(MESSAGE_MAX_ATTACHMENTS),
  });
  uploads.set(request, form.files);
  request.body = form.fields.body === undefined ? {} : { body: form.fields.body };
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
  servePrivateMedia(app, '/media/messages', (caller, conversationId, file) =>
    conversations.attachment(caller, conversationId, file),
  );

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
