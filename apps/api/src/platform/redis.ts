import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Redis } from 'ioredis';
import { quitRedis } from './events';

declare module 'fastify' {
  interface FastifyInstance {
    /** The Redis connection when `REDIS_URL` is set (events, rate limit), else null. */
    redis: Redis | null;
  }
}

/**
 * The shared Redis connection (ARCHITECTURE §6): only when `REDIS_URL` is set, for the event bus
 * and the rate limit across instances; its readiness probe is `redis`.
 */
export default fp(
  async (app: FastifyInstance) => {
    const { redisUrl } = app.config;
    const redis = redisUrl
      ? new Redis(redisUrl, { connectTimeout: 2000, maxRetriesPerRequest: 1, lazyConnect: false })
      : null;
    redis?.on('error', (err: unknown) => app.log.warn({ err }, 'redis connection error'));
    app.decorate('redis', redis);
    if (!redis) return;
    app.readiness.add('redis', async () => {
      await redis.ping();
    });
    app.addHook('onClose', async () => quitRedis(redis));
  },
  { name: 'redis', dependencies: ['readiness'] },
);
