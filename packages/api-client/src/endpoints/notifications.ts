import type { NotificationListQuery } from '@vetted/contract';
import type { Call, CallOptions } from './call';

/** `notifications.*` of the typed API: in-app notifications. */
export function notificationsApi(call: Call) {
  return {
    /** `GET /notifications` — a page of notifications, newest first, with `unreadCount`. */
    list: (query: NotificationListQuery = {}, options?: CallOptions) =>
      call('listNotifications', { query }, options),
    /** `POST /notifications/:id/read` — marks one notification read. */
    markRead: (id: string, options?: CallOptions) =>
      call('markNotificationRead', { params: { id } }, options),
    /** `POST /notifications/read-all` — marks every notification read. */
    markAllRead: (options?: CallOptions) => call('markAllNotificationsRead', {}, options),
  };
}
