import type { UpdateMeBody, User } from '@vetted/contract';
import { unauthorized } from '../../lib/errors';
import type { ServiceDeps } from '../deps';
import * as repo from './repository';

/** The contract `User` of a row (ARCHITECTURE §4). */
function toUser(row: { user: repo.UserRow; vendorId: string | null }): User {
  const { user } = row;
  return {
    id: user.id,
    role: user.role,
    email: user.email,
    fullName: user.fullName,
    phone: user.phone,
    avatarUrl: user.avatarKey ? `/media/${user.avatarKey}` : null,
    emailVerified: user.emailVerifiedAt !== null,
    createdAt: user.createdAt.toISOString(),
    vendorId: user.role === 'vendor' ? row.vendorId : null,
  };
}

/** The signed-in user's own account (`/v1/me`). */
export function createUsersService(deps: Pick<ServiceDeps, 'db'>) {
  const { db } = deps;

  /** @throws AppError 401 `user_not_found` ("Session not found") when the account is gone. */
  async function getMe(userId: string): Promise<User> {
    const row = await repo.findUserWithVendor(db, userId);
    // A valid token for a deleted account: the session is gone.
    if (!row) throw unauthorized('Session not found', 'user_not_found');
    return toUser(row);
  }

  return {
    getMe,
    /** Updates name and/or phone, then answers the new profile. Same errors as `getMe`. */
    async updateMe(userId: string, body: UpdateMeBody): Promise<User> {
      const patch: { fullName?: string; phone?: string | null } = {};
      if (body.fullName !== undefined) patch.fullName = body.fullName;
      if (body.phone !== undefined) patch.phone = body.phone;
      if (Object.keys(patch).length > 0) await repo.updateProfile(db, userId, patch);
      return getMe(userId);
    },
  };
}

export type UsersService = ReturnType<typeof createUsersService>;
