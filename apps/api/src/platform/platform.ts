import { createHash, timingSafeEqual } from 'node:crypto';
import { EventEmitter } from 'node:events';
import compress from '@fastify/compress';
import etag from '@fastify/etag';
import underPressure from '@fastify/under-pressure';
import rateLimit from '@fastify/rate-limit';
import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { Redis } from 'ioredis';
import { collectDefaultMetrics, Histogram, Registry } from 'prom-client';
import { AppError } from '../lib/errors';
import { CONTENT_CODINGS, encodeSync, preferredCoding } from '../lib/content-coding';
import { COMPRESS_THRESHOLD_BYTES } from '../lib/response-cache';
import { bearerOf } from '../lib/route';
import { createReadiness } from './readiness';

/** An unsubscribe function; `ready` resolves once the subscription is live (Redis acknowledges it). */
export type Unsubscribe = (() => void) & { ready: Promise<void> };

/**
 * Pub/sub between the parts of the app — and between API instances when `REDIS_URL` is set
 * (ARCHITECTURE §2 realtime, §6). Payloads must be JSON-serialisable; handlers run
 * asynchronously after `publish` resolves, on every instance subscribed to the channel.
 */
export interface EventBus {
  readonly kind: 'memory' | 'redis';
  publish(channel: string, payload: unknown): Promise<void>;
  subscribe<T = unknown>(
    channel: string,
    handler: (payload: T) => void | Promise<void>,
  ): Unsubscribe;
}

declare module 'fastify' {
  interface FastifyInstance {
    events: EventBus;
    /** The prom-client registry behind `/metrics` (one per app, so tests can build several). */
    metrics: Registry;
    /** How many API requests may run past the cache at once, see {@link createAdmission}. */
    admission: Admission;
  }
}

const CHANNEL_PREFIX = 'vetted:events:';

/** In-process bus: an EventEmitter, with delivery deferred like a network hop. */
function memoryBus(log: FastifyBaseLogger): EventBus & { close(): Promise<void> } {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  return {
    kind: 'memory',
    async publish(channel, payload) {
      // Serialise like Redis would, so handlers never share mutable objects with the publisher.
      const json = JSON.stringify(payload ?? null);
      setImmediate(() => emitter.emit(channel, json));
    },
    subscribe(channel, handler) {
      const listener = (json: string) => runHandler(log, channel, handler, json);
      emitter.on(channel, listener);
      return Object.assign(() => void emitter.off(channel, listener), { ready: Promise.resolve() });
    },
    async close() {
      emitter.removeAllListeners();
    },
  };
}

function runHandler<T>(
  log: FastifyBaseLogger,
  channel: string,
  handler: (payload: T) => void | Promise<void>,
  json: string,
): void {
  try {
    Promise.resolve(handler(JSON.parse(json) as T)).catch((err: unknown) =>
      log.error({ err, channel }, 'event handler failed'),
    );
  } catch (err) {
    log.error({ err, channel }, 'event handler failed');
  }
}

