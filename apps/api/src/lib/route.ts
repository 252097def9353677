import type { Readable } from 'node:stream';
import type { SwaggerTransform } from '@fastify/swagger';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { jsonSchemaTransform, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { apiErrorSchema, okSchema, type Endpoints } from '@vetted/contract';
import { z } from 'zod';
import type { AuthUser } from '../platform/types';
import { unauthorized } from './errors';
import { type ResponseCache, readyResponse, sendReady } from './response-cache';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The zod schemas of a {@link route}'s responses by status, for the OpenAPI document
     * ({@link openApiTransform}); Fastify serialises from their JSON Schema instead.
     */
    zodResponse?: Record<string, z.ZodType>;
  }
}

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
 * A public read that browsers and shared caches may keep: its successful answers carry
 * `cacheControl`, and with a `cache` they are kept ready to send (serialised, compressed and
 * tagged once per fill, lib/response-cache.ts) under the request URL.
 */
export interface PublicRead {
  /** `Cache-Control` of a successful answer (an error answer gets none). */
  cacheControl: string;
  /** In-process cache of the answers; undefined sends each one as usual. */
  cache?: ResponseCache;
  /**
   * Whether this request's answer depends on who asks (e.g. a search "near me" of a signed-in
   * customer): such an answer skips the cache and is sent `private, no-store`.
   */
  personal?: (request: FastifyRequest) => boolean;
}

/**
 * The JSON Schema (draft-07, the dialect fast-json-stringify reads) of what `schema` outputs, by
 * zod's `z.toJSONSchema`. Dates become `date-time` strings, as fastify-type-provider-zod has
 * them in the OpenAPI document; the root `$schema` is dropped.
 */
export function responseJsonSchema(schema: z.ZodType): Record<string, unknown> {
  const { $schema: _dialect, ...json } = z.toJSONSchema(schema, {
    target: 'draft-7',
    io: 'output',
    unrepresentable: 'any',
    cycles: 'ref',
    reused: 'inline',
    override: ({ zodSchema, jsonSchema }) => {
      if (zodSchema._zod.def.type === 'date') {
        jsonSchema.type = 'string';
        jsonSchema.format = 'date-time';
      }
    },
  });
  return json;
}

const errorJsonSchema = responseJsonSchema(apiErrorSchema);

/**
 * The OpenAPI transform of `@fastify/swagger`: fastify-type-provider-zod's
 * `jsonSchemaTransform`, fed the zod response schemas {@link route} keeps in the route config
 * (its `schema.response` holds their JSON Schema, for Fastify's serializer).
 */
export const openApiTransform: SwaggerTransform = (document) => {
  const zodResponse = document.route.config?.zodResponse;
  return jsonSchemaTransform(
    zodResponse ? { ...document, schema: { ...document.schema, response: zodResponse } } : document,
  );
};

/**
 * Registers one endpoint of the contract table under `/v1`: schemas for params, query, body and
 * the `{ ok: true, data }` response come from `@vetted/contract`, so the OpenAPI document is
 * generated from them. The handler returns `data` (or sets `reply.code(201)` first), or sends a
 * ready answer itself (`sendReady`) and returns `reply`.
 *
 * Input is validated by zod (the app's validator compiler). Responses are serialised by
 * Fastify's default serializer — fast-json-stringify, compiled once per route from the JSON
 * Schema of the contract's zod schema ({@link responseJsonSchema}) — not by parsing with zod on
 * every request: properties outside the schema are dropped and values coerced to the schema's
 * types (the types of `handler` guard against both); a missing required property is a 500.
 *
 * `publicRead` marks a cacheable GET ({@link PublicRead}): a cached answer is sent from an
 * `onRequest` hook, before validation and the handler run.
 */
export function route<E extends Endpoints[keyof Endpoints]>(
  app: FastifyInstance,
  endpoint: E,
  handler: (
    ctx: RouteContext<E>,
  ) => Promise<z.input<E['response']> | FastifyReply> | z.input<E['response']> | FastifyReply,
  options: {
    successStatus?: number;
    config?: Record<string, unknown>;
    /** Runs before validation, e.g. to turn a multipart request into the JSON body. */
    preValidation?: (request: FastifyRequest) => Promise<void>;
    publicRead?: PublicRead;
    /** Send the handler's answer as the body itself, unwrapped: see {@link rawRoute}. */
    raw?: boolean;
  } = {},
): void {
  const status = options.successStatus ?? 200;
  const raw = options.raw === true;
  const e = endpoint as Endpoints[keyof Endpoints] & {
    params?: z.ZodType;
    query?: z.ZodType;
    body?: z.ZodType;
  };
  const zodResponse = {
    [status]: raw ? e.response : okSchema(e.response),
    '4xx': apiErrorSchema,
    '5xx': apiErrorSchema,
  };
  const publicRead = options.publicRead;

  const run = (request: FastifyRequest, reply: FastifyReply) =>
    runHandler(e.auth, handler as Handler, status, raw, request, reply);

  app.withTypeProvider<ZodTypeProvider>().route({
    method: e.method,
    url: `/v1${e.path}`,
    config: { ...options.config, zodResponse },
    ...(options.preValidation ? { preValidation: options.preValidation } : {}),
    onRequest: onRequestHooks(publicRead),
    schema: {
      summary: e.summary,
      security: e.auth === 'none' ? [] : [{ bearerAuth: [] }],
      ...(e.params ? { params: e.params } : {}),
      ...(e.query ? { querystring: e.query } : {}),
      ...(e.body ? { body: e.body } : {}),
      response: {
        // A raw answer (a file) is sent as it is: no serializer for it.
        ...(raw ? {} : { [status]: responseJsonSchema(zodResponse[status]!) }),
        '4xx': errorJsonSchema,
        '5xx': errorJsonSchema,
      },
    },
    handler: (request, reply) => admitted(request, () => answer(run, publicRead, request, reply)),
  });
}

