import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { refreshTokens, users } from '../../db/schema';
import { type AppError, forbidden, unauthorized } from '../../lib/errors';
import type { AuthUser } from '../../plugins/auth';

/** SHA-256 hex of an opaque refresh token: what the table stores. */
export function hashRefreshToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** 32 random bytes, base64url: an opaque refresh token (ARCHITECTURE §2). */
export function generateRefreshToken(): string {
  return randomBytes(32).toString('base64url');
}

/**
 * Stores a new refresh token for `userId` in `familyId` (a new family for a fresh login),
 * valid `ttlS` seconds. Returns the plain token (only the hash is stored) and its row id.
 */
export async function issueRefreshToken(
  db: DbOrTx,
  input: { userId: string; familyId?: string; ttlS: number },
  now = new Date(),
): Promise<{ token: string; id: string; familyId: string }> {
  const token = generateRefreshToken();
  const id = randomUUID();
  const familyId = input.familyId ?? randomUUID();
  await db.insert(refreshTokens).values({
    id,
    userId: input.userId,
    tokenHash: hashRefreshToken(token),
    familyId,
    expiresAt: new Date(now.getTime() + input.ttlS * 1000),
    createdAt: now,
  });
  return { token, id, familyId };
}

/** Revokes every live token of a family (logout, or reuse detected). */
export async function revokeFamily(db: DbOrTx, familyId: string, now = new Date()): Promise<void> {
  await db
    .update(refreshTokens)
    .set({ revokedAt: now })
    .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)));
}

/** Revokes the family of `token` if the token is known; unknown tokens are ignored (logout is idempotent). */
export async function revokeFamilyOfToken(
  db: DbOrTx,
  token: string,
  now = new Date(),
): Promise<boolean> {
  const [row] = await db
    .select({ familyId: refreshTokens.familyId })
    .from(refreshTokens)
    .where(eq(refreshTokens.tokenHash, hashRefreshToken(token)))
    .limit(1);
  if (!row) return false;
  await revokeFamily(db, row.familyId, now);
  return true;
}

const SESSION_EXPIRED = 'Session expired, Please login again';

type RotateOutcome =
  | { kind: 'ok'; user: AuthUser; token: string }
  | { kind: 'reused'; familyId: string }
  | { kind: 'error'; error: AppError };

/**
 * Rotates a refresh token (spec §7 `reset-token`): the presented token is revoked and points to
 * its successor in the same family. The row is locked (`FOR UPDATE`) in a transaction, so two
 * concurrent uses of one token can't both succeed — the second sees it revoked.
 *
 * Presenting a token that was already rotated is treated as theft: the whole family is revoked,
 * so the legitimate successor stops working too.
 *
 * @throws AppError 401 `invalid_refresh_token` ("Session not found") for an unknown token,
 *   401 `refresh_expired` / `refresh_revoked` / `refresh_reused` ("Session expired, Please login
 *   again"), 403 `account_suspended` when the user is suspended.
 */
export async function rotateRefreshToken(
  db: Db,
  input: { token: string; ttlS: number },
  now = new Date(),
): Promise<{ user: AuthUser; token: string }> {
  const outcome = await db.transaction(async (tx): Promise<RotateOutcome> => {
    const [row] = await tx
      .select()
      .from(refreshTokens)
      .where(eq(refreshTokens.tokenHash, hashRefreshToken(input.token)))
      .for('update')
      .limit(1);
    if (!row)
      return { kind: 'error', error: unauthorized('Session not found', 'invalid_refresh_token') };
    if (row.revokedAt) {
      // Rotated before: someone replays an old token. Logged-out tokens have no successor.
      if (row.replacedBy) return { kind: 'reused', familyId: row.familyId };
      return { kind: 'error', error: unauthorized(SESSION_EXPIRED, 'refresh_revoked') };
    }
    if (row.expiresAt.getTime() <= now.getTime()) {
      return { kind: 'error', error: unauthorized(SESSION_EXPIRED, 'refresh_expired') };
    }
    const [user] = await tx
      .select({ id: users.id, role: users.role, status: users.status })
      .from(users)
      .where(eq(users.id, row.userId))
      .limit(1);
    if (!user)
      return { kind: 'error', error: unauthorized('Session not found', 'invalid_refresh_token') };
    if (user.status !== 'active') {
      await revokeFamily(tx, row.familyId, now);
      return {
        kind: 'error',
        error: forbidden('Your account is suspended. Contact support', 'account_suspended'),
      };
    }
    const next = await issueRefreshToken(
      tx,
      { userId: row.userId, familyId: row.familyId, ttlS: input.ttlS },
      now,
    );
    await tx
      .update(refreshTokens)
      .set({ revokedAt: now, replacedBy: next.id })
      .where(eq(refreshTokens.id, row.id));
    return { kind: 'ok', user: { id: user.id, role: user.role }, token: next.token };
  });
  if (outcome.kind === 'reused') {
    await revokeFamily(db, outcome.familyId, now);
    throw unauthorized(SESSION_EXPIRED, 'refresh_reused');
  }
  if (outcome.kind === 'error') throw outcome.error;
  return { user: outcome.user, token: outcome.token };
}
