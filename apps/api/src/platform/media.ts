import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { LocalDiskStorage, type Storage } from '../services/storage';

declare module 'fastify' {
  interface FastifyInstance {
    /** Where images live (local disk under `config.uploadDir`; see services/storage.ts). */
    storage: Storage;
  }
}

/**
 * Decorates `app.storage` and serves stored files at `GET /media/<key>`. Keys are content-unique
 * (a new upload gets a new key), so responses are cacheable forever.
 */
export default fp(
  async (app: FastifyInstance) => {
    const storage: Storage = new LocalDiskStorage(app.config.uploadDir);
    app.decorate('storage', storage);

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
  { name: 'media' },
);
