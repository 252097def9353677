import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config';
import type { Db } from '../db/client';

/** The time source of a service. Tests pass a fake one instead of patching `Date`. */
export interface Clock {
  /** The current instant. */
  now(): Date;
}

/** The wall clock. */
export const systemClock: Clock = { now: () => new Date() };

/**
 * What every domain service is given (ARCHITECTURE §1a): never the Fastify instance. A service
 * that needs more (a payment provider, another domain's service) takes it next to these.
 */
export interface ServiceDeps {
  db: Db;
  clock: Clock;
  config: Config;
  log: FastifyBaseLogger;
}
