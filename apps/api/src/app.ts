import Fastify, { type FastifyInstance } from 'fastify';
import cookie from '@fastify/cookie';
import helmet from '@fastify/helmet';
import swagger from '@fastify/swagger';
import {
  hasZodFastifySchemaValidationErrors,
  isResponseSerializationError,
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
} from 'fastify-type-provider-zod';
import type { Config } from './config';
import type { Database, Db } from './db/client';
import { AppError } from './lib/errors';
import authPlugin from './plugins/auth';
import platformPlugin from './plugins/platform';
import mediaPlugin from './plugins/media';
import spaPlugin from './plugins/spa';
import authRoutes from './routes/auth';
import catalogueRoutes from './routes/catalogue';
import meRoutes from './routes/me';
import notificationRoutes from './routes/notifications';
import orderRoutes from './routes/orders';
import paymentRoutes from './routes/payments';
import realtimeRoutes from './routes/realtime';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Db;
  }
}

export interface BuildOptions {
  config: Config;
  database: Database;
  /** Pino logger options; `false` silences logs (tests). */
  logger?: boolean | object;
}

/**
 * Builds the Fastify app. Load order (STYLE.md): external plugins → app plugins → routes.
 * The caller owns `database` and closes it after `app.close()`.
 */
export async function buildApp({
  config,
  database,
  logger,
}: BuildOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: logger ?? { level: config.logLevel },
    genReqId: () => crypto.randomUUID(),
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('config', config);
  app.decorate('db', database.db);

  app.setErrorHandler((err: Error, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(err)) {
      const fields: Record<string, string> = {};
      for (const issue of err.validation) {
        const path =
          issue.instancePath.replace(/^\//, '').replaceAll('/', '.') ||
          err.validationContext ||
          'body';
        fields[path] ??= issue.message ?? 'Invalid value';
      }
      const [firstPath, firstMessage] = Object.entries(fields)[0] ?? ['body', 'Invalid request'];
      return reply.code(400).send({
        ok: false,
        error: {
          message:
            firstPath && !/^(body|querystring|params)$/.test(firstPath)
              ? `${firstPath}: ${firstMessage}`
              : (firstMessage ?? 'Invalid request'),
          code: 'validation_error',
          fields,
        },
      });
    }
    if (err instanceof AppError) {
      return reply.code(err.status).send({
        ok: false,
        error: {
          message: err.message,
          code: err.code,
          ...(err.fields ? { fields: err.fields } : {}),
        },
      });
    }
    if (isResponseSerializationError(err)) {
      request.log.error({ err, issues: err.cause.issues }, 'response did not match its schema');
    }
    const status = (err as { statusCode?: number }).statusCode;
    if (status && status >= 400 && status < 500) {
      return reply.code(status).send({
        ok: false,
        error: { message: err.message, code: (err as { code?: string }).code?.toLowerCase() },
      });
    }
    request.log.error({ err }, 'unhandled error');
    return reply.code(500).send({
      ok: false,
      error: { message: 'Oops! Something went wrong. Try again', code: 'internal_error' },
    });
  });

  // External plugins.
  await app.register(helmet, { global: true, contentSecurityPolicy: false });
  await app.register(cookie);
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: { title: 'Vetted API', version: '1.0.0', description: 'Vetted marketplace API v1' },
      components: { securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer' } } },
    },
    transform: jsonSchemaTransform,
  });

  // App plugins.
  await app.register(authPlugin, { secret: config.jwtSecret, ttlS: config.accessTokenTtlS });
  await app.register(platformPlugin);
  await app.register(mediaPlugin);

  // Routes.
  await app.register(authRoutes);
  await app.register(meRoutes);
  await app.register(catalogueRoutes);
  await app.register(orderRoutes);
  await app.register(paymentRoutes);
  await app.register(notificationRoutes);
  await app.register(realtimeRoutes);

  app.get('/v1/openapi.json', { schema: { hide: true } }, async () => app.swagger());
  app.get('/v1/health', { schema: { hide: true } }, async () => ({
    ok: true,
    data: { status: 'up' },
  }));

  // The built SPA and the server side of the access rules (spec §2); also the JSON 404 for /v1.
  await app.register(spaPlugin);
  return app;
}
