import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Readiness probes (`GET /v1/health/ready`): each dependency an instance needs to serve
 * traffic registers one probe under its name. A probe resolves when the dependency answers and
 * throws (or times out) when it does not.
 */

/** The dependencies `/v1/health/ready` reports, in this order. */
export const READINESS_CHECKS = ['database', 'redis', 'storage', 'jobs'] as const;
export type ReadinessCheck = (typeof READINESS_CHECKS)[number];

/** A probe: resolves when the dependency is up, throws when it is down. */
export type ReadinessProbe = () => Promise<void>;

/** What a probe reports: `up`, `down`, or `off` when this instance does not use it (no Redis). */
export type ReadinessStatus = 'up' | 'down' | 'off';

/** The registry behind `app.readiness`. */
export interface Readiness {
  /** Registers the probe of `name`; a later call replaces it. */
  add(name: ReadinessCheck, probe: ReadinessProbe): void;
  /** Runs every probe at once, each bounded by `timeoutMs`; unregistered names read `off`. */
  check(timeoutMs: number): Promise<Record<ReadinessCheck, ReadinessStatus>>;
}

/** Creates an empty registry. */
export function createReadiness(): Readiness {
  const probes = new Map<ReadinessCheck, ReadinessProbe>();
  return {
    add(name, probe) {
      probes.set(name, probe);
    },
    async check(timeoutMs) {
      const entries = await Promise.all(
        READINESS_CHECKS.map(async (name): Promise<[ReadinessCheck, ReadinessStatus]> => {
          const probe = probes.get(name);
          if (!probe) return [name, 'off'];
          let timer: NodeJS.Timeout | undefined;
          try {
            await Promise.race([
              probe(),
              new Promise((_, reject) => {
                timer = setTimeout(() => reject(new Error('timed out')), timeoutMs);
              }),
            ]);
            return [name, 'up'];
          } catch {
            return [name, 'down'];
          } finally {
            clearTimeout(timer);
          }
        }),
      );
      return Object.fromEntries(entries) as Record<ReadinessCheck, ReadinessStatus>;
    },
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Readiness probes (platform/readiness.ts); plugins `add` theirs when they start. */
    readiness: Readiness;
  }
}

/** Decorates `app.readiness`, the probes `GET /v1/health/ready` runs (platform/health.ts). */
export const readinessPlugin = fp(
  async (app: FastifyInstance) => {
    app.decorate('readiness', createReadiness());
  },
  { name: 'readiness' },
);
