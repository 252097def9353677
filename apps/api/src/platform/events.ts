import { EventEmitter } from 'node:events';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Redis } from 'ioredis';
import type { EventBus } from './types';

export type { EventBus, Unsubscribe } from './types';

declare module 'fastify' {
  interface FastifyInstance {
    events: EventBus;
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
 * The event bus `app.events`: in process, or over Redis pub/sub across instances when
 * `REDIS_URL` is set (the publisher is `app.redis`, the subscriber its duplicate).
 */
export default fp(
  async (app: FastifyInstance) => {
    const redis = app.redis;
    const subscriber = redis ? redis.duplicate() : null;
    subscriber?.on('error', (err: unknown) => app.log.warn({ err }, 'redis connection error'));
    const bus = redis && subscriber ? redisBus(redis, subscriber, app.log) : memoryBus(app.log);
    app.decorate('events', bus as EventBus);
    app.addHook('onClose', async () => {
      await bus.close();
      if (subscriber) await quitRedis(subscriber);
    });
  },
  { name: 'events', dependencies: ['redis'] },
);

/** Closes a Redis connection politely, or at once when QUIT fails. */
export async function quitRedis(conn: Redis): Promise<void> {
  try {
    await conn.quit();
  } catch {
    conn.disconnect();
  }
}
