import type { Notification } from '@vetted/contract';
import { and, count, desc, eq, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { notifications } from '../../db/schema';

export type NotificationRow = typeof notifications.$inferSelect;

/** The API shape of a notification row. */
export function toNotificationDto(row: NotificationRow): Notification {
  return {
    id: row.id,
    type: row.type,
    title: row.title,
    body: row.body,
    link: row.link,
    readAt: row.readAt ? row.readAt.toISOString() : null,
    createdAt: row.createdAt.toISOString(),
  };
}

/** Inserts one notification with a given id; a second insert of that id is a no-op (returns null). */
export async function insertNotification(
  db: DbOrTx,
  row: {
    id: string;
    userId: string;
    type: string;
    title: string;
    body: string;
    link: string | null;
    createdAt: Date;
  },
): Promise<NotificationRow | null> {
  const [created] = await db.insert(notifications).values(row).onConflictDoNothing().returning();
  return created ?? null;
}

/** A page of the user's notifications (newest first) and their unread count. */
export async function listForUser(
  db: DbOrTx,
  userId: string,
  opts: { page: number; pageSize: number; unread?: boolean },
) {
  const where = opts.unread
    ? and(eq(notifications.userId, userId), isNull(notifications.readAt))
    : eq(notifications.userId, userId);
  const [rows, [totals], [unread]] = await Promise.all([
    db
      .select()
      .from(notifications)
      .where(where)
      .orderBy(desc(notifications.createdAt), desc(notifications.id))
      .limit(opts.pageSize)
      .offset((opts.page - 1) * opts.pageSize),
    db.select({ n: count() }).from(notifications).where(where),
    db
      .select({ n: count() })
      .from(notifications)
      .where(and(eq(notifications.userId, userId), isNull(notifications.readAt))),
  ]);
  return { rows, total: Number(totals?.n ?? 0), unreadCount: Number(unread?.n ?? 0) };
}

/** Sets `read_at` (keeping the first one) on the user's notification; null when not theirs. */
export async function markRead(db: DbOrTx, userId: string, id: string, at: Date) {
  const [row] = await db
    .update(notifications)
    .set({ readAt: sql`coalesce(${notifications.readAt}, ${at.toISOString()}::timestamptz)` })
    .where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
    .returning();
  return row ?? null;
}

/** Marks every unread notification of the user read; returns how many changed. */
export async function markAllRead(db: DbOrTx, userId: string, at: Date): Promise<number> {
  const rows = await db
    .update(notifications)
    .set({ readAt: at })
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)))
    .returning({ id: notifications.id });
  return rows.length;
}

/** Deletes every in-app notification of the user (account deletion; nobody else's record). */
export async function deleteNotificationsOf(tx: DbOrTx, userId: string): Promise<void> {
  await tx.delete(notifications).where(eq(notifications.userId, userId));
}
