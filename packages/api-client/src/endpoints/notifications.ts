import type {
  DeletePushSubscriptionBody,
  NotificationListQuery,
  PushSubscriptionBody,
} from '@vetted/contract';
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
    /** `GET /push/public-key` — the VAPID key to subscribe with (`applicationServerKey`). */
    pushPublicKey: (options?: CallOptions) => call('getPushPublicKey', {}, options),
    /**
     * `POST /me/push-subscriptions` — receive push on this browser: `PushSubscription.toJSON()`.
     * Answers `{ devices }`, how many browsers of the account receive push.
     */
    addPushSubscription: (body: PushSubscriptionBody, options?: CallOptions) =>
      call('addPushSubscription', { body }, options),
    /** `DELETE /me/push-subscriptions` — stop push to the browser of `body.endpoint`. */
    deletePushSubscription: (body: DeletePushSubscriptionBody, options?: CallOptions) =>
      call('deletePushSubscription', { body }, options),
  };
}
