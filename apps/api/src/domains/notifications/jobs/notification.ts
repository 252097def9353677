import { z } from 'zod';
import type { DbOrTx } from '../../../db/client';
import { enqueueEach } from '../../../jobs/engine';
import { defineJob } from '../../../jobs/define';
import type { EventBus } from '../../../platform/types';
import { inAppAllowed, pushAllowed } from '../preferences';
import * as pushRepo from '../push-repository';
import * as repo from '../repository';
import { pushSendJob } from './push-send';

/**
 * `notification`: inserts the in-app notification (id = outbox row id, so at most once) and
 * publishes it on `user:<id>` of the events bus (in-process or Redis: every API instance); in the
 * same transaction, queues a `push.send` (./push-send.ts) per browser subscription of the user
 * when the kind's push switch is on (keyed by this row and the subscription, so a redelivery
 * queues nothing twice). Nothing is created for a deleted account, and nothing on a channel its
 * owner switched off (notification preferences, `../preferences.ts`).
 */
export const notificationJob = defineJob({
  name: 'notification',
  payload: z.object({
    userId: z.string(),
    /** e.g. `order.paid`, `order.accepted`, `payment.refunded`. */
    type: z.string(),
    title: z.string(),
    body: z.string(),
    /** In-app path, e.g. `/vendor/history/order?id=…`. */
    link: z.string().nullish(),
  }),
  async run(n, ctx, { db, events }: { db: DbOrTx; events: EventBus }) {
    const row = await db.transaction(async (tx) => {
      if (await pushAllowed(tx, n.userId, n.type)) {
        const subs = await pushRepo.listSubscriptions(tx, n.userId);
        await enqueueEach(
          tx,
          pushSendJob,
          subs.map((sub) => ({
            key: `push:${ctx.id}:${sub.id}`,
            payload: {
              subscriptionId: sub.id,
              title: n.title,
              body: n.body,
              url: n.link ?? '/',
              tag: ctx.id,
            },
          })),
        );
      }
      if (!(await inAppAllowed(tx, n.userId, n.type))) return null;
      return repo.insertNotification(tx, {
        id: ctx.id,
        userId: n.userId,
        type: n.type,
        title: n.title,
        body: n.body,
        link: n.link ?? null,
        createdAt: ctx.createdAt,
      });
    });
    if (row) {
      await events.publish(`user:${n.userId}`, {
        type: 'notification',
        data: repo.toNotificationDto(row),
      });
    }
  },
});
