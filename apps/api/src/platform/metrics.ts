import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { collectDefaultMetrics, Histogram, Registry } from 'prom-client';
import { bearerOf } from '../lib/route';

declare module 'fastify' {
  interface FastifyInstance {
    /** The prom-client registry behind `/metrics` (one per app, so tests can build several). */
    metrics: Registry;
  }
}

/**
 * True when `given` equals `expected`. Compares SHA-256 digests in constant time, so neither the
 * secret's content nor its length leaks through response timing.
 */
export function secretMatches(given: string | null, expected: string): boolean {
  if (given === null) return false;
  const digest = (value: string) => createHash('sha256').update(value, 'utf8').digest();
  return timingSafeEqual(digest(given), digest(expected));
}

/**
 * Prometheus metrics at `/metrics` (only with `METRICS_TOKEN`, to `Authorization: Bearer <token>`;
 * 401 otherwise, 404 when unset): default process metrics plus a request-duration histogram.
 */
export default fp(
  async (app: FastifyInstance) => {
    const { config } = app;
    // Metrics: default process metrics plus a request-duration histogram.
    const registry = new Registry();
    collectDefaultMetrics({ register: registry });
    const duration = new Histogram({
      name: 'http_request_duration_seconds',
      help: 'HTTP request duration in seconds, by method, route pattern and status code',
      labelNames: ['method', 'route', 'status_code'] as const,
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers: [registry],
    });
    app.decorate('metrics', registry);
    // Synchronous: an async hook costs a promise per request.
    app.addHook('onResponse', (request, reply, done) => {
      const routePattern = request.routeOptions.url ?? 'unmatched';
      if (routePattern !== '/metrics') {
        duration.observe(
          { method: request.method, route: routePattern, status_code: String(reply.statusCode) },
          reply.elapsedTime / 1000,
        );
      }
      done();
    });
    // Never public: served only with METRICS_TOKEN set, and only to its bearer.
    const metricsToken = config.metricsToken;
    if (metricsToken) {
      app.get(
        '/metrics',
        { schema: { hide: true }, config: { rateLimit: false } },
        async (request, reply) => {
          if (!secretMatches(bearerOf(request), metricsToken)) {
            return reply
              .code(401)
              .header('www-authenticate', 'Bearer realm="metrics"')
              .send({
                ok: false,
                error: { message: 'A valid metrics token is required', code: 'unauthorized' },
              });
          }
          reply.header('content-type', registry.contentType);
          return registry.metrics();
        },
      );
    }
  },
  { name: 'metrics' },
);
