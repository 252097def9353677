/**
 * Drizzle queries of `push_subscriptions` (the notifications domain's table): one row per
 * browser subscription, keyed by its endpoint. No policy here.
 */
import { and, count, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { pushSubscriptions } from '../../db/schema';

export type PushSubscriptionRow = typeof pushSubscriptions.$inferSelect;

/**
 * Stores a subscription for `userId`; the same endpoint again replaces the row (keys, owner and
 * user agent), whoever owned it: a browser belongs to whoever signed in on it last.
 */
export async function upsertSubscription(
  db: DbOrTx,
  row: Omit<PushSubscriptionRow, 'lastSuccessAt'>,
): Promise<void> {
  await db
    .insert(pushSubscriptions)
    .values(row)
    .onConflictDoUpdate({
      target: pushSubscriptions.endpoint,
      set: {
        userId: row.userId,
        p256dh: row.p256dh,
        auth: row.auth,
        userAgent: row.userAgent,
        createdAt: row.createdAt,
        lastSuccessAt: null,
      },
    });
}

/** Deletes `userId`'s subscription of `endpoint` (none: nothing happens). */
export async function deleteSubscriptionOf(
  db: DbOrTx,
  userId: string,
  endpoint: string,
): Promise<void> {
  await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint)));
}

/** How many subscriptions `userId` has (browsers that receive push). */
export async function countSubscriptions(db: DbOrTx, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, userId));
  return Number(row?.n ?? 0);
}

/** Every subscription of `userId`. */
export function listSubscriptions(db: DbOrTx, userId: string): Promise<PushSubscriptionRow[]> {
  return db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));
}

/** One subscription by id, or null (deleted since the push was queued). */
export async function findSubscription(
  db: DbOrTx,
  id: string,
): Promise<PushSubscriptionRow | null> {
  const [row] = await db.select().from(pushSubscriptions).where(eq(pushSubscriptions.id, id));
  return row ?? null;
}

/** Deletes one subscription by id (its push service said it is gone). */
export async function deleteSubscription(db: DbOrTx, id: string): Promise<void> {
  await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, id));
}

/** Records a delivered push on the subscription. */
export async function markDelivered(db: DbOrTx, id: string, at: Date): Promise<void> {
  await db.update(pushSubscriptions).set({ lastSuccessAt: at }).where(eq(pushSubscriptions.id, id));
}

/** Deletes every subscription of `userId` (account deletion). */
export async function deleteSubscriptionsOf(db: DbOrTx, userId: string): Promise<void> {
  await db.delete(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));
}
