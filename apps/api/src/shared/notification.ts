/**
 * What a domain asks the notifications domain to deliver: one definition for every domain's
 * `messages.ts` (they import only `shared/`). Delivery lives in domains/notifications.
 */

/** An in-app notification to create once the current transaction commits. */
export interface NewNotification {
  userId: string;
  /** e.g. `order.paid`, `order.accepted`, `payment.refunded`. */
  type: string;
  title: string;
  body: string;
  /** In-app path, e.g. `/vendor/history/order?id=…`. */
  link?: string | null;
}

/**
 * A realtime event for a user's open sockets (`/v1/ws`), e.g.
 * `{ type: 'order', data: { id, status } }` so an open order page revalidates.
 */
export interface RealtimeEvent {
  type: string;
  data?: unknown;
}
