/**
 * Data access of the conversations domain (issue #7). Every function takes `db | tx`.
 */
import {
  and,
  asc,
  count,
  desc,
  eq,
  gt,
  inArray,
  isNotNull,
  isNull,
  lt,
  or,
  sql,
} from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client';
import { conversations, messages, orders, services, users, vendorProfiles } from '../../db/schema';
import { type Caller, containsPattern, type Side, SUPPORT_TEAM_NAME } from './policy';

export type ConversationRow = typeof conversations.$inferSelect;
export type MessageRow = typeof messages.$inferSelect;

/** A stored image of a message (`messages.attachments` items). */
export interface StoredAttachment {
  key: string;
  width: number;
  height: number;
}

const customer = alias(users, 'customer');
const vendorUser = alias(users, 'vendor_user');
const assignee = alias(users, 'assignee');

/** The caller's side of each row, in SQL (the user side when they are its user). */
const sideSql = (callerId: string) =>
  sql<Side>`case when ${conversations.userId} = ${callerId} then 'user' else 'other' end`;

/** Messages from the other side after the caller's read position. */
const unreadSql = (callerId: string) => sql<number>`(
  select count(*)::int from ${messages}
  where ${messages.conversationId} = ${conversations.id}
    and ${messages.senderSide} <> ${sideSql(callerId)}
    and ${messages.createdAt} > coalesce(
      case when ${conversations.userId} = ${callerId}
        then ${conversations.userReadAt} else ${conversations.otherReadAt} end,
      '-infinity'::timestamptz))`;

/** The counterpart's name as the caller sees it (what inbox search matches). */
const counterpartNameSql = (callerId: string) => sql<string>`case
  when ${conversations.kind} = 'support' and ${conversations.userId} = ${callerId}
    then ${SUPPORT_TEAM_NAME}
  when ${conversations.kind} = 'support' then ${customer.fullName}
  when ${conversations.userId} = ${callerId} then ${vendorProfiles.businessName}
  else ${customer.fullName} end`;

/**
 * Which conversations a caller lists: their own (as user or pro) — a pro sees a conversation
 * only once it has a message — plus, for admins asking for support chats, every support chat.
 */
function visibleTo(caller: Caller, kind?: 'direct' | 'support') {
  const own = or(
    eq(conversations.userId, caller.id),
    and(eq(conversations.vendorUserId, caller.id), isNotNull(conversations.lastMessageAt)),
  );
  if (caller.role === 'admin' && kind !== 'direct') {
    return or(own, and(eq(conversations.kind, 'support'), isNotNull(conversations.lastMessageAt)));
  }
  return own;
}

export interface ListFilter {
  kind?: 'direct' | 'support';
  status?: 'open' | 'resolved';
  /** Admin filter: `me`, `none` or an admin's id. */
  assignee?: string;
  q?: string;
  /** Only this conversation (reading one). */
  id?: string;
}

function whereOf(caller: Caller, f: ListFilter) {
  const parts = [visibleTo(caller, f.kind)];
  if (f.id) parts.push(eq(conversations.id, f.id));
  if (f.kind) parts.push(eq(conversations.kind, f.kind));
  if (f.status) parts.push(eq(conversations.status, f.status));
  if (caller.role === 'admin' && f.assignee) {
    if (f.assignee === 'none') parts.push(isNull(conversations.assigneeId));
    else parts.push(eq(conversations.assigneeId, f.assignee === 'me' ? caller.id : f.assignee));
  }
  if (f.q) {
    const pattern = containsPattern(f.q);
    parts.push(
      or(
        sql`${counterpartNameSql(caller.id)} ilike ${pattern}`,
        sql`coalesce(${conversations.subject}, '') ilike ${pattern}`,
      ),
    );
  }
  return and(...parts);
}

/** A conversation with what its list item shows, from one caller's point of view. */
export interface ConversationListRow {
  conversation: ConversationRow;
  side: Side;
  unreadCount: number;
  customerName: string;
  customerAvatarKey: string | null;
  vendorName: string | null;
  vendorAvatarKey: string | null;
  orderReference: string | null;
  serviceTitle: string | null;
  assigneeName: string | null;
}

function selectList(db: DbOrTx, callerId: string) {
  return db
    .select({
      conversation: conversations,
      side: sideSql(callerId),
      unreadCount: unreadSql(callerId),
      customerName: customer.fullName,
      customerAvatarKey: customer.avatarKey,
      vendorName: vendorProfiles.businessName,
      vendorAvatarKey: vendorUser.avatarKey,
      orderReference: orders.reference,
      serviceTitle: services.title,
      assigneeName: assignee.fullName,
    })
    .from(conversations)
    .innerJoin(customer, eq(customer.id, conversations.userId))
    .leftJoin(vendorProfiles, eq(vendorProfiles.id, conversations.vendorId))
    .leftJoin(vendorUser, eq(vendorUser.id, conversations.vendorUserId))
    .leftJoin(orders, eq(orders.id, conversations.orderId))
    .leftJoin(services, eq(services.id, orders.serviceId))
    .leftJoin(assignee, eq(assignee.id, conversations.assigneeId));
}

/**
 * A page of the caller's conversations, newest activity first, with the total and the unread
 * total across every visible conversation of the filter's kind (search and page aside).
 */
