import { endpoints } from '@vetted/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../lib/route';
import type { NotificationsService } from './service';

/** The signed-in user's notifications: list (newest first), mark one read, mark all read. */
export default async function notificationRoutes(
  app: FastifyInstance,
  { notifications }: { notifications: NotificationsService },
): Promise<void> {
  route(app, endpoints.listNotifications, ({ query, user }) => notifications.list(user.id, query));
  route(app, endpoints.markNotificationRead, ({ params, user }) =>
    notifications.markRead(user.id, params.id),
  );
  route(app, endpoints.markAllNotificationsRead, ({ user }) => notifications.markAllRead(user.id));
}
