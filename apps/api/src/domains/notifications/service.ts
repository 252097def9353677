import type { DbOrTx } from '../../db/client';
import type { NewNotification, RealtimeEvent } from '../../shared/notification';
import { notFound } from '../../lib/errors';
import { enqueueEach } from '../../jobs/engine';
import type { ServiceDeps } from '../deps';
import { notificationJob } from './jobs/notification';
import { realtimeJob } from './jobs/realtime';
import * as repo from './repository';

export type { NewNotification, RealtimeEvent };

/**
 * Queues in-app notifications (job `notification`, ./jobs/notification.ts), inside the caller's transaction. Each becomes a
 * `notifications` row (its id is the outbox row's id, so a redelivery creates nothing twice) and
 * a `{ type: 'notification', data }` push to the user's sockets. `key` per item (optional)
 * makes enqueueing idempotent too.
 */
export async function notify(
  db: DbOrTx,
  items: (NewNotification & { key?: string })[],
): Promise<void> {
  if (items.length === 0) return;
  await enqueueEach(
    db,
    notificationJob,
    items.map(({ key, ...payload }) => ({ payload, key })),
  );
}

/**
 * Queues a realtime event to each user in `userIds` (no stored notification), inside the
 * caller's transaction: e.g. both parties of an order when its status changes.
 */
export async function pushToUsers(
  db: DbOrTx,
  userIds: string[],
  event: RealtimeEvent,
): Promise<void> {
  const unique = [...new Set(userIds)];
  if (unique.length === 0) return;
  await enqueueEach(
    db,
    realtimeJob,
    unique.map((userId) => ({ payload: { userId, event } })),
  );
}

/** The notification list of the signed-in user (`/v1/notifications`). */
export function createNotificationsService({ db, clock }: Pick<ServiceDeps, 'db' | 'clock'>) {
  return {
    /** Newest first, with the unread count across all of the user's notifications. */
    async list(userId: string, opts: { page: number; pageSize: number; unread?: boolean }) {
      const { rows, total, unreadCount } = await repo.listForUser(db, userId, opts);
      return {
        items: rows.map(repo.toNotificationDto),
        page: opts.page,
        pageSize: opts.pageSize,
        total,
        totalPages: Math.ceil(total / opts.pageSize),
        unreadCount,
      };
    },
    /** Marks one read (keeps the first read time). Throws 404 when it is not the user's. */
    async markRead(userId: string, id: string) {
      const row = await repo.markRead(db, userId, id, clock.now());
      if (!row) throw notFound('Notification not found');
      return repo.toNotificationDto(row);
    },
    /** Marks every unread one read; answers how many changed. */
    async markAllRead(userId: string) {
      return { updated: await repo.markAllRead(db, userId, clock.now()) };
    },
  };
}

export type NotificationsService = ReturnType<typeof createNotificationsService>;