/** A route's handler as {@link runHandler} calls it. */
type Handler = (ctx: RouteContext<Endpoints[keyof Endpoints]>) => unknown;

/**
 * Resolves the caller (required on `access` routes, optional on `none` ones), runs `handler`
 * and wraps its answer in `{ ok: true, data }` unless `raw`.
 * @throws AppError 401 "Session not found" without a bearer on an `access` route, and what
 *   `verifyAccessToken` throws for a bad token.
 */
async function runHandler(
  auth: Endpoints[keyof Endpoints]['auth'],
  handler: Handler,
  status: number,
  raw: boolean,
  request: FastifyRequest,
  reply: FastifyReply,
) {
  const bearer = bearerOf(request);
  let user: AuthUser | null = null;
  if (auth === 'access') {
    if (!bearer) throw unauthorized('Session not found');
    user = await request.server.auth.verifyAccessToken(bearer);
  } else if (auth === 'none' && bearer) {
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
  } as RouteContext<Endpoints[keyof Endpoints]>);
  // The handler sent a ready answer itself (response-cache.ts `sendReady`) and returned `reply`.
  if (reply.sent) return reply;
  reply.code(status);
  return raw ? data : { ok: true as const, data };
}

/**
 * The `onRequest` hooks of a route, synchronous (no promise per request). A cached answer is
 * sent at once and ends the request; past the cache, a full database queue refuses it before
 * validation.
 */
function onRequestHooks(publicRead: PublicRead | undefined) {
  const cache = publicRead?.cache;
  return [
    ...(cache && publicRead
      ? [
          (request: FastifyRequest, reply: FastifyReply, done: () => void) => {
            if (publicRead.personal?.(request)) return done();
            const ready = cache.get(request.url);
            if (ready) sendReady(request, reply, ready, publicRead.cacheControl);
            else done();
          },
        ]
      : []),
    (request: FastifyRequest, _reply: FastifyReply, done: (err?: Error) => void) => {
      const refused = request.server.admission.refusal();
      if (refused) done(refused);
      else done();
    },
  ];
}

/**
 * Runs `work` as one admitted request: past the cache, each request waits on the database, at
 * most OVERLOAD_MAX_IN_FLIGHT at once, the next one gets 503 + Retry-After at once
 * (platform/overload.ts). Counted from the handler to its end, so an admitted request is always
 * released.
 */
async function admitted<T>(request: FastifyRequest, work: () => Promise<T>): Promise<T> {
  const release = request.server.admission.enter();
  try {
    return await work();
  } finally {
    release();
  }
}

/** The answer of a route: `run`'s, with the `Cache-Control` and cache of a public read. */
async function answer(
  run: (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>,
  publicRead: PublicRead | undefined,
  request: FastifyRequest,
  reply: FastifyReply,
) {
  if (!publicRead) return await run(request, reply);
  if (publicRead.personal?.(request)) {
    const data = await run(request, reply);
    reply.header('cache-control', 'private, no-store');
    return data;
  }
  const cache = publicRead.cache;
  if (!cache) {
    const data = await run(request, reply);
    reply.header('cache-control', publicRead.cacheControl);
    return data;
  }
  // A miss: load (once for concurrent requests of this URL), serialise with this route's
  // serializer, compress and tag; then send it like a hit.
  const ready = await cache.fetch(request.url, async () =>
    readyResponse(reply.serialize(await run(request, reply)) as string),
  );
  return sendReady(request, reply, ready, publicRead.cacheControl);
}

/**
 * Registers an endpoint whose successful answer is a file, not JSON (e.g. a vetting document):
 * like {@link route}, but the handler's Buffer, string or stream is sent as the body
 * itself, unwrapped. The handler sets `Content-Type` and other headers on `ctx.reply` first
 * (without a type, Fastify sends a Buffer or stream as `application/octet-stream`). Errors keep
 * the JSON error body.
 */
export function rawRoute<E extends Endpoints[keyof Endpoints]>(
  app: FastifyInstance,
  endpoint: E,
  handler: (ctx: RouteContext<E>) => Promise<Buffer | string | Readable>,
  options: { config?: Record<string, unknown> } = {},
): void {
  route(app, endpoint, handler as unknown as Parameters<typeof route<E>>[2], {
    ...options,
    raw: true,
  });
}

/** The token of an `Authorization: Bearer <token>` header, or null. */
export function bearerOf(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(.+)$/i.exec(header);
  return match?.[1]?.trim() || null;
}
