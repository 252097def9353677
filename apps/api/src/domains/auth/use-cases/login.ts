/** Login by password plus mailed code, and the code's verification and resend. */
import {
  type LoginBody,
  OTP_MAX_ATTEMPTS,
  OTP_RESEND_COOLDOWN_MS,
  OTP_TTL_MS,
  type OtpChallenge,
  type OtpVerifyBody,
  type Session,
} from '@vetted/contract';
import { AppError, badRequest, forbidden, unauthorized } from '../../../lib/errors';
import { generateOtpCode, hashOtpCode, verifyAgainstDummy, verifyPassword } from '../crypto';
import { AUTH_MESSAGES as M } from '../messages';
import * as repo from '../repository';
import {
  type AuthServiceDeps,
  buildSession,
  fail,
  findAnyChallenge,
  lockedError,
  mailCode,
  notFoundError,
  ok,
  type Outcome,
  settle,
  type StartedSession,
  startChallenge,
  startSession,
  toOtpChallenge,
} from './context';
import { checkCode } from './check-code';

/**
 * `POST /auth/login`: a correct password opens a `login` challenge and mails its code.
 * @throws AppError 401 `invalid_credentials` (same message and similar time for an unknown
 *   address and a wrong password), 403 `account_suspended`.
 */
export async function login(deps: AuthServiceDeps, body: LoginBody): Promise<OtpChallenge> {
  const { db, clock } = deps;
  const user = await repo.findUserByEmail(db, body.email);
  const valid = user
    ? await verifyPassword(user.passwordHash, body.password)
    : await verifyAgainstDummy(body.password);
  // A deleted account's address is a placeholder and its password unusable: belt and braces.
  if (!user || !valid || user.deletedAt) {
    throw unauthorized(M.invalidCredentials, 'invalid_credentials');
  }
  if (user.status !== 'active') throw forbidden(M.suspended, 'account_suspended');
  return db.transaction(async (tx) => {
    const now = clock.now();
    const { challenge, code } = await startChallenge(
      deps,
      tx,
      { userId: user.id, email: user.email, purpose: 'login' },
      now,
    );
    await mailCode(deps, tx, challenge, code, user.fullName);
    return toOtpChallenge(challenge);
  });
}

/**
 * `POST /auth/otp/verify`: a right code of a sign-up or login challenge verifies the address
 * and starts a session. See `checkCode` for the limits.
 * @throws AppError 404 `otp_not_found`, 400 `otp_used` / `otp_expired` / `otp_invalid`,
 *   429 `otp_locked` / `otp_account_locked`, 403 `account_suspended`.
 */
export async function verifyOtp(deps: AuthServiceDeps, body: OtpVerifyBody): Promise<Session> {
  const started = await checkCode<StartedSession>(
    deps,
    body,
    ['signup', 'login'],
    async (tx, challenge, now) => {
      const user = await repo.findUserById(tx, challenge.userId);
      if (!user) return fail(notFoundError());
      if (user.status !== 'active') return fail(forbidden(M.suspended, 'account_suspended'));
      await repo.markEmailVerified(tx, user.id, now);
      return ok(await startSession(deps, tx, { id: user.id, role: user.role }, now));
    },
  );
  return buildSession(deps, started);
}

/**
 * `POST /auth/otp/resend`: a new code for an open challenge, at most every
 * OTP_RESEND_COOLDOWN_MS (30 s). It keeps the challenge's wrong-attempt count, and the
 * address's hourly count is never reset. A decoy answers alike and mails nothing.
 * @throws AppError 404 `otp_not_found`, 400 `otp_used`, 429 `otp_locked` / `otp_cooldown`.
 */
export async function resendOtp(deps: AuthServiceDeps, challengeId: string): Promise<OtpChallenge> {
  const { db, clock } = deps;
  const secret = deps.config.jwtSecret;
  const outcome = await db.transaction(async (tx): Promise<Outcome<OtpChallenge>> => {
    const now = clock.now();
    const found = await findAnyChallenge(tx, challengeId, true);
    if (!found) return fail(notFoundError());
    const { row } = found;
    if (found.kind === 'challenge' && found.row.consumedAt) {
      return fail(badRequest(M.otpUsed, 'otp_used'));
    }
    if (row.attempts >= OTP_MAX_ATTEMPTS) return fail(lockedError());
    const availableAt = row.lastSentAt.getTime() + OTP_RESEND_COOLDOWN_MS;
    if (now.getTime() < availableAt) {
      const seconds = Math.max(1, Math.ceil((availableAt - now.getTime()) / 1000));
      return fail(new AppError(429, M.otpCooldown(seconds), 'otp_cooldown'));
    }
    const expiresAt = new Date(now.getTime() + OTP_TTL_MS);
    if (found.kind === 'decoy') {
      const updated = await repo.updateDecoy(tx, row.id, { expiresAt, lastSentAt: now });
      return updated ? ok(toOtpChallenge(updated)) : fail(notFoundError());
    }
    const code = generateOtpCode();
    const updated = await repo.updateChallenge(tx, row.id, {
      codeHash: hashOtpCode(secret, row.id, code),
      expiresAt,
      lastSentAt: now,
    });
    if (!updated) return fail(notFoundError());
    const user = await repo.findUserById(tx, updated.userId);
    await mailCode(deps, tx, updated, code, user?.fullName ?? '');
    return ok(toOtpChallenge(updated));
  });
  return settle(deps, outcome);
}
