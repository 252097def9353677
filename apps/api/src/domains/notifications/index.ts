/**
 * The notifications domain as the rest of the API sees it: the only module other domains import
 * from notifications (ARCHITECTURE §1a). What a notification is: shared/notification.ts.
 */
export type { NewNotification, RealtimeEvent } from '../../shared/notification';
export { notificationJob } from './jobs/notification';
export { pushSendJob } from './jobs/push-send';
export { realtimeJob } from './jobs/realtime';
export {
  deletePreferences,
  emailAllowed,
  inAppAllowed,
  kindUsesChannel,
  loadPreferences,
  preferenceKindOf,
  pushAllowed,
  savePreferences,
} from './preferences';
export { deleteNotificationsOf, type NotificationRow, toNotificationDto } from './repository';
export { deleteSubscriptionsOf as deletePushSubscriptionsOf } from './push-repository';
export { default as pushRoutes } from './push-routes';
export { createWebPushSender, type PushSender } from './push-sender';
export { createPushService, type PushService } from './push-service';
export { default as notificationRoutes } from './routes';
export {
  createNotificationsService,
  type NotificationsService,
  notify,
  pushToUsers,
} from './service';
