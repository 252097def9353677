/** The signed-in user's own account row, and its contract `User`. */
import type { User } from '@vetted/contract';
import type { DbOrTx } from '../../../db/client';
import { unauthorized } from '../../../lib/errors';
import { mediaUrl } from '../../../services/images';
import * as repo from '../repository';

/** An account row with the id of its vendor profile (null for other roles or none yet). */
export type AccountRow = { user: repo.UserRow; vendorId: string | null };

/** The contract `User` of a row (ARCHITECTURE §4). */
export function toUser(row: AccountRow): User {
  const { user } = row;
  return {
    id: user.id,
    role: user.role,
    email: user.email,
    fullName: user.fullName,
    phone: user.phone,
    avatarUrl: user.avatarKey ? mediaUrl(user.avatarKey) : null,
    emailVerified: user.emailVerifiedAt !== null,
    createdAt: user.createdAt.toISOString(),
    vendorId: user.role === 'vendor' ? row.vendorId : null,
  };
}

/**
 * The live account row; a missing or deleted one is a gone session.
 * @throws AppError 401 `user_not_found` ("Session not found") when the account is gone.
 */
export async function liveRow(db: DbOrTx, userId: string): Promise<AccountRow> {
  const row = await repo.findUserWithVendor(db, userId);
  // A valid token for a deleted account: the session is gone.
  if (!row || row.user.deletedAt) throw unauthorized('Session not found', 'user_not_found');
  return row;
}

/** @throws AppError 401 `user_not_found` ("Session not found") when the account is gone. */
export async function getMe(db: DbOrTx, userId: string): Promise<User> {
  return toUser(await liveRow(db, userId));
}
