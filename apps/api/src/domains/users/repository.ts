/**
 * Drizzle queries of the users domain (ARCHITECTURE §1a): the signed-in user's own account.
 * Each takes `db` or a transaction, holds no policy and no text for people. The export queries
 * read the user's rows across tables in one place on purpose: "everything about one person" is
 * this domain's question: orders' rows come from the orders domain. Writes to other
 * domains' tables go through their owners (orders, waitlist) except the two marked below, whose
 * owners have no such function yet.
 */
import { asc, eq, or } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import {
  conversations,
  messages,
  notifications,
  reviews,
  services,
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

/** Updates a user's own profile fields. */
export async function updateProfile(
  db: DbOrTx,
  userId: string,
  patch: { fullName?: string; phone?: string | null },
): Promise<void> {
  await db.update(users).set(patch).where(eq(users.id, userId));
}

/**
 * Sets the user's `avatar_key` to `key` (null removes it) under a row lock, so two uploads at
 * once each see the key the other replaced. Returns the previous key, or undefined when there
 * is no such (live) user.
 */
export async function replaceAvatarKey(
  tx: DbOrTx,
  userId: string,
  key: string | null,
): Promise<{ previous: string | null } | undefined> {
  const [row] = await tx
    .select({ avatarKey: users.avatarKey, deletedAt: users.deletedAt })
    .from(users)
    .where(eq(users.id, userId))
    .for('update');
  if (!row || row.deletedAt) return undefined;
  await tx.update(users).set({ avatarKey: key }).where(eq(users.id, userId));
  return { previous: row.avatarKey };
}

// ─── deletion ────────────────────────────────────────────────────────────────────────────────

/** Replaces the personal fields of the account and marks it deleted at `now`. */
export async function anonymiseUser(
  tx: DbOrTx,
  userId: string,
  values: { fullName: string; email: string; now: Date },
): Promise<void> {
  await tx
    .update(users)
    .set({
      fullName: values.fullName,
      email: values.email,
      phone: null,
      avatarKey: null,
      deletedAt: values.now,
    })
    .where(eq(users.id, userId));
}

/** Deletes the user's saved places. */
export async function deleteAddresses(tx: DbOrTx, userId: string): Promise<void> {
  await tx.delete(userAddresses).where(eq(userAddresses.userId, userId));
}

/**
 * Deletes the user's in-app notifications (nobody else's record). Writes the notifications
 * domain's table: to move behind a function of `domains/notifications/index.ts`.
 */
export async function deleteNotifications(tx: DbOrTx, userId: string): Promise<void> {
  await tx.delete(notifications).where(eq(notifications.userId, userId));
}

/**
 * Takes a deleted pro's business off the marketplace: suspended (search, pages and booking only
 * show approved vendors), services inactive, street address cleared. The business name stays on
 * its customers' past orders and receipts. Writes the vendors' and listings' tables: to move
 * behind functions of `domains/vendors/index.ts` / `domains/listings/index.ts`.
 */
export async function retireVendorProfile(tx: DbOrTx, vendorId: string): Promise<void> {
  await tx
    .update(vendorProfiles)
    .set({ vettingStatus: 'suspended', address: '' })
    .where(eq(vendorProfiles.id, vendorId));
  await tx.update(services).set({ active: false }).where(eq(services.vendorId, vendorId));
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
