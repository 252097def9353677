/**
 * Drizzle queries of the users domain (ARCHITECTURE §1a): the signed-in user's own account.
 * Each takes `db` or a transaction, holds no policy and no text for people. The export queries
 * read the user's rows across tables in one place on purpose: "everything about one person" is
 * this domain's question: orders' rows come from the orders domain. Writes to the
 * account row and to other domains' tables go through their owners (auth, orders, waitlist,
 * places, notifications, vendors, listings).
 */
import { asc, eq, or } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import {
  conversations,
  messages,
  notifications,
  reviews,
  userAddresses,
  users,
  vendorProfiles,
} from '../../db/schema';

export type UserRow = typeof users.$inferSelect;

/** A user with the id of their vendor profile (null for other roles or none yet), or null. */
export async function findUserWithVendor(
  db: DbOrTx,
  userId: string,
): Promise<{ user: UserRow; vendorId: string | null } | null> {
  const [row] = await db
    .select({ user: users, vendorId: vendorProfiles.id })
    .from(users)
    .leftJoin(vendorProfiles, eq(vendorProfiles.userId, users.id))
    .where(eq(users.id, userId))
    .limit(1);
  return row ?? null;
}

// ─── export ──────────────────────────────────────────────────────────────────────────────────

/** The vendor profile of `vendorId` (the fields its owner entered). */
export async function exportBusiness(db: DbOrTx, vendorId: string) {
  const [row] = await db
    .select({
      id: vendorProfiles.id,
      businessName: vendorProfiles.businessName,
      tagline: vendorProfiles.tagline,
      bio: vendorProfiles.bio,
      address: vendorProfiles.address,
      city: vendorProfiles.city,
      country: vendorProfiles.country,
      createdAt: vendorProfiles.createdAt,
    })
    .from(vendorProfiles)
    .where(eq(vendorProfiles.id, vendorId));
  return row ?? null;
}

/** The user's saved places, oldest first. */
export function exportAddresses(db: DbOrTx, userId: string) {
  return db
    .select()
    .from(userAddresses)
    .where(eq(userAddresses.userId, userId))
    .orderBy(asc(userAddresses.createdAt));
}

/** Reviews the user wrote, oldest first. */
export function exportReviews(db: DbOrTx, userId: string) {
  return db
    .select({
      id: reviews.id,
      orderId: reviews.orderId,
      rating: reviews.rating,
      body: reviews.body,
      createdAt: reviews.createdAt,
    })
    .from(reviews)
    .where(eq(reviews.customerId, userId))
    .orderBy(asc(reviews.createdAt));
}

/** Conversations the user is a side of (as the user side or as the pro), oldest first. */
export function exportConversations(db: DbOrTx, userId: string) {
  return db
    .select({
      id: conversations.id,
      kind: conversations.kind,
      subject: conversations.subject,
      createdAt: conversations.createdAt,
    })
    .from(conversations)
    .where(or(eq(conversations.userId, userId), eq(conversations.vendorUserId, userId)))
    .orderBy(asc(conversations.createdAt));
}

/** Messages the user sent, oldest first. */
export function exportMessages(db: DbOrTx, userId: string) {
  return db
    .select({
      id: messages.id,
      conversationId: messages.conversationId,
      body: messages.body,
      attachments: messages.attachments,
      createdAt: messages.createdAt,
    })
    .from(messages)
    .where(eq(messages.senderId, userId))
    .orderBy(asc(messages.id));
}

/** The user's notifications, oldest first. */
export function exportNotifications(db: DbOrTx, userId: string) {
  return db
    .select()
    .from(notifications)
    .where(eq(notifications.userId, userId))
    .orderBy(asc(notifications.createdAt));
}
