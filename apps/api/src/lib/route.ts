import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { apiErrorSchema, okSchema, type Endpoints } from '@vetted/contract';
import type { z } from 'zod';
import type { AuthUser } from '../plugins/auth';
import { unauthorized } from './errors';

type Infer<T> = T extends z.ZodType ? z.output<T> : undefined;

/** What a handler receives: validated params/query/body plus the caller (for `access` routes). */
export interface RouteContext<E extends Endpoints[keyof Endpoints]> {
  params: Infer<E extends { params: infer P } ? P : undefined>;
  query: Infer<E extends { query: infer Q } ? Q : undefined>;
  body: Infer<E extends { body: infer B } ? B : undefined>;
  /** The signed-in caller; present on `auth: 'access'` routes. */
  user: E['auth'] extends 'access' ? AuthUser : AuthUser | null;
  /** Bearer credential as sent (the refresh token on `auth: 'refresh'` routes). */
  bearer: string | null;
  request: FastifyRequest;
  reply: FastifyReply;
}

/**
 * Registers one endpoint of the contract table under `/v1`: schemas for params, query, body and
 * the `{ ok: true, data }` response come from `@vetted/contract`, so the OpenAPI document is
 * generated from them. The handler returns `data` (or sets `reply.code(201)` first).
 */
export function route<E extends Endpoints[keyof Endpoints]>(
  app: FastifyInstance,
  endpoint: E,
  handler: (ctx: RouteContext<E>) => Promise<z.input<E['response']>> | z.input<E['response']>,
  options: {
    successStatus?: number;
    config?: Record<string, unknown>;
    /** Runs before validation, e.g. to turn a multipart request into the JSON body. */
    preValidation?: (request: FastifyRequest) => Promise<void>;
  } = {},
): void {
  const status = options.successStatus ?? 200;
  const e = endpoint as Endpoints[keyof Endpoints] & {
    params?: z.ZodType;
    query?: z.ZodType;
    body?: z.ZodType;
  };
  app.withTypeProvider<ZodTypeProvider>().route({
    method: e.method,
    url: `/v1${e.path}`,
    config: options.config,
    ...(options.preValidation ? { preValidation: options.preValidation } : {}),
    schema: {
      summary: e.summary,
      security: e.auth === 'none' ? [] : [{ bearerAuth: [] }],
      ...(e.params ? { params: e.params } : {}),
      ...(e.query ? { querystring: e.query } : {}),
      ...(e.body ? { body: e.body } : {}),
      response: {
        [status]: okSchema(e.response),
        '4xx': apiErrorSchema,
        '5xx': apiErrorSchema,
      },
    },
    handler: async (request, reply) => {
      const bearer = bearerOf(request);
      let user: AuthUser | null = null;
      if (e.auth === 'access') {
        if (!bearer) throw unauthorized('Session not found');
        user = await request.server.auth.verifyAccessToken(bearer);
      } else if (e.auth === 'none' && bearer) {
        user = await request.server.auth.verifyAccessToken(bearer).catch(() => null);
      }
      const data = await handler({
        params: request.params,
        query: request.query,
        body: request.body,
        user,
        bearer,
        request,
        reply,
      } as RouteContext<E>);
      reply.code(status);
      return { ok: true as const, data };
    },
  });
}

/** The token of an `Authorization: Bearer <token>` header, or null. */
export function bearerOf(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(.+)$/i.exec(header);
  return match?.[1]?.trim() || null;
}
