import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { mailHandler, MAIL_KIND, enqueueMail } from '../domains/mail/service';
import { createMailTransport, type MailMessage } from '../domains/mail/transport';
import {
  NOTIFICATION_KIND,
  notificationHandler,
  REALTIME_KIND,
  realtimeHandler,
} from '../domains/notifications/service';
import { systemClock } from '../domains/deps';
import { createOutboxWorker, type OutboxWorker } from './worker';

declare module 'fastify' {
  interface FastifyInstance {
    /** The outbox worker of this process: `register` handlers, `drain` in tests. */
    outbox: OutboxWorker;
    /** @deprecated Queue mail with `enqueueMail(tx, …)` inside the use case's transaction. */
    mail: { send(message: MailMessage): Promise<{ id: string | null }> };
  }
}

/**
 * Starts this process's outbox worker (after `platform`, which provides `app.events`) with the
 * core handlers: `mail`, `notification`, `realtime`. Domains add theirs with
 * `app.outbox.register(kind, handler)`. With `config.outboxPollMs` > 0 the worker polls and is
 * also kicked after every write request, so a side effect usually leaves within milliseconds;
 * with 0 (tests) rows are delivered only by `app.outbox.drain()`.
 */
export default fp(
  async (app: FastifyInstance) => {
    const { config } = app;
    const worker = createOutboxWorker({
      db: app.db,
      log: app.log.child({ component: 'outbox' }),
      // The wall clock, like the database's `now()` that stamps `due_at`: a test that moves the
      // domain clock (`app.clock`) must not make queued rows look not-yet-due.
      clock: systemClock,
      pollMs: config.outboxPollMs,
    });
    const transport = createMailTransport(config, app.log);
    worker.register(MAIL_KIND, mailHandler(transport, systemClock, app.db));
    worker.register(NOTIFICATION_KIND, notificationHandler(app.db, app.events));
    worker.register(REALTIME_KIND, realtimeHandler(app.events));
    app.decorate('outbox', worker);
    app.decorate('mail', {
      send: async (message: MailMessage) => {
        const id = await enqueueMail(app.db, message);
        worker.kick();
        return { id };
      },
    });

    app.addHook('onResponse', async (request) => {
      if (request.method !== 'GET' && request.method !== 'HEAD') worker.kick();
    });
    app.addHook('onReady', async () => worker.start());
    app.addHook('onClose', async () => {
      await worker.stop();
      transport.close();
    });
  },
  { name: 'outbox', dependencies: ['platform'] },
);
