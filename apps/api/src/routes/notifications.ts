import { endpoints } from '@vetted/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../lib/route';
import {
  listNotifications,
  markAllNotificationsRead,
  markNotificationRead,
} from '../services/notifications';

/** The signed-in user's notifications: list (newest first), mark one read, mark all read. */
export default async function notificationRoutes(app: FastifyInstance): Promise<void> {
  route(app, endpoints.listNotifications, ({ query, user }) =>
    listNotifications(app.db, user.id, query),
  );

  route(app, endpoints.markNotificationRead, ({ params, user }) =>
    markNotificationRead(app.db, user.id, params.id),
  );

  route(app, endpoints.markAllNotificationsRead, ({ user }) =>
    markAllNotificationsRead(app.db, user.id),
  );
}
