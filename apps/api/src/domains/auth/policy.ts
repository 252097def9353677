/**
 * Pure rules of sign-in. No I/O: the service feeds them rows and the clock.
 */
import { OTP_MAX_ATTEMPTS } from '@vetted/contract';

/**
 * Wrong codes allowed per address per rolling hour, across every challenge of the address
 *. The next attempt answers 429 and mails the owner.
 */
export const OTP_ACCOUNT_MAX_FAILURES = 10;
/** The window of {@link OTP_ACCOUNT_MAX_FAILURES}, in ms (one hour). */
export const OTP_ACCOUNT_WINDOW_MS = 60 * 60_000;
/**
 * How long a rotated refresh token still answers with its successor, in ms (30 s,
 * like the reuse interval of Auth0 and Supabase). After it, a replay is theft.
 */
export const REFRESH_REUSE_GRACE_MS = 30_000;
/** An account whose address was never verified is deleted this long after sign-up, in ms (24 h). */
export const UNVERIFIED_ACCOUNT_TTL_MS = 24 * 60 * 60_000;
/** Used or expired challenges, decoys and revoked sessions are deleted this long after, in ms. */
export const AUTH_ROW_RETENTION_MS = 24 * 60 * 60_000;

/** What a refresh-token row allows, see {@link decideRefresh}. */
export type RefreshDecision =
  /** Live: rotate it to its successor. */
  | 'rotate'
  /** Rotated within the grace window: answer with the same successor again. */
  | 'grace'
  /** Rotated before the grace window: a replay, revoke the session. */
  | 'reuse'
  /** Logged out, revoked for reuse, or its session is revoked. */
  | 'revoked'
  /** Past its expiry. */
  | 'expired';

/**
 * The refresh rule. `revokedAt` with `replacedBy` means "rotated at `revokedAt`";
 * `revokedAt` without `replacedBy` means "revoked" (logout, reuse). A revoked session revokes
 * every token of it, grace or not.
 */
export function decideRefresh(
  token: { revokedAt: Date | null; replacedBy: string | null; expiresAt: Date },
  sessionRevoked: boolean,
  now: Date,
): RefreshDecision {
  if (sessionRevoked) return 'revoked';
  if (token.revokedAt) {
    if (!token.replacedBy) return 'revoked';
    return now.getTime() - token.revokedAt.getTime() <= REFRESH_REUSE_GRACE_MS ? 'grace' : 'reuse';
  }
  if (token.expiresAt.getTime() <= now.getTime()) return 'expired';
  return 'rotate';
}

/** What to do with a sign-up for an address, see {@link decideSignup}. */
export type SignupDecision =
  /** No account: create it, unverified, and mail a code. */
  | 'create'
  /** An unverified account: restart its verification with the new details. */
  | 'restart'
  /** A verified (or suspended) account: answer alike, mail its owner, create nothing. */
  | 'decoy';

/** The sign-up rule of answers never tell whether an address has an account. */
export function decideSignup(
  existing: { emailVerifiedAt: Date | null; status: 'active' | 'suspended' } | null,
): SignupDecision {
  if (!existing) return 'create';
  if (existing.emailVerifiedAt === null && existing.status === 'active') return 'restart';
  return 'decoy';
}

/** What to do with a submitted code, see {@link decideOtpAttempt}. */
export type OtpAttemptDecision =
  | { kind: 'account_locked'; retryAt: Date }
  | { kind: 'used' }
  | { kind: 'locked' }
  | { kind: 'expired' }
  | { kind: 'check' };

/**
 * The attempt rule of checked before a code is compared: the address's wrong
 * codes of the last hour (`failuresInWindow`, the oldest at `oldestFailureAt`) come first, so
 * not even the right code gets through a locked address; then the challenge: single use, at
 * most OTP_MAX_ATTEMPTS (5) wrong codes, valid until `expiresAt`.
 */
export function decideOtpAttempt(input: {
  failuresInWindow: number;
  oldestFailureAt: Date | null;
  consumed: boolean;
  attempts: number;
  expiresAt: Date;
  now: Date;
}): OtpAttemptDecision {
  if (input.failuresInWindow >= OTP_ACCOUNT_MAX_FAILURES) {
    const oldest = input.oldestFailureAt ?? input.now;
    return { kind: 'account_locked', retryAt: new Date(oldest.getTime() + OTP_ACCOUNT_WINDOW_MS) };
  }
  if (input.consumed) return { kind: 'used' };
  if (input.attempts >= OTP_MAX_ATTEMPTS) return { kind: 'locked' };
  if (input.expiresAt.getTime() <= input.now.getTime()) return { kind: 'expired' };
  return { kind: 'check' };
}

/**
 * The failures that count towards the lock are the last {@link OTP_ACCOUNT_MAX_FAILURES}
 * within the window: the lock lifts one hour after the oldest of them.
 */
export function failureWindowStart(now: Date): Date {
  return new Date(now.getTime() - OTP_ACCOUNT_WINDOW_MS);
}

/** Whole minutes (at least 1) from `now` until `until`, for "try again in N minutes". */
export function minutesUntil(until: Date, now: Date): number {
  return Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 60_000));
}

/** Unverified accounts created before this instant are expired (24 h). */
export function unverifiedCutoff(now: Date): Date {
  return new Date(now.getTime() - UNVERIFIED_ACCOUNT_TTL_MS);
}

/** The hour bucket of `now` (ms / 1 h): one "someone tried to sign up" mail per address per hour. */
export function hourBucket(now: Date): number {
  return Math.floor(now.getTime() / (60 * 60_000));
}
