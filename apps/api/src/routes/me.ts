import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { endpoints, type User } from '@vetted/contract';
import type { DbOrTx } from '../db/client';
import { users, vendorProfiles } from '../db/schema';
import { unauthorized } from '../lib/errors';
import { route } from '../lib/route';

/** The contract `User` of `userId`, or null when the account no longer exists. */
export async function loadMe(db: DbOrTx, userId: string): Promise<User | null> {
  const [row] = await db
    .select({ user: users, vendorId: vendorProfiles.id })
    .from(users)
    .leftJoin(vendorProfiles, eq(vendorProfiles.userId, users.id))
    .where(eq(users.id, userId))
    .limit(1);
  if (!row) return null;
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
    vendorId: user.role === 'vendor' ? (row.vendorId ?? null) : null,
  };
}

/** `GET /v1/me` and `PATCH /v1/me`: the signed-in user's own profile. */
export default async function meRoutes(app: FastifyInstance): Promise<void> {
  route(app, endpoints.getMe, async ({ user }) => {
    const me = await loadMe(app.db, user.id);
    // A valid token for a deleted account: the session is gone.
    if (!me) throw unauthorized('Session not found', 'user_not_found');
    return me;
  });

  route(app, endpoints.updateMe, async ({ user, body }) => {
    const patch: Partial<typeof users.$inferInsert> = {};
    if (body.fullName !== undefined) patch.fullName = body.fullName;
    if (body.phone !== undefined) patch.phone = body.phone;
    if (Object.keys(patch).length > 0)
      await app.db.update(users).set(patch).where(eq(users.id, user.id));
    const me = await loadMe(app.db, user.id);
    if (!me) throw unauthorized('Session not found', 'user_not_found');
    return me;
  });
}
