/**
 * Drizzle queries of the auth domain (ARCHITECTURE §1a): each takes `db` or a transaction,
 * holds no policy and no user-facing text.
 */
import { and, asc, count, eq, gt, inArray, isNull, lt, ne, or, sql } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import { v7 as uuidv7 } from 'uuid';
import type { DbOrTx } from '../../db/client';
import {
  authSessions,
  otpChallenges,
  otpDecoys,
  otpFailures,
  refreshTokens,
  users,
  vendorProfiles,
} from '../../db/schema';
import type { ResolvedBusiness } from '../vendors/service';
import { syncVendorSlug } from '../vendors/slug';

export type UserRow = typeof users.$inferSelect;
export type ChallengeRow = typeof otpChallenges.$inferSelect;
export type DecoyRow = typeof otpDecoys.$inferSelect;
export type RefreshTokenRow = typeof refreshTokens.$inferSelect;
export type OtpPurpose = ChallengeRow['purpose'];

/** Whether `err` (or a cause it wraps, e.g. Drizzle's DrizzleQueryError) is a PostgreSQL unique violation. */
export function isUniqueViolation(err: unknown): boolean {
  let e: unknown = err;
  for (let i = 0; i < 5 && e && typeof e === 'object'; i++) {
    if ((e as { code?: unknown }).code === '23505') return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

// ─── users ────────────────────────────────────────────────────────────────────────────────────

/** The user with `email` (already lower-cased), or null. `lock` takes `FOR UPDATE`. */
export async function findUserByEmail(
  db: DbOrTx,
  email: string,
  lock = false,
): Promise<UserRow | null> {
  const query = db.select().from(users).where(eq(users.email, email)).limit(1);
  const [row] = lock ? await query.for('update') : await query;
  return row ?? null;
}

export async function findUserById(db: DbOrTx, id: string): Promise<UserRow | null> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row ?? null;
}

/** Inserts an unverified user. Throws a unique violation when the address is taken. */
export async function insertUser(db: DbOrTx, values: typeof users.$inferInsert): Promise<void> {
  await db.insert(users).values(values);
}

export async function updateUser(
  db: DbOrTx,
  id: string,
  patch: Partial<typeof users.$inferInsert>,
): Promise<void> {
  await db.update(users).set(patch).where(eq(users.id, id));
}

/** Sets `email_verified_at` if it is not set yet. */
export async function markEmailVerified(db: DbOrTx, id: string, at: Date): Promise<void> {
  await db
    .update(users)
    .set({ emailVerifiedAt: at })
    .where(and(eq(users.id, id), isNull(users.emailVerifiedAt)));
}

/**
 * Makes sure a vendor has a profile, or a customer has none (issue #8). A vendor's profile starts
 * (or, for an unverified account signing up again, starts over) as a `draft` with the business
 * of the sign-up: name, main category, city, country, coordinates (degrees), IANA time zone and
 * service radius (km). Only unverified accounts get here (a verified address gets a decoy), so
 * starting over never undoes a submission.
 */
export async function syncVendorProfile(
  db: DbOrTx,
  user: { id: string; role: 'customer' | 'vendor'; business: ResolvedBusiness | null },
): Promise<void> {
  if (user.role === 'vendor' && user.business) {
    const fields = { ...user.business, vettingStatus: 'draft' as const };
    const [row] = await db
      .insert(vendorProfiles)
      .values({ id: randomUUID(), userId: user.id, ...fields })
      .onConflictDoUpdate({ target: vendorProfiles.userId, set: fields })
      .returning({ id: vendorProfiles.id, slug: vendorProfiles.slug });
    // Every profile has its public slug from the start (a draft's old one needs no redirect,
    // but keeping it costs nothing).
    if (row) await syncVendorSlug(db, row.id, fields.businessName, row.slug);
  } else {
    await db.delete(vendorProfiles).where(eq(vendorProfiles.userId, user.id));
  }
}

/** Deletes the account `id` if its address was never verified (it can hold no orders). */
export async function deleteUnverifiedUser(db: DbOrTx, id: string): Promise<void> {
  await db.delete(users).where(and(eq(users.id, id), isNull(users.emailVerifiedAt)));
}

/** Deletes accounts never verified and created before `cutoff`. Returns how many. */
export async function deleteUnverifiedUsers(db: DbOrTx, cutoff: Date): Promise<number> {
  const deleted = await db
    .delete(users)
    .where(and(isNull(users.emailVerifiedAt), lt(users.createdAt, cutoff)))
    .returning({ id: users.id });
  return deleted.length;
}

/** Password hashes of the users with these addresses. */
export async function passwordHashesOf(
  db: DbOrTx,
  emails: string[],
): Promise<{ email: string; passwordHash: string }[]> {
  if (emails.length === 0) return [];
  return db
    .select({ email: users.email, passwordHash: users.passwordHash })
    .from(users)
    .where(inArray(users.email, emails));
}

/** How many users have one of these exact password hashes (shared seed hashes). */
export async function countUsersWithPasswordHash(db: DbOrTx, hashes: string[]): Promise<number> {
  if (hashes.length === 0) return 0;
  const [row] = await db
    .select({ n: count() })
    .from(users)
    .where(inArray(users.passwordHash, hashes));
  return row?.n ?? 0;
}

// ─── OTP challenges and decoys ───────────────────────────────────────────────────────────────

export async function insertChallenge(
  db: DbOrTx,
  values: typeof otpChallenges.$inferInsert,
): Promise<ChallengeRow> {
  const [row] = await db.insert(otpChallenges).values(values).returning();
  if (!row) throw new Error('otp challenge insert returned nothing');
  return row;
}

/** A challenge by id; `lock` takes `FOR UPDATE`. */
export async function findChallenge(
  db: DbOrTx,
  id: string,
  lock = false,
): Promise<ChallengeRow | null> {
  const query = db.select().from(otpChallenges).where(eq(otpChallenges.id, id)).limit(1);
  const [row] = lock ? await query.for('update') : await query;
  return row ?? null;
}

export async function updateChallenge(
  db: DbOrTx,
  id: string,
  patch: Partial<typeof otpChallenges.$inferInsert>,
): Promise<ChallengeRow | null> {
  const [row] = await db
    .update(otpChallenges)
    .set(patch)
    .where(eq(otpChallenges.id, id))
    .returning();
  return row ?? null;
}

/** Adds one wrong attempt to a challenge; returns the new count. */
export async function countChallengeAttempt(db: DbOrTx, id: string): Promise<number> {
  const [row] = await db
    .update(otpChallenges)
    .set({ attempts: sql`${otpChallenges.attempts} + 1` })
    .where(eq(otpChallenges.id, id))
    .returning({ attempts: otpChallenges.attempts });
  return row?.attempts ?? 0;
}

/** Ends every open challenge of `userId` with `purpose` (expires it at `now`). */
export async function expireOpenChallenges(
  db: DbOrTx,
  userId: string,
  purpose: OtpPurpose,
  now: Date,
): Promise<void> {
  await db
    .update(otpChallenges)
    .set({ expiresAt: now })
    .where(
      and(
        eq(otpChallenges.userId, userId),
        eq(otpChallenges.purpose, purpose),
        isNull(otpChallenges.consumedAt),
        gt(otpChallenges.expiresAt, now),
      ),
    );
}

export async function insertDecoy(
  db: DbOrTx,
  values: typeof otpDecoys.$inferInsert,
): Promise<DecoyRow> {
  const [row] = await db.insert(otpDecoys).values(values).returning();
  if (!row) throw new Error('otp decoy insert returned nothing');
  return row;
}

export async function findDecoy(db: DbOrTx, id: string, lock = false): Promise<DecoyRow | null> {
  const query = db.select().from(otpDecoys).where(eq(otpDecoys.id, id)).limit(1);
  const [row] = lock ? await query.for('update') : await query;
  return row ?? null;
}

export async function updateDecoy(
  db: DbOrTx,
  id: string,
  patch: Partial<typeof otpDecoys.$inferInsert>,
): Promise<DecoyRow | null> {
  const [row] = await db.update(otpDecoys).set(patch).where(eq(otpDecoys.id, id)).returning();
  return row ?? null;
}

export async function countDecoyAttempt(db: DbOrTx, id: string): Promise<number> {
  const [row] = await db
    .update(otpDecoys)
    .set({ attempts: sql`${otpDecoys.attempts} + 1` })
    .where(eq(otpDecoys.id, id))
    .returning({ attempts: otpDecoys.attempts });
  return row?.attempts ?? 0;
}

/**
 * Serialises code checks of one address until the transaction ends (a transaction-scoped
 * advisory lock on the address), so concurrent guesses cannot all slip under the limit.
 */
export async function lockAddress(db: DbOrTx, email: string): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtextextended(${email}, 0))`);
}

/** The address's wrong codes since `since`: how many, the oldest time, the newest id. */
export async function failuresSince(
  db: DbOrTx,
  email: string,
  since: Date,
): Promise<{ count: number; oldestAt: Date | null; newestId: string | null }> {
  const rows = await db
    .select({ id: otpFailures.id, createdAt: otpFailures.createdAt })
    .from(otpFailures)
    .where(and(eq(otpFailures.email, email), gt(otpFailures.createdAt, since)))
    .orderBy(asc(otpFailures.createdAt), asc(otpFailures.id));
  return {
    count: rows.length,
    oldestAt: rows[0]?.createdAt ?? null,
    newestId: rows.at(-1)?.id ?? null,
  };
}

export async function insertFailure(
  db: DbOrTx,
  input: { email: string; challengeId: string; at: Date },
): Promise<void> {
  await db.insert(otpFailures).values({
    id: uuidv7(),
    email: input.email,
    challengeId: input.challengeId,
    createdAt: input.at,
  });
}

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
