import { parseSessionCookie } from '@vetted/session';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { DbOrTx } from '../db/client';
import { enqueue } from '../jobs/engine';
import { bearerOf } from '../lib/route';
import { setMediaPublicUrl } from '../services/images';
import { createStorages, type Storage } from '../services/storage';
import { mediaDeleteJob } from './jobs/media-delete';
import type { AuthUser } from './types';

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
 * Private files (message images, extra and quote-request photos) are re-checked at every use
 * (`no-cache` with the object's ETag: a revalidation costs a 304, and a user who loses access
 * stops seeing them); `private` keeps them out of shared caches and CDNs.
 */
export const PRIVATE_MEDIA_CACHE_CONTROL = 'private, no-cache';

/**
 * The caller of a request that a browser may make without our client code — an `<img src>` or
 * a link opened in a new tab sends cookies, not an `Authorization` header: the bearer token when
 * present, else the access token of the `user_session` cookie (spec §3, packages/session).
 * Null when neither holds a valid, unrevoked token.
 */
export async function callerOfMediaRequest(request: FastifyRequest): Promise<AuthUser | null> {
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

/** Where a private file is, once its reader was allowed to see it. */
export interface PrivateMediaObject {
  storage: Storage;
  key: string;
}

/**
 * Serves private files at `GET <prefix>/{ownerId}/{file}` (hidden from the OpenAPI document):
 * `find` gets the caller ({@link callerOfMediaRequest}, null when anonymous) and the two path
 * parts, and answers where the file is, or null when it does not exist or the caller may not see
 * it — both the same 404 ({@link sendMediaNotFound}), as is a path without both parts. Files are
 * sent with {@link PRIVATE_MEDIA_CACHE_CONTROL} and `Vary: Authorization, Cookie`.
 */
export function servePrivateMedia(
  app: FastifyInstance,
  prefix: string,
  find: (
    caller: AuthUser | null,
    ownerId: string,
    file: string,
  ) => Promise<PrivateMediaObject | null>,
): void {
  app.get(`${prefix}/*`, { schema: { hide: true } }, async (request, reply) => {
    const path = (request.params as { '*': string })['*'] ?? '';
    const slash = path.indexOf('/');
    const found =
      slash > 0
        ? await find(
            await callerOfMediaRequest(request),
            path.slice(0, slash),
            path.slice(slash + 1),
          )
        : null;
    reply.header('Vary', 'Authorization, Cookie');
    if (!found) return sendMediaNotFound(reply);
    return sendStoredObject(request, reply, found.storage, found.key, PRIVATE_MEDIA_CACHE_CONTROL);
  });
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
