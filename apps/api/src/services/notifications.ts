// Transitional shim while orders and payments move to src/domains: the notification
// rows are now created by the outbox worker (src/domains/notifications/service.ts).
import { v7 } from 'uuid';
import type { DbOrTx } from '../db/client';
import { type NewNotification, notify } from '../domains/notifications';

export { type NewNotification, toNotificationDto } from '../domains/notifications';

/** A UUIDv7 (RFC 9562, the `uuid` package): ids that sort by creation time. */
export const uuidv7 = (): string => v7();

/** @deprecated Use `notify(tx, items)` from `domains/notifications/service`. Queues them in the outbox. */
export async function createNotifications(db: DbOrTx, items: NewNotification[]): Promise<never[]> {
  await notify(db, items);
  return [];
}

/** @deprecated The outbox worker publishes notifications; kept so callers compile. */
export function publishNotifications(_app: unknown, _rows: unknown[]): void {}
