/**
 * Data access of the conversations table. Every function takes `db | tx`. The inbox list is a
 * read model: it joins the names and pictures of users, pros and orders (queries only).
 */
import { and, count, desc, eq, isNotNull, isNull, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client';
import { conversations, messages, orders, services, users, vendorProfiles } from '../../db/schema';
import { containsPattern } from '../../shared/text';
import { type Caller, type Side, SUPPORT_TEAM_NAME } from './policy';

export type ConversationRow = typeof conversations.$inferSelect;

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
  row: {
    id: string;
    userId: string;
    vendorId: string;
    vendorUserId: string;
    orderId?: string;
    quoteRequestId?: string;
  },
): Promise<ConversationRow> {
  await db
    .insert(conversations)
    .values({ ...row, kind: 'direct' })
    .onConflictDoNothing({
      target: [conversations.userId, conversations.vendorId],
      where: sql`kind = 'direct'`,
    });
  if (row.orderId || row.quoteRequestId) {
    const link = row.orderId ? { orderId: row.orderId } : { quoteRequestId: row.quoteRequestId };
    await db
      .update(conversations)
      .set(link)
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

export async function updateConversation(
  db: DbOrTx,
  id: string,
  set: Partial<typeof conversations.$inferInsert>,
): Promise<void> {
  await db.update(conversations).set(set).where(eq(conversations.id, id));
}
