import swagger from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';
import jobsPlugin from '../jobs/plugin';
import { openApiOptions } from '../lib/openapi';
import authPlugin from './auth';
import compressionPlugin from './compression';
import { builtIndexScriptHashes, contentSecurityPolicy } from './csp';
import eventsPlugin from './events';
import healthPlugin from './health';
import mediaPlugin from './media';
import metricsPlugin from './metrics';
import overloadPlugin from './overload';
import rateLimitPlugin from './rate-limit';
import { readinessPlugin } from './readiness';
import redisPlugin from './redis';
import securityHeaders from './security-headers';

export type { AuthService, AuthUser, EventBus, Unsubscribe, VerifiedAccess } from './types';

/** External plugins, then the platform's (one per concern), in dependency order. */
export async function registerPlatform(app: FastifyInstance): Promise<void> {
  const { config } = app;
  // One strict CSP on every response (csp.ts): the SPA's inline script by its hash.
  await app.register(securityHeaders, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: contentSecurityPolicy(config, builtIndexScriptHashes(config.webDist)),
    },
  });
  // `GET /v1/openapi.json` is built from the contract's routes (lib/openapi.ts).
  await app.register(swagger, openApiOptions({ publicUrl: config.publicUrl }));

  // App plugins: ETags and compression, load shedding, the global rate limit (Redis-backed
  // across instances when `REDIS_URL` is set), metrics, and the event bus `app.events`.
  await app.register(readinessPlugin);
  await app.register(redisPlugin);
  await app.register(compressionPlugin);
  await app.register(overloadPlugin);
  await app.register(rateLimitPlugin);
  await app.register(metricsPlugin);
  // Before auth: its hook uses the events bus (session revocation across instances).
  await app.register(eventsPlugin);
  // GET /v1/health/ready over `app.readiness`, with the database's probe.
  await app.register(healthPlugin);
  await app.register(authPlugin, { secret: config.jwtSecret, ttlS: config.accessTokenTtlS });
  await app.register(jobsPlugin);
  await app.register(mediaPlugin);
}
