import { z } from 'zod';
import {
  notificationListQuerySchema,
  notificationPageSchema,
  notificationSchema,
} from '../notifications';
import { routes } from '../routes';
import { type EndpointDef, idParamsSchema } from './shared';

/** In-app notifications. */
export const notificationEndpoints = {
  listNotifications: {
    ...routes.listNotifications,
    query: notificationListQuerySchema,
    response: notificationPageSchema,
    summary: "The signed-in user's notifications, newest first",
  },
  markNotificationRead: {
    ...routes.markNotificationRead,
    params: idParamsSchema,
    response: notificationSchema,
    summary: 'Mark one notification read',
  },
  markAllNotificationsRead: {
    ...routes.markAllNotificationsRead,
    response: z.object({ updated: z.number().int() }),
    summary: 'Mark every notification read',
  },
} as const satisfies Record<string, EndpointDef>;