export async function listConversations(
  db: DbOrTx,
  caller: Caller,
  filter: ListFilter,
  page: { page: number; pageSize: number },
): Promise<{ rows: ConversationListRow[]; total: number; unreadTotal: number }> {
  const where = whereOf(caller, filter);
  const badgeWhere = whereOf(caller, { kind: filter.kind });
  const [rows, [totals], [unread]] = await Promise.all([
    selectList(db, caller.id)
      .where(where)
      .orderBy(
        desc(sql`coalesce(${conversations.lastMessageAt}, ${conversations.createdAt})`),
        desc(conversations.id),
      )
      .limit(page.pageSize)
      .offset((page.page - 1) * page.pageSize),
    db
      .select({ n: count() })
      .from(conversations)
      .innerJoin(customer, eq(customer.id, conversations.userId))
      .leftJoin(vendorProfiles, eq(vendorProfiles.id, conversations.vendorId))
      .where(where),
    db
      .select({ n: sql<number>`coalesce(sum(${unreadSql(caller.id)}), 0)::int` })
      .from(conversations)
      .where(badgeWhere),
  ]);
  return {
    rows: rows as ConversationListRow[],
    total: Number(totals?.n ?? 0),
    unreadTotal: Number(unread?.n ?? 0),
  };
}

/** One conversation as a list item for the caller (no visibility check beyond the list's). */
export async function loadListRow(
  db: DbOrTx,
  caller: Caller,
  id: string,
): Promise<ConversationListRow | null> {
  const [row] = await selectList(db, caller.id).where(eq(conversations.id, id));
  return (row as ConversationListRow | undefined) ?? null;
}

export async function findConversation(db: DbOrTx, id: string): Promise<ConversationRow | null> {
  const [row] = await db.select().from(conversations).where(eq(conversations.id, id));
  return row ?? null;
}

/** Locks the conversation row for the rest of the transaction (orders sends and reads). */
export async function lockConversation(tx: DbOrTx, id: string): Promise<ConversationRow | null> {
  const [row] = await tx.select().from(conversations).where(eq(conversations.id, id)).for('update');
  return row ?? null;
}

/** The direct conversation of a customer and a pro, created when missing (race-safe). */
export async function upsertDirect(
  db: DbOrTx,
  row: { id: string; userId: string; vendorId: string; vendorUserId: string; orderId?: string },
): Promise<ConversationRow> {
  await db
    .insert(conversations)
    .values({ ...row, kind: 'direct' })
    .onConflictDoNothing({
      target: [conversations.userId, conversations.vendorId],
      where: sql`kind = 'direct'`,
    });
  if (row.orderId) {
    await db
      .update(conversations)
      .set({ orderId: row.orderId })
      .where(
        and(
          eq(conversations.kind, 'direct'),
          eq(conversations.userId, row.userId),
          eq(conversations.vendorId, row.vendorId),
        ),
      );
  }
  const [found] = await db
    .select()
    .from(conversations)
    .where(
      and(
        eq(conversations.kind, 'direct'),
        eq(conversations.userId, row.userId),
        eq(conversations.vendorId, row.vendorId),
      ),
    );
  if (!found) throw new Error('direct conversation vanished after upsert');
  return found;
}

export async function insertSupport(
  db: DbOrTx,
  row: { id: string; userId: string; subject: string; createdAt: Date },
): Promise<void> {
  await db.insert(conversations).values({ ...row, kind: 'support' });
}

/** A pro open for business (approved), with the account that answers for it. */
export async function findApprovedVendor(
  db: DbOrTx,
  vendorId: string,
): Promise<{ id: string; userId: string } | null> {
  const [row] = await db
    .select({ id: vendorProfiles.id, userId: vendorProfiles.userId })
    .from(vendorProfiles)
    .where(and(eq(vendorProfiles.id, vendorId), eq(vendorProfiles.vettingStatus, 'approved')));
  return row ?? null;
}

/** An order's parties: its customer, its pro and the pro's account. */
export async function findOrderParties(
  db: DbOrTx,
  orderId: string,
): Promise<{ id: string; customerId: string; vendorId: string; vendorUserId: string } | null> {
  const [row] = await db
    .select({
      id: orders.id,
      customerId: orders.customerId,
      vendorId: orders.vendorId,
      vendorUserId: vendorProfiles.userId,
    })
    .from(orders)
    .innerJoin(vendorProfiles, eq(vendorProfiles.id, orders.vendorId))
    .where(eq(orders.id, orderId));
  return row ?? null;
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

export async function updateConversation(
  db: DbOrTx,
  id: string,
  set: Partial<typeof conversations.$inferInsert>,
): Promise<void> {
  await db.update(conversations).set(set).where(eq(conversations.id, id));
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

/** Ids of every active admin (the support team's sockets). */
export async function adminIds(db: DbOrTx): Promise<string[]> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.role, 'admin'), eq(users.status, 'active')));
  return rows.map((r) => r.id);
}

export async function findUser(
  db: DbOrTx,
  id: string,
): Promise<{ id: string; email: string; fullName: string; role: string } | null> {
  const [row] = await db
    .select({ id: users.id, email: users.email, fullName: users.fullName, role: users.role })
    .from(users)
    .where(eq(users.id, id));
  return row ?? null;
}