/** Redis bus: one publisher connection, one subscriber connection, local fan-out to handlers. */
function redisBus(
  publisher: Redis,
  subscriber: Redis,
  log: FastifyBaseLogger,
): EventBus & { close(): Promise<void> } {
  const handlers = new Map<string, Set<(json: string) => void>>();
  subscriber.on('message', (channel: string, message: string) => {
    const set = handlers.get(channel.slice(CHANNEL_PREFIX.length));
    if (set) for (const h of set) h(message);
  });
  return {
    kind: 'redis',
    async publish(channel, payload) {
      await publisher.publish(CHANNEL_PREFIX + channel, JSON.stringify(payload ?? null));
    },
    subscribe(channel, handler) {
      let set = handlers.get(channel);
      let ready: Promise<void> = Promise.resolve();
      if (!set) {
        set = new Set();
        handlers.set(channel, set);
        ready = subscriber.subscribe(CHANNEL_PREFIX + channel).then(
          () => undefined,
          (err: unknown) => log.error({ err, channel }, 'redis subscribe failed'),
        );
      }
      const listener = (json: string) => runHandler(log, channel, handler, json);
      set.add(listener);
      const unsubscribe = () => {
        const current = handlers.get(channel);
        if (!current?.delete(listener) || current.size > 0) return;
        handlers.delete(channel);
        subscriber
          .unsubscribe(CHANNEL_PREFIX + channel)
          .catch((err: unknown) => log.warn({ err, channel }, 'redis unsubscribe failed'));
      };
      return Object.assign(unsubscribe, { ready });
    },
    async close() {
      handlers.clear();
    },
  };
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

/** Largest JSON body (bytes) {@link compressJson} compresses on the event loop (~0.5 ms of work). */
const ONE_SHOT_MAX_BYTES = 64 * 1024;
/** zlib settings for answers compressed per request: @fastify/compress's defaults (brotli 4). */
const ONE_SHOT_OPTIONS = { brotliQuality: 4 };

/**
 * `onSend`: a serialised JSON body of 1–64 KiB goes out in the coding Accept-Encoding prefers
 * (negotiated by @fastify/accept-negotiator, as @fastify/compress does), compressed in one
 * synchronous zlib call. @fastify/compress would pipe it through a zlib stream: measured on a
 * 4 KB answer (Node 24), ~480 µs of CPU against ~55 µs (brotli) one-shot — most of an uncached
 * read's cost (issue #10). Runs after @fastify/etag, so the ETag is the identity body's; sets
 * Content-Encoding, so @fastify/compress passes the body on.
 */
function compressJson(
  request: FastifyRequest,
  reply: FastifyReply,
  payload: unknown,
  done: (err: null, payload?: unknown) => void,
): void {
  done(null, oneShotEncoded(request, reply, payload) ?? payload);
}

/** {@link compressJson}'s encoded body, or undefined to send `payload` as it is. */
function oneShotEncoded(
  request: FastifyRequest,
  reply: FastifyReply,
  payload: unknown,
): Buffer | undefined {
  const type = reply.getHeader('content-type');
  const header = request.headers['accept-encoding'];
  if (
    !header ||
    (typeof payload !== 'string' && !Buffer.isBuffer(payload)) ||
    typeof type !== 'string' ||
    !type.startsWith('application/json') ||
    reply.hasHeader('content-encoding') ||
    request.headers['x-no-compression'] !== undefined
  ) {
    return undefined;
  }
  const size = Buffer.byteLength(payload);
  if (size < COMPRESS_THRESHOLD_BYTES || size > ONE_SHOT_MAX_BYTES) return undefined;
  const encoding = preferredCoding(header);
  if (!encoding) return undefined;
  const vary = reply.getHeader('vary');
  if (!vary) reply.header('vary', 'accept-encoding');
  else if (!/accept-encoding/i.test(String(vary))) reply.header('vary', `${vary}, accept-encoding`);
  reply.header('content-encoding', encoding);
  const body = typeof payload === 'string' ? Buffer.from(payload) : payload;
  return encodeSync(body, encoding, ONE_SHOT_OPTIONS);
}

/** Answer to a request shed under load (503 with Retry-After). */
export const OVERLOADED_MESSAGE = 'Vetted is very busy right now. Try again in a few seconds.';

/** See {@link createAdmission}. */
export interface Admission {
  /** Requests admitted and not yet released. */
  readonly inFlight: number;
  /** The error of a refused request when `max` are in flight now (to refuse early), else null. */
  refusal(): AppError | null;
  /**
   * Admits one request; returns its release (idempotent), to call once its work is done.
   * @throws AppError 503 `overloaded` with `retryAfterS` when `max` are already in flight
   */
  enter(): () => void;
}

/**
 * Admission control for work that waits on the database (issue #10 "overload"): at most `max`
 * requests at once (0: no limit); one more is refused at once with 503 and Retry-After, so the
 * queue in front of the database — one query at a time on PGlite — stays short enough for every
 * admitted request to be answered well before a client gives up, instead of all of them waiting.
 */
export function createAdmission(max: number, retryAfterS: number): Admission {
  let inFlight = 0;
  const refusal = () =>
    max > 0 && inFlight >= max
      ? new AppError(503, OVERLOADED_MESSAGE, 'overloaded', undefined, retryAfterS)
      : null;
  return {
    get inFlight() {
      return inFlight;
    },
    refusal,
    enter() {
      const refused = refusal();
      if (refused) throw refused;
      inFlight++;
      let released = false;
      return () => {
        if (released) return;
        released = true;
        inFlight--;
      };
    },
  };
}

/**
 * Platform concerns, shared by every route (registered before them, ARCHITECTURE §2):
 * ETags with 304 on a match, compression, load shedding (503 + Retry-After: under pressure, or
 * past `OVERLOAD_MAX_IN_FLIGHT` requests at the database, `app.admission`), the global rate
 * limit (Redis-backed across instances when `REDIS_URL` is set),
 * Prometheus metrics at `/metrics` (only with `METRICS_TOKEN`, to `Authorization: Bearer <token>`;
 * 401 otherwise, 404 when unset) and the event bus `app.events`.
 */
export default fp(
  async (app: FastifyInstance) => {
    const { config } = app;
    app.decorate('readiness', createReadiness());
    const redis = config.redisUrl
      ? new Redis(config.redisUrl, {
          connectTimeout: 2000,
          maxRetriesPerRequest: 1,
          lazyConnect: false,
        })
      : null;
    const subscriber = redis ? redis.duplicate() : null;
    for (const conn of [redis, subscriber]) {
      conn?.on('error', (err: unknown) => app.log.warn({ err }, 'redis connection error'));
    }

    // A weak ETag on every serialised reply (SHA-1 of the body), and 304 to a matching
    // If-None-Match. Registered before compression so its hook hashes the JSON, not a compressed
    // stream; weak, because the br and identity encodings of one body share the tag.
    await app.register(etag, { weak: true });

    // Small JSON answers are compressed in one call (compressJson); @fastify/compress takes
    // the rest — larger bodies and the SPA's files — as streams, off the event loop. Both leave
    // bodies under 1 KiB alone.
    app.addHook('onSend', compressJson);
    await app.register(compress, {
      global: true,
      encodings: [...CONTENT_CODINGS],
      threshold: COMPRESS_THRESHOLD_BYTES,
    });

    // Load shedding: while the event loop lags (or the heap passes its limit) a new request is
    // answered at once with 503 and Retry-After, in the spec §3 error shape, rather than queued
    // until the client gives up. Sampled every second by the plugin.
    if (config.overloadMaxEventLoopDelayMs > 0 || config.overloadMaxHeapUsedBytes > 0) {
      await app.register(underPressure, {
        maxEventLoopDelay: config.overloadMaxEventLoopDelayMs,
        maxHeapUsedBytes: config.overloadMaxHeapUsedBytes,
        pressureHandler: async (_request, reply) => {
          reply.header('retry-after', String(config.overloadRetryAfterS));
          throw new AppError(503, OVERLOADED_MESSAGE, 'overloaded');
        },
      });
    }

    app.decorate(
      'admission',
      createAdmission(config.overloadMaxInFlight, config.overloadRetryAfterS),
    );

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
    // Synchronous: an async hook costs a promise per request (issue #10 "hot reads").
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
    // Never public (issue #6): served only with METRICS_TOKEN set, and only to its bearer.
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

    const bus = redis && subscriber ? redisBus(redis, subscriber, app.log) : memoryBus(app.log);
    app.decorate('events', bus as EventBus);
    if (redis) {
      app.readiness.add('redis', async () => {
        await redis.ping();
      });
    }

    app.addHook('onClose', async () => {
      await bus.close();
      await Promise.all(
        [subscriber, redis].map(async (conn) => {
          if (!conn) return;
          try {
            await conn.quit();
          } catch {
            conn.disconnect();
          }
        }),
      );
    });
  },
  { name: 'platform', dependencies: [] },
);
