import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/errors';

/**
 * The global rate limit of `/v1/*` (`RATE_LIMIT_PER_MINUTE`), Redis-backed across instances
 * when `REDIS_URL` is set.
 */
export default fp(
  async (app: FastifyInstance) => {
    const { config, redis } = app;
    await app.register(rateLimit, {
      global: true,
      max: config.rateLimitPerMinute,
      timeWindow: 60_000,
      ...(redis ? { redis, nameSpace: 'vetted:rate-limit:' } : {}),
      // A Redis hiccup must not take the API down with it.
      skipOnError: true,
      // The limit protects the API; the SPA's files and /metrics are not counted.
      allowList: (req) => !req.url.startsWith('/v1/'),
      errorResponseBuilder: (_req, context) =>
        new AppError(
          context.statusCode,
          `Too many requests. Try again in ${context.after}`,
          'rate_limited',
        ),
    });
  },
  { name: 'rate-limit', dependencies: ['redis'] },
);
