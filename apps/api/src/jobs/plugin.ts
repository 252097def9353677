import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { DbOrTx } from '../db/client';
import { createMailTransport, enqueueMail, type MailMessage, mailJob } from '../domains/mail';
import {
  createWebPushSender,
  notificationJob,
  pushSendJob,
  realtimeJob,
} from '../domains/notifications';
import { systemClock } from '../domains/deps';
import { defineSchedule } from './define';
import { createJobs, deleteDeliveredOutboxRows, type Jobs } from './engine';

declare module 'fastify' {
  interface FastifyInstance {
    /** This process's job engine (pg-boss): `register` jobs and schedules, `drain` in tests. */
    jobs: Jobs;
    /** @deprecated Queue mail with `enqueueMail(tx, …)` inside the use case's transaction. */
    mail: { send(message: MailMessage): Promise<{ id: string | null }> };
  }
}

/** Deletes delivered `outbox` rows past `OUTBOX_RETENTION_DAYS`, daily at 03:17 UTC. */
export const outboxRetentionSchedule = defineSchedule({
  name: 'outbox.retention',
  cron: '17 3 * * *',
  run: ({ db, retentionDays }: { db: DbOrTx; retentionDays: number }) =>
    deleteDeliveredOutboxRows(db, retentionDays),
});

/**
 * Starts this process's job engine on pg-boss (after `events`, which provides `app.events`)
 * with the core jobs `mail`, `notification`, `push.send` and `realtime`; domains add theirs with
 * `app.jobs.register(job, deps)` and periodic tasks with `app.jobs.schedule(task, deps)`
 * before the app is ready. With `config.outboxPollMs` > 0 workers poll every that many ms
 * (at least 500, pg-boss's floor), are woken by PostgreSQL NOTIFY when another instance
 * enqueues, and are woken in this process after every write request, so a side effect usually
 * leaves within milliseconds; schedules run. With 0 (tests) nothing runs on a timer: jobs are
 * delivered only by `app.jobs.drain()`. Registers the readiness probe `jobs`; on close, running
 * jobs may finish within `config.shutdownTimeoutMs`.
 */
export default fp(
  async (app: FastifyInstance) => {
    const { config } = app;
    const jobs = await createJobs({
      db: app.db,
      databaseUrl: config.databaseUrl,
      log: app.log.child({ component: 'jobs' }),
      pollMs: config.outboxPollMs,
      stopTimeoutMs: config.shutdownTimeoutMs,
    });
    const transport = createMailTransport(config, app.log);
    // The wall clock, like pg-boss's start times: a test that moves the domain clock
    // (`app.clock`) must not make a queued code look expired.
    jobs.register(mailJob, { transport, clock: systemClock, db: app.db });
    jobs.register(notificationJob, { db: app.db, events: app.events });
    jobs.register(realtimeJob, { events: app.events });
    jobs.register(pushSendJob, {
      db: app.db,
      sender: createWebPushSender(config.vapid),
      clock: systemClock,
    });
    jobs.schedule(outboxRetentionSchedule, {
      db: app.db,
      retentionDays: config.outboxRetentionDays,
    });
    app.decorate('jobs', jobs);
    app.decorate('mail', {
      send: async (message: MailMessage) => {
        const id = await enqueueMail(app.db, message);
        jobs.kick();
        return { id };
      },
    });
    app.readiness.add('jobs', () => jobs.probe());

    app.addHook('onResponse', async (request) => {
      if (request.method !== 'GET' && request.method !== 'HEAD') jobs.kick();
    });
    app.addHook('onReady', async () => jobs.start());
    app.addHook('onClose', async () => {
      await jobs.stop();
      transport.close();
    });
  },
  { name: 'outbox', dependencies: ['events', 'readiness'] },
);
