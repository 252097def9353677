/**
 * Drizzle queries of the auth domain's sessions, refresh tokens and housekeeping (ARCHITECTURE
 * §1a): each takes `db` or a transaction, holds no policy and no user-facing text. Re-exported
 * by repository.ts.
 */
import { and, eq, gt, inArray, isNull, lt, ne, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import {
  authSessions,
  otpChallenges,
  otpDecoys,
  otpFailures,
  refreshTokens,
} from '../../db/schema';

export type RefreshTokenRow = typeof refreshTokens.$inferSelect;

// ─── sessions and refresh tokens ─────────────────────────────────────────────────────────────

export async function insertSession(
  db: DbOrTx,
  input: { id: string; userId: string; at: Date },
): Promise<void> {
  await db
    .insert(authSessions)
    .values({ id: input.id, userId: input.userId, createdAt: input.at })
    .onConflictDoNothing();
}

/** The session's revocation state: null when it does not exist. */
export async function findSession(
  db: DbOrTx,
  id: string,
): Promise<{ userId: string; revokedAt: Date | null } | null> {
  const [row] = await db
    .select({ userId: authSessions.userId, revokedAt: authSessions.revokedAt })
    .from(authSessions)
    .where(eq(authSessions.id, id))
    .limit(1);
  return row ?? null;
}

/** True when the session exists and is not revoked (the access-token check). */
export async function isSessionActive(db: DbOrTx, id: string): Promise<boolean> {
  const row = await findSession(db, id);
  return row !== null && row.revokedAt === null;
}

/**
 * Revokes sessions and every live refresh token in them. Returns the ids of the sessions that
 * were live until now (to broadcast).
 */
export async function revokeSessions(db: DbOrTx, ids: string[], now: Date): Promise<string[]> {
  if (ids.length === 0) return [];
  const revoked = await db
    .update(authSessions)
    .set({ revokedAt: now })
    .where(and(inArray(authSessions.id, ids), isNull(authSessions.revokedAt)))
    .returning({ id: authSessions.id });
  await db
    .update(refreshTokens)
    .set({ revokedAt: now })
    .where(and(inArray(refreshTokens.familyId, ids), isNull(refreshTokens.revokedAt)));
  return revoked.map((r) => r.id);
}

/**
 * Revokes every session of `userId` (password reset, account deletion) — all but `keep` when
 * given (a password change keeps the session that made it). Returns the revoked ids.
 */
export async function revokeUserSessions(
  db: DbOrTx,
  userId: string,
  now: Date,
  keep?: string,
): Promise<string[]> {
  const revoked = await db
    .update(authSessions)
    .set({ revokedAt: now })
    .where(
      and(
        eq(authSessions.userId, userId),
        isNull(authSessions.revokedAt),
        keep ? ne(authSessions.id, keep) : undefined,
      ),
    )
    .returning({ id: authSessions.id });
  await db
    .update(refreshTokens)
    .set({ revokedAt: now })
    .where(
      and(
        eq(refreshTokens.userId, userId),
        isNull(refreshTokens.revokedAt),
        keep ? ne(refreshTokens.familyId, keep) : undefined,
      ),
    );
  return revoked.map((r) => r.id);
}

/** Deletes every open (unconsumed, unexpired) challenge of `userId`, whatever its purpose. */
export async function expireAllOpenChallenges(
  db: DbOrTx,
  userId: string,
  now: Date,
): Promise<void> {
  await db
    .update(otpChallenges)
    .set({ expiresAt: now })
    .where(
      and(
        eq(otpChallenges.userId, userId),
        isNull(otpChallenges.consumedAt),
        gt(otpChallenges.expiresAt, now),
      ),
    );
}

export async function insertRefreshToken(
  db: DbOrTx,
  values: typeof refreshTokens.$inferInsert,
): Promise<void> {
  await db.insert(refreshTokens).values(values).onConflictDoNothing();
}

/** A refresh token by its hash; `lock` takes `FOR UPDATE`. */
export async function findRefreshToken(
  db: DbOrTx,
  tokenHash: string,
  lock = false,
): Promise<RefreshTokenRow | null> {
  const query = db
    .select()
    .from(refreshTokens)
    .where(eq(refreshTokens.tokenHash, tokenHash))
    .limit(1);
  const [row] = lock ? await query.for('update') : await query;
  return row ?? null;
}

/** Marks a token rotated at `now` to `successorId`. */
export async function markRotated(
  db: DbOrTx,
  id: string,
  successorId: string,
  now: Date,
): Promise<void> {
  await db
    .update(refreshTokens)
    .set({ revokedAt: now, replacedBy: successorId })
    .where(eq(refreshTokens.id, id));
}

// ─── housekeeping ────────────────────────────────────────────────────────────────────────────

/** Deletes what no rule reads any more (see `AUTH_ROW_RETENTION_MS`). Returns row counts. */
export async function deleteStaleAuthRows(
  db: DbOrTx,
  input: { before: Date; failuresBefore: Date },
): Promise<{ challenges: number; decoys: number; failures: number; sessions: number }> {
  const challenges = await db
    .delete(otpChallenges)
    .where(lt(otpChallenges.expiresAt, input.before))
    .returning({ id: otpChallenges.id });
  const decoys = await db
    .delete(otpDecoys)
    .where(lt(otpDecoys.expiresAt, input.before))
    .returning({ id: otpDecoys.id });
  const failures = await db
    .delete(otpFailures)
    .where(lt(otpFailures.createdAt, input.failuresBefore))
    .returning({ id: otpFailures.id });
  await db.delete(refreshTokens).where(lt(refreshTokens.expiresAt, input.before));
  const dead = await db
    .select({ id: authSessions.id })
    .from(authSessions)
    .where(
      and(
        lt(authSessions.createdAt, input.before),
        or(
          lt(authSessions.revokedAt, input.before),
          sql`not exists (select 1 from ${refreshTokens} where ${refreshTokens.familyId} = ${authSessions.id})`,
        ),
      ),
    );
  const ids = dead.map((d) => d.id);
  if (ids.length > 0) {
    await db.delete(refreshTokens).where(inArray(refreshTokens.familyId, ids));
    await db.delete(authSessions).where(inArray(authSessions.id, ids));
  }
  return {
    challenges: challenges.length,
    decoys: decoys.length,
    failures: failures.length,
    sessions: ids.length,
  };
}
