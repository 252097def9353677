/**
 * Data access of the messages table. Every function takes `db | tx`; a message comes with its
 * sender's name and role (read from users, a query only).
 */
import { and, asc, count, desc, eq, gt, inArray, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { messages, users } from '../../db/schema';
import type { Side } from './policy';
import type { ConversationRow } from './repository';

export type MessageRow = typeof messages.$inferSelect;

/** A stored image of a message (`messages.attachments` items). */
export interface StoredAttachment {
  key: string;
  width: number;
  height: number;
}

/** A message with its sender's name and role. */
export interface MessageWithSender {
  message: MessageRow;
  senderName: string;
  senderRole: 'customer' | 'vendor' | 'admin';
}

const messageSelect = {
  message: messages,
  senderName: users.fullName,
  senderRole: users.role,
};

/**
 * A page of a conversation's messages: the `limit` newest before `before` (a message id), and
 * whether older ones exist. Returned newest first.
 */
export async function listMessages(
  db: DbOrTx,
  conversationId: string,
  opts: { before?: string; limit: number },
): Promise<{ rows: MessageWithSender[]; hasMore: boolean }> {
  const rows = await db
    .select(messageSelect)
    .from(messages)
    .innerJoin(users, eq(users.id, messages.senderId))
    .where(
      and(
        eq(messages.conversationId, conversationId),
        opts.before ? lt(messages.id, opts.before) : undefined,
      ),
    )
    .orderBy(desc(messages.id))
    .limit(opts.limit + 1);
  return { rows: rows.slice(0, opts.limit), hasMore: rows.length > opts.limit };
}

/** The newest message of each conversation in `ids`. */
export async function lastMessages(
  db: DbOrTx,
  ids: string[],
): Promise<Map<string, MessageWithSender>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectDistinctOn([messages.conversationId], messageSelect)
    .from(messages)
    .innerJoin(users, eq(users.id, messages.senderId))
    .where(inArray(messages.conversationId, ids))
    .orderBy(messages.conversationId, desc(messages.id));
  return new Map(rows.map((r) => [r.message.conversationId, r]));
}

export async function findMessage(db: DbOrTx, id: string): Promise<MessageWithSender | null> {
  const [row] = await db
    .select(messageSelect)
    .from(messages)
    .innerJoin(users, eq(users.id, messages.senderId))
    .where(eq(messages.id, id));
  return row ?? null;
}

/** The sender's message sent with `key` as its `Idempotency-Key`, if any. */
export async function findByIdempotencyKey(
  db: DbOrTx,
  senderId: string,
  key: string,
): Promise<MessageWithSender | null> {
  const [row] = await db
    .select(messageSelect)
    .from(messages)
    .innerJoin(users, eq(users.id, messages.senderId))
    .where(and(eq(messages.senderId, senderId), eq(messages.idempotencyKey, key)));
  return row ?? null;
}

/** Inserts a message; null when the sender already used its idempotency key. */
export async function insertMessage(
  tx: DbOrTx,
  row: typeof messages.$inferInsert,
): Promise<MessageRow | null> {
  const [created] = await tx
    .insert(messages)
    .values(row)
    .onConflictDoNothing({ target: [messages.senderId, messages.idempotencyKey] })
    .returning();
  return created ?? null;
}

/**
 * Serialises the sends of one sender until the transaction ends: a transaction-scoped advisory
 * lock on (`messages.send`, sender id). Concurrent sends then see each other's committed
 * messages, so a burst of requests cannot all slip under the per-sender rate limit, and a raced
 * `Idempotency-Key` is found before counting. (On PGlite, one connection, transactions are
 * serial anyway.)
 */
export async function lockSenderSends(tx: DbOrTx, senderId: string): Promise<void> {
  await tx.execute(
    sql`select pg_advisory_xact_lock(hashtext('messages.send'), hashtext(${senderId}))`,
  );
}

/** Messages the sender posted since `since` (the rate limit's window), and the oldest of them. */
export async function recentSends(
  db: DbOrTx,
  senderId: string,
  since: Date,
): Promise<{ n: number; oldest: Date | null }> {
  const [row] = await db
    .select({ n: count(), oldest: sql<string | null>`min(${messages.createdAt})` })
    .from(messages)
    .where(and(eq(messages.senderId, senderId), gt(messages.createdAt, since)));
  return { n: Number(row?.n ?? 0), oldest: row?.oldest ? new Date(row.oldest) : null };
}

/** Unread messages for `side` (sent by the other side after `side`'s read position). */
export async function unreadFor(
  db: DbOrTx,
  conversation: ConversationRow,
  side: Side,
): Promise<{ n: number; last: MessageRow | null }> {
  const readAt = side === 'user' ? conversation.userReadAt : conversation.otherReadAt;
  const rows = await db
    .select()
    .from(messages)
    .where(
      and(
        eq(messages.conversationId, conversation.id),
        sql`${messages.senderSide} <> ${side}`,
        readAt ? gt(messages.createdAt, readAt) : undefined,
      ),
    )
    .orderBy(asc(messages.id));
  return { n: rows.length, last: rows.at(-1) ?? null };
}
