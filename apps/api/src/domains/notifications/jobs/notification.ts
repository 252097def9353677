import { z } from 'zod';
import type { DbOrTx } from '../../../db/client';
import { defineJob } from '../../../jobs/define';
import type { EventBus } from '../../../platform/types';
import { inAppAllowed } from '../preferences';
import * as repo from '../repository';

/**
 * `notification`: inserts the in-app notification (id = outbox row id, so at most once) and
 * publishes it on `user:<id>` of the events bus (in-process or Redis: every API instance).
 * Nothing is created for a deleted account or a kind its owner switched off in the app
 * (notification preferences, `../preferences.ts`).
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
    if (!(await inAppAllowed(db, n.userId, n.type))) return;
    const row = await repo.insertNotification(db, {
      id: ctx.id,
      userId: n.userId,
      type: n.type,
      title: n.title,
      body: n.body,
      link: n.link ?? null,
      createdAt: ctx.createdAt,
    });
    if (row) {
      await events.publish(`user:${n.userId}`, {
        type: 'notification',
        data: repo.toNotificationDto(row),
      });
    }
  },
});
