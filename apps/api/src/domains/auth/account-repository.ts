/**
 * Writes to the account row (`users`, owned by auth) that the users domain and the admin console
 * ask for, each with the caller's `db` or transaction: an account's status (`active |
 * suspended`), the owner's profile fields and avatar, and the anonymisation of a deleted account.
 */
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { users } from '../../db/schema';

/**
 * The account's row locked `FOR UPDATE` until the transaction ends, with what a suspension
 * decision needs (role, status, deletion, where to mail), or null for an unknown id.
 */
export async function lockAccount(tx: DbOrTx, id: string) {
  const [row] = await tx
    .select({
      id: users.id,
      role: users.role,
      status: users.status,
      email: users.email,
      fullName: users.fullName,
      deletedAt: users.deletedAt,
    })
    .from(users)
    .where(eq(users.id, id))
    .for('update');
  return row ?? null;
}

/** Sets an account's status (sign-in and token refresh check it). */
export async function setAccountStatus(
  tx: DbOrTx,
  id: string,
  status: 'active' | 'suspended',
): Promise<void> {
  await tx.update(users).set({ status }).where(eq(users.id, id));
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
