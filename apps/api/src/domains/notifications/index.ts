/**
 * The notifications domain as the rest of the API sees it: the only module other domains import
 * from notifications (ARCHITECTURE §1a). What a notification is: shared/notification.ts.
 */
export type { NewNotification, RealtimeEvent } from '../../shared/notification';
export { notificationJob } from './jobs/notification';
export { realtimeJob } from './jobs/realtime';
export {
  deletePreferences,
  emailAllowed,
  inAppAllowed,
  kindUsesChannel,
  loadPreferences,
  preferenceKindOf,
  savePreferences,
} from './preferences';
export { deleteNotificationsOf, type NotificationRow, toNotificationDto } from './repository';
export { default as notificationRoutes } from './routes';
export {
  createNotificationsService,
  type NotificationsService,
  notify,
  pushToUsers,
} from './service';
