import { randomBytes } from 'node:crypto';
import type { Notification } from '@vetted/contract';
import { and, count, desc, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { DbOrTx } from '../db/client';
import { notifications } from '../db/schema';
import { notFound } from '../lib/errors';

/**
 * UUIDv7 (RFC 9562): 48-bit Unix ms timestamp + random bits, so ids sort by creation time.
 * Used for rows whose order matters (orders, events, payments, notifications).
 */
export function uuidv7(now = Date.now()): string {
  const bytes = randomBytes(16);
  bytes.writeUIntBE(now, 0, 6);
  bytes[6] = (bytes[6]! & 0x0f) | 0x70;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

type NotificationRow = typeof notifications.$inferSelect;

export interface NewNotification {
  userId: string;
  /** e.g. `order.paid`, `order.accepted`, `payment.succeeded`. */
  type: string;
  title: string;
  body: string;
  /** In-app path, e.g. `/vendor/history/order?id=…`. */
  link?: string | null;
}

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

/**
 * Inserts notification rows (call inside the transaction that made them true). Publish them with
 * `publishNotifications` once that transaction has committed.
 */
export async function createNotifications(
  db: DbOrTx,
  items: NewNotification[],
): Promise<NotificationRow[]> {
  if (items.length === 0) return [];
  return db
    .insert(notifications)
    .values(
      items.map((n) => ({
        id: uuidv7(),
        userId: n.userId,
        type: n.type,
        title: n.title,
        body: n.body,
        link: n.link ?? null,
      })),
    )
    .returning();
}

interface EventBus {
  publish(channel: string, message: unknown): unknown;
}

/**
 * Pushes fresh notifications to connected clients through `app.events` (the pub/sub of
 * plugins/platform.ts, in-process or Redis) when that decorator exists. Never throws: the row
 * is the source of truth and clients also poll the list.
 */
export function publishNotifications(app: FastifyInstance, rows: NotificationRow[]): void {
  if (rows.length === 0 || !app.hasDecorator('events')) return;
  const bus = (app as unknown as { events?: EventBus }).events;
  if (!bus || typeof bus.publish !== 'function') return;
  for (const row of rows) {
    try {
      const result = bus.publish(`user:${row.userId}`, {
        type: 'notification',
        data: toNotificationDto(row),
      });
      if (result && typeof (result as Promise<unknown>).catch === 'function') {
        (result as Promise<unknown>).catch((err) =>
          app.log.warn({ err }, 'publishing a notification failed'),
        );
      }
    } catch (err) {
      app.log.warn({ err }, 'publishing a notification failed');
    }
  }
}

export interface NotificationListOptions {
  page: number;
  pageSize: number;
  unread?: boolean;
}

/** The user's notifications, newest first, with the unread count across all of them. */
export async function listNotifications(db: DbOrTx, userId: string, opts: NotificationListOptions) {
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
  const total = Number(totals?.n ?? 0);
  return {
    items: rows.map(toNotificationDto),
    page: opts.page,
    pageSize: opts.pageSize,
    total,
    totalPages: Math.ceil(total / opts.pageSize),
    unreadCount: Number(unread?.n ?? 0),
  };
}

/** Marks one of the user's notifications read (keeps the first read time). 404 if not theirs. */
export async function markNotificationRead(db: DbOrTx, userId: string, id: string) {
  const [row] = await db
    .update(notifications)
    .set({ readAt: sql`coalesce(${notifications.readAt}, now())` })
    .where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
    .returning();
  if (!row) throw notFound('Notification not found');
  return toNotificationDto(row);
}

/** Marks every unread notification of the user read; returns how many changed. */
export async function markAllNotificationsRead(db: DbOrTx, userId: string) {
  const rows = await db
    .update(notifications)
    .set({ readAt: sql`now()` })
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)))
    .returning({ id: notifications.id });
  return { updated: rows.length };
}
