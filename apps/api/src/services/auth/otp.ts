import { createHmac, randomInt, randomUUID, timingSafeEqual } from 'node:crypto';
import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import {
  OTP_LENGTH,
  OTP_MAX_ATTEMPTS,
  OTP_RESEND_COOLDOWN_MS,
  OTP_TTL_MS,
  type OtpChallenge,
} from '@vetted/contract';
import type { DbOrTx } from '../../db/client';
import { otpChallenges } from '../../db/schema';
import { AppError, badRequest } from '../../lib/errors';

export type OtpPurpose = 'signup' | 'login' | 'email_change';
type ChallengeRow = typeof otpChallenges.$inferSelect;

/** A fresh numeric code of OTP_LENGTH (6) digits from the CSPRNG (`crypto.randomInt`). */
export function generateOtpCode(): string {
  return randomInt(0, 10 ** OTP_LENGTH)
    .toString()
    .padStart(OTP_LENGTH, '0');
}

/**
 * HMAC-SHA256 of the code bound to its challenge, keyed with the server secret: a leaked table
 * row is useless without the secret, and the same code on two challenges hashes differently.
 */
export function hashOtpCode(secret: Uint8Array, challengeId: string, code: string): string {
  return createHmac('sha256', secret).update(`${challengeId}:${code}`).digest('hex');
}

function sameHash(a: string, b: string): boolean {
  const ba = Buffer.from(a, 'hex');
  const bb = Buffer.from(b, 'hex');
  return ba.length === bb.length && timingSafeEqual(ba, bb);
}

/** The contract view of a challenge (`purpose` is signup or login; email changes read as login). */
export function toOtpChallenge(row: ChallengeRow): OtpChallenge {
  return {
    challengeId: row.id,
    email: row.email,
    purpose: row.purpose === 'signup' ? 'signup' : 'login',
    expiresAt: row.expiresAt.toISOString(),
    resendAvailableAt: new Date(row.lastSentAt.getTime() + OTP_RESEND_COOLDOWN_MS).toISOString(),
  };
}

/** Starts a challenge for `userId`; returns the row and the plain code (to mail, never to store). */
export async function createOtpChallenge(
  db: DbOrTx,
  secret: Uint8Array,
  input: { userId: string; email: string; purpose: OtpPurpose },
  now = new Date(),
): Promise<{ challenge: ChallengeRow; code: string }> {
  const id = randomUUID();
  const code = generateOtpCode();
  const [challenge] = await db
    .insert(otpChallenges)
    .values({
      id,
      userId: input.userId,
      email: input.email,
      purpose: input.purpose,
      codeHash: hashOtpCode(secret, id, code),
      expiresAt: new Date(now.getTime() + OTP_TTL_MS),
      attempts: 0,
      lastSentAt: now,
      createdAt: now,
    })
    .returning();
  if (!challenge) throw new Error('otp challenge insert returned nothing');
  return { challenge, code };
}

const notFoundChallenge = () =>
  new AppError(404, 'This verification request was not found. Start again', 'otp_not_found');
const usedError = () =>
  badRequest('This code has already been used. Request a new one', 'otp_used');
const lockedError = () => new AppError(429, 'Too many attempts. Request a new code', 'otp_locked');

/**
 * Checks `code` against the challenge (issue #2 rules): single use, OTP_TTL_MS (10 min) validity,
 * at most OTP_MAX_ATTEMPTS (5) wrong tries. A wrong try is counted atomically in the database,
 * and the consuming UPDATE re-checks every condition, so two concurrent verifications can't
 * both succeed and a racing resend can't let the old code through.
 *
 * @throws AppError 404 `otp_not_found`, 400 `otp_used`, 429 `otp_locked`, 400 `otp_expired`,
 *   400 `otp_invalid` ("Incorrect code. N attempts left").
 */
export async function consumeOtpChallenge(
  db: DbOrTx,
  secret: Uint8Array,
  input: { challengeId: string; code: string },
  now = new Date(),
): Promise<ChallengeRow> {
  const [row] = await db
    .select()
    .from(otpChallenges)
    .where(eq(otpChallenges.id, input.challengeId))
    .limit(1);
  if (!row) throw notFoundChallenge();
  if (row.consumedAt) throw usedError();
  if (row.attempts >= OTP_MAX_ATTEMPTS) throw lockedError();
  if (row.expiresAt.getTime() <= now.getTime()) {
    throw badRequest('This code has expired. Request a new one', 'otp_expired');
  }
  const hash = hashOtpCode(secret, row.id, input.code);
  if (!sameHash(hash, row.codeHash)) {
    const [counted] = await db
      .update(otpChallenges)
      .set({ attempts: sql`${otpChallenges.attempts} + 1` })
      .where(
        and(
          eq(otpChallenges.id, row.id),
          isNull(otpChallenges.consumedAt),
          lt(otpChallenges.attempts, OTP_MAX_ATTEMPTS),
        ),
      )
      .returning({ attempts: otpChallenges.attempts });
    const left = OTP_MAX_ATTEMPTS - (counted?.attempts ?? OTP_MAX_ATTEMPTS);
    if (left <= 0) throw lockedError();
    throw badRequest(
      `Incorrect code. ${left} ${left === 1 ? 'attempt' : 'attempts'} left`,
      'otp_invalid',
    );
  }
  const [consumed] = await db
    .update(otpChallenges)
    .set({ consumedAt: now })
    .where(
      and(
        eq(otpChallenges.id, row.id),
        eq(otpChallenges.codeHash, hash),
        isNull(otpChallenges.consumedAt),
        lt(otpChallenges.attempts, OTP_MAX_ATTEMPTS),
        gt(otpChallenges.expiresAt, now),
      ),
    )
    .returning();
  if (!consumed) throw usedError();
  return consumed;
}

/**
 * A new code for an open challenge: resets attempts and expiry. Refused within
 * OTP_RESEND_COOLDOWN_MS (30 s) of the last send; the UPDATE is conditional on the last send
 * time, so two concurrent resends send one mail.
 *
 * @throws AppError 404 `otp_not_found`, 400 `otp_used`, 429 `otp_cooldown`.
 */
export async function refreshOtpChallenge(
  db: DbOrTx,
  secret: Uint8Array,
  challengeId: string,
  now = new Date(),
): Promise<{ challenge: ChallengeRow; code: string }> {
  const [row] = await db
    .select()
    .from(otpChallenges)
    .where(eq(otpChallenges.id, challengeId))
    .limit(1);
  if (!row) throw notFoundChallenge();
  if (row.consumedAt) throw usedError();
  const availableAt = row.lastSentAt.getTime() + OTP_RESEND_COOLDOWN_MS;
  const cooldown = () => {
    const seconds = Math.max(1, Math.ceil((availableAt - now.getTime()) / 1000));
    return new AppError(
      429,
      `Please wait ${seconds} ${seconds === 1 ? 'second' : 'seconds'} before requesting a new code`,
      'otp_cooldown',
    );
  };
  if (now.getTime() < availableAt) throw cooldown();
  const code = generateOtpCode();
  const [updated] = await db
    .update(otpChallenges)
    .set({
      codeHash: hashOtpCode(secret, row.id, code),
      attempts: 0,
      expiresAt: new Date(now.getTime() + OTP_TTL_MS),
      lastSentAt: now,
    })
    .where(
      and(
        eq(otpChallenges.id, row.id),
        isNull(otpChallenges.consumedAt),
        eq(otpChallenges.lastSentAt, row.lastSentAt),
      ),
    )
    .returning();
  if (!updated) throw cooldown();
  return { challenge: updated, code };
}
