import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { DbOrTx } from '../db/client';
import { enqueue } from '../jobs/engine';
import { setMediaPublicUrl } from '../services/images';
import { createStorages, type Storage } from '../services/storage';
import { mediaDeleteJob } from './jobs/media-delete';

/**
 * Queues the deletion of stored files (e.g. a replaced avatar) inside the transaction that
 * stops referring to them, so a file goes if and only if that change committed. `key`
 * (optional) makes it idempotent.
 */
export async function enqueueMediaDelete(
  db: DbOrTx,
  storageKeys: string[],
  key?: string,
): Promise<void> {
  if (storageKeys.length === 0) return;
  await enqueue(db, mediaDeleteJob, { keys: storageKeys }, { key });
}

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Public media: the `S3_BUCKET` bucket, or local disk under `config.uploadDir` (see
     * services/storage.ts).
     */
    storage: Storage;
    /**
     * Private files (vetting documents, message attachments): the `S3_PRIVATE_BUCKET` bucket, or
     * `config.privateUploadDir`. Never served by `GET /media/*`; read only by authorised routes.
     */
    privateStorage: Storage;
  }
}

/** Public media: keys are content-unique (a new upload gets a new key), so cacheable forever. */
export const PUBLIC_MEDIA_CACHE_CONTROL = 'public, max-age=31536000, immutable';

/** The 404 of a missing (or hidden) file, the same for every cause. */
export function sendMediaNotFound(reply: FastifyReply): FastifyReply {
  return reply
    .code(404)
    .header('Cache-Control', 'no-store')
    .send({ ok: false, error: { message: 'Image not found', code: 'not_found' } });
}

/**
 * Whether an `If-None-Match` header matches `etag` (RFC 9110 §13.1.2: weak comparison, a list
 * of tags or `*`).
 */
export function ifNoneMatchHits(header: string | undefined, etag: string): boolean {
  if (!header || !etag) return false;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, '');
  return header.split(',').some((tag) => tag.trim() === '*' || opaque(tag) === opaque(etag));
}

/**
 * Streams `key` of `storage` with its ETag and `cacheControl`: 304 (no body read) when the
 * request's `If-None-Match` holds the object's ETag, {@link sendMediaNotFound} when there is no
 * such object. The caller has already decided the requester may read it.
 */
export async function sendStoredObject(
  request: FastifyRequest,
  reply: FastifyReply,
  storage: Storage,
  key: string,
  cacheControl: string,
): Promise<FastifyReply> {
  const conditional = request.headers['if-none-match'];
  if (conditional) {
    const info = await storage.head(key);
    if (!info) return sendMediaNotFound(reply);
    if (ifNoneMatchHits(conditional, info.etag)) {
      return reply.code(304).header('ETag', info.etag).header('Cache-Control', cacheControl).send();
    }
  }
  const object = await storage.get(key);
  if (!object) return sendMediaNotFound(reply);
  if (object.etag) reply.header('ETag', object.etag);
  return reply
    .header('Cache-Control', cacheControl)
    .header('Content-Length', object.size)
    .type(object.contentType)
    .send(object.body);
}

/**
 * Decorates `app.storage` and `app.privateStorage` (S3 buckets when `S3_BUCKET` is set, else
 * folders), registers the readiness probe `storage` (both stores answer), serves public files at
 * `GET /media/<key>` (streamed with the object's ETag, 304 to a matching `If-None-Match`,
 * cached for a year: keys are content-unique) and deletes them through the outbox
 * (job `media.delete`, ./jobs/media-delete.ts). Message attachments (`/media/messages/…`) are private: the
 * conversations domain serves them to participants only (a more specific route).
 */
export default fp(
  async (app: FastifyInstance) => {
    const stores = createStorages(app.config);
    const storage = stores.public;
    app.decorate('storage', storage);
    app.decorate('privateStorage', stores.private);
    setMediaPublicUrl(app.config.mediaPublicUrl);
    // Tests build several apps in one process, one after another: leave no base behind.
    app.addHook('onClose', async () => setMediaPublicUrl(undefined));
    app.readiness.add('storage', async () => {
      await Promise.all([stores.public.check(), stores.private.check()]);
    });
    app.jobs.register(mediaDeleteJob, { storage });

    app.get('/media/*', { schema: { hide: true } }, async (request, reply) => {
      const key = (request.params as { '*': string })['*'] ?? '';
      // Attachments written before they moved to private storage stay in the public store;
      // never serve them here, whatever route order (the conversations route checks access).
      if (key.startsWith('messages/')) return sendMediaNotFound(reply);
      return sendStoredObject(request, reply, storage, key, PUBLIC_MEDIA_CACHE_CONTROL);
    });
  },
  { name: 'media', dependencies: ['outbox'] },
);
