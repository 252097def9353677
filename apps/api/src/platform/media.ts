import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { DbOrTx } from '../db/client';
import { enqueue } from '../outbox/outbox';
import type { OutboxHandler } from '../outbox/worker';
import { LocalDiskStorage, type Storage } from '../services/storage';

/** Outbox kind that deletes stored files once the change that dropped them committed. */
export const MEDIA_DELETE_KIND = 'media.delete';

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
  await enqueue(db, { kind: MEDIA_DELETE_KIND, payload: { keys: storageKeys }, key });
}

/** Outbox handler of {@link MEDIA_DELETE_KIND}: deletes each key (a missing file is fine). */
export function mediaDeleteHandler(storage: Storage): OutboxHandler {
  return (async (payload: { keys: string[] }) => {
    for (const key of payload.keys) await storage.delete(key);
  }) as OutboxHandler;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Where images live (local disk under `config.uploadDir`; see services/storage.ts). */
    storage: Storage;
    /**
     * Private files (#8: vetting documents) under `config.privateUploadDir`: never served by
     * `/media`; read only by authorised routes.
     */
    privateStorage: Storage;
  }
}

/**
 * Decorates `app.storage`, serves stored files at `GET /media/<key>` and deletes them through
 * the outbox ({@link MEDIA_DELETE_KIND}). Keys are content-unique (a new upload gets a new key),
 * so responses are cacheable forever.
 */
export default fp(
  async (app: FastifyInstance) => {
    const storage: Storage = new LocalDiskStorage(app.config.uploadDir);
    app.decorate('storage', storage);
    app.decorate('privateStorage', new LocalDiskStorage(app.config.privateUploadDir) as Storage);
    app.outbox.register(MEDIA_DELETE_KIND, mediaDeleteHandler(storage));

    app.get('/media/*', { schema: { hide: true } }, async (request, reply) => {
      const key = (request.params as { '*': string })['*'] ?? '';
      const object = await storage.get(key);
      if (!object) {
        return reply
          .code(404)
          .header('Cache-Control', 'no-store')
          .send({ ok: false, error: { message: 'Image not found', code: 'not_found' } });
      }
      return reply
        .header('Cache-Control', 'public, max-age=31536000, immutable')
        .header('Content-Length', object.size)
        .type(object.contentType)
        .send(object.body);
    });
  },
  { name: 'media', dependencies: ['outbox'] },
);
