/** Checking a submitted one-time code: the limits every code-answering use case shares. */
import { OTP_MAX_ATTEMPTS } from '@vetted/contract';
import type { Tx } from '../../../db/client';
import { AppError, badRequest } from '../../../lib/errors';
import { enqueueMail } from '../../mail';
import { hashOtpCode, sameHash } from '../crypto';
import { AUTH_MESSAGES as M, codeLockoutMail } from '../messages';
import * as policy from '../policy';
import * as repo from '../repository';
import {
  type AuthServiceDeps,
  fail,
  findAnyChallenge,
  lockedError,
  notFoundError,
  type Outcome,
  settle,
} from './context';

/**
 * Checks a submitted code under a per-address lock, so concurrent guesses are
 * counted one by one: first the address's wrong codes of the last hour (10 → 429
 * `otp_account_locked`, mailing the owner once per lock), then the challenge (used, 5 wrong
 * codes, expiry), then the code. A wrong code is counted on the challenge and the address.
 * The right one consumes the challenge and runs `onSuccess` in the same transaction.
 */
export async function checkCode<T>(
  deps: AuthServiceDeps,
  input: { challengeId: string; code: string },
  purposes: repo.OtpPurpose[],
  onSuccess: (tx: Tx, challenge: repo.ChallengeRow, now: Date) => Promise<Outcome<T>>,
  /** The signed-in account a challenge must belong to; another's answers 404, uncounted. */
  ownerId?: string,
): Promise<T> {
  const { db, clock, config } = deps;
  const secret = config.jwtSecret;
  const outcome = await db.transaction(async (tx): Promise<Outcome<T>> => {
    const now = clock.now();
    const peek = await findAnyChallenge(tx, input.challengeId, false);
    if (!peek || !purposes.includes(peek.row.purpose)) return fail(notFoundError());
    if (ownerId !== undefined && (peek.kind !== 'challenge' || peek.row.userId !== ownerId)) {
      return fail(notFoundError());
    }
    await repo.lockAddress(tx, peek.row.email);
    const found = await findAnyChallenge(tx, input.challengeId, true);
    if (!found) return fail(notFoundError());
    const { row } = found;
    const failures = await repo.failuresSince(tx, row.email, policy.failureWindowStart(now));
    const decision = policy.decideOtpAttempt({
      failuresInWindow: failures.count,
      oldestFailureAt: failures.oldestAt,
      consumed: found.kind === 'challenge' && found.row.consumedAt !== null,
      attempts: row.attempts,
      expiresAt: row.expiresAt,
      now,
    });
    switch (decision.kind) {
      case 'account_locked': {
        const minutes = policy.minutesUntil(decision.retryAt, now);
        const owner = await repo.findUserByEmail(tx, row.email);
        if (owner && failures.newestId) {
          await enqueueMail(
            tx,
            codeLockoutMail({
              to: owner.email,
              fullName: owner.fullName,
              minutes,
              publicUrl: config.publicUrl,
            }),
            `auth:otp-lockout:${owner.id}:${failures.newestId}`,
          );
        }
        return fail(new AppError(429, M.otpAccountLocked(minutes), 'otp_account_locked'));
      }
      case 'used':
        return fail(badRequest(M.otpUsed, 'otp_used'));
      case 'locked':
        return fail(lockedError());
      case 'expired':
        return fail(badRequest(M.otpExpired, 'otp_expired'));
      case 'check':
        break;
    }
    const matches =
      found.kind === 'challenge' &&
      sameHash(hashOtpCode(secret, row.id, input.code), found.row.codeHash);
    if (!matches) {
      const attempts =
        found.kind === 'challenge'
          ? await repo.countChallengeAttempt(tx, row.id)
          : await repo.countDecoyAttempt(tx, row.id);
      await repo.insertFailure(tx, { email: row.email, challengeId: row.id, at: now });
      const left = OTP_MAX_ATTEMPTS - attempts;
      return fail(left <= 0 ? lockedError() : badRequest(M.otpInvalid(left), 'otp_invalid'));
    }
    await repo.updateChallenge(tx, row.id, { consumedAt: now });
    return onSuccess(tx, found.row, now);
  });
  return settle(deps, outcome);
}
