import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { users, vendorProfiles } from '../../db/schema';

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
