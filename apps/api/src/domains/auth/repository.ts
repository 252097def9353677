/**
 * Drizzle queries of the auth domain (ARCHITECTURE §1a): each takes `db` or a transaction,
 * holds no policy and no user-facing text.
 */
import { and, asc, count, eq, gt, inArray, isNull, like, lt, sql } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import type { DbOrTx } from '../../db/client';
import { otpChallenges, otpDecoys, otpFailures, users } from '../../db/schema';

export * from './session-repository';

export type UserRow = typeof users.$inferSelect;
export type ChallengeRow = typeof otpChallenges.$inferSelect;
export type DecoyRow = typeof otpDecoys.$inferSelect;
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

/** The address and password hash of one user whose address is at `domain`, or undefined. */
export async function anyPasswordHashAt(
  db: DbOrTx,
  domain: string,
): Promise<{ email: string; passwordHash: string } | undefined> {
  const [row] = await db
    .select({ email: users.email, passwordHash: users.passwordHash })
    .from(users)
    .where(like(users.email, `%@${domain}`))
    .limit(1);
  return row;
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
