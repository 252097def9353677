import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '../db/client';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
  }
}

/**
 * The app's database as `app.db` (Drizzle over PostgreSQL or PGlite). The caller of `buildApp`
 * opens it and closes it after `app.close()`; its readiness probe is health.ts's `database`.
 */
export default fp(
  async (app: FastifyInstance, opts: { db: Db }) => {
    app.decorate('db', opts.db);
  },
  { name: 'db' },
);
