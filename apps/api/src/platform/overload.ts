import underPressure from '@fastify/under-pressure';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/errors';

declare module 'fastify' {
  interface FastifyInstance {
    /** How many API requests may run past the cache at once, see {@link createAdmission}. */
    admission: Admission;
  }
}

/** How often under-pressure samples the event loop and the heap, ms (its default). */
const PRESSURE_SAMPLE_MS = 1000;

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
 * Admission control for work that waits on the database: at most `max`
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
 * Load shedding (503 + Retry-After): under pressure, or past `OVERLOAD_MAX_IN_FLIGHT` requests
 * at the database (`app.admission`, counted by lib/route.ts).
 */
export default fp(
  async (app: FastifyInstance) => {
    const { config } = app;
    // Load shedding: while the event loop lags (or the heap passes its limit) a new request is
    // answered at once with 503 and Retry-After, in the spec §3 error shape, rather than queued
    // until the client gives up. Sampled every second by the plugin.
    if (config.overloadMaxEventLoopDelayMs > 0 || config.overloadMaxHeapUsedBytes > 0) {
      // The event-loop samples of the first seconds measure start-up (modules compiling, route
      // serializers built, the database opening), not load: shedding on them refused the first
      // visitors of every restart for 1–4 s. Delay is judged only from two samples after listen.
      let listeningAt: number | null = null;
      app.addHook('onListen', async () => {
        listeningAt = performance.now();
      });
      const startingUp = () =>
        listeningAt === null || performance.now() - listeningAt < 2 * PRESSURE_SAMPLE_MS;
      await app.register(underPressure, {
        sampleInterval: PRESSURE_SAMPLE_MS,
        maxEventLoopDelay: config.overloadMaxEventLoopDelayMs,
        maxHeapUsedBytes: config.overloadMaxHeapUsedBytes,
        pressureHandler: (_request, reply, type) => {
          // Returning nothing lets the request through (under-pressure calls next()).
          if (type === 'eventLoopDelay' && startingUp()) return;
          reply.header('retry-after', String(config.overloadRetryAfterS));
          return Promise.reject(new AppError(503, OVERLOADED_MESSAGE, 'overloaded'));
        },
      });
    }

    app.decorate(
      'admission',
      createAdmission(config.overloadMaxInFlight, config.overloadRetryAfterS),
    );
  },
  { name: 'overload' },
);
