import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { READINESS_CHECKS, type ReadinessCheck, type ReadinessStatus } from './readiness';

/**
 * How long one readiness probe may take (ms) before it counts as `down`: under the 5 s timeout
 * of a typical balancer health check (nginx Plus, Docker `HEALTHCHECK`, Kubernetes probes
 * default to 1–5 s), so a hanging dependency answers 503 rather than a probe timeout.
 */
export const READINESS_TIMEOUT_MS = 2000;

/** Body of `GET /v1/health/ready`: each dependency's status. */
export type ReadinessReport = Record<ReadinessCheck, ReadinessStatus>;

/** The 503 message naming each dependency that is down, in {@link READINESS_CHECKS} order. */
export function notReadyMessage(report: ReadinessReport): string {
  const down = READINESS_CHECKS.filter((name) => report[name] === 'down');
  return `Not ready: ${down.join(', ')} ${down.length === 1 ? 'is' : 'are'} down`;
}

/**
 * Readiness (ARCHITECTURE §6); `GET /v1/health` (app.ts) stays the liveness probe — the process
 * answers HTTP — whatever its dependencies do, since restarting the process would not fix them.
 *
 * `GET /v1/health/ready` says whether a balancer should send this instance traffic. It runs every
 * probe of `app.readiness` at once, each bounded by {@link READINESS_TIMEOUT_MS}, and answers
 * 200 `{ ok: true, data: { database, redis, storage, jobs } }` when none is `down` (`off`: not
 * configured here, such as Redis on a single instance); 503 in the spec §3 error shape, with the
 * same `data`, and a message naming what is down; 503 `shutting_down` once `app.close()` has
 * begun (SIGTERM), so the balancer stops sending while in-flight requests finish. Never cached,
 * and outside the rate limit (a balancer probes every few seconds from one address).
 *
 * Registers the `database` probe: `select 1` through `app.db`.
 */
export default fp(
  async (app: FastifyInstance) => {
    app.readiness.add('database', async () => {
      await app.db.execute(sql`select 1`);
    });
    let closing = false;
    app.addHook('preClose', async () => {
      closing = true;
    });

    app.get(
      '/v1/health/ready',
      { schema: { hide: true }, config: { rateLimit: false } },
      async (_request, reply) => {
        reply.header('cache-control', 'no-store');
        const data = await app.readiness.check(READINESS_TIMEOUT_MS);
        if (closing) {
          return reply.code(503).send({
            ok: false,
            error: { message: 'This instance is shutting down', code: 'shutting_down' },
            data,
          });
        }
        if (READINESS_CHECKS.some((name) => data[name] === 'down')) {
          return reply.code(503).send({
            ok: false,
            error: { message: notReadyMessage(data), code: 'not_ready' },
            data,
          });
        }
        return { ok: true, data };
      },
    );
  },
  { name: 'health', dependencies: ['readiness', 'db'] },
);
