/**
 * What the auth use cases share: their dependencies, the `Outcome` a transaction decides, and
 * the steps several of them take (open a challenge and mail its code, start a session).
 */
import { randomUUID } from 'node:crypto';
import {
  type accountCodeBodySchema,
  type changeEmailBodySchema,
  type changePasswordBodySchema,
  OTP_RESEND_COOLDOWN_MS,
  OTP_TTL_MS,
  type OtpChallenge,
  type Session,
  type signupBodySchema,
} from '@vetted/contract';
import type { z } from 'zod';
import type { Tx } from '../../../db/client';
import { AppError, badRequest, unauthorized } from '../../../lib/errors';
import type { AuthService as AccessTokens, AuthUser } from '../../../platform/types';
import type { ServiceDeps } from '../../deps';
import { enqueueMail, type MailMessage, otpMail } from '../../mail';
import type { ResolvedBusiness } from '../../vendors';
import {
  generateOtpCode,
  generateRefreshToken,
  hashOtpCode,
  hashRefreshToken,
  verifyPassword,
} from '../crypto';
import {
  accountDeletionCodeMail,
  AUTH_MESSAGES as M,
  emailChangeCodeMail,
  passwordResetCodeMail,
} from '../messages';
import * as repo from '../repository';

/** Lifetime of a code, in minutes, as its mail states it. */
const ttlMinutes = Math.round(OTP_TTL_MS / 60_000);

export type SignupInput = z.output<typeof signupBodySchema>;
export type ChangeEmailInput = z.output<typeof changeEmailBodySchema>;
export type ChangePasswordInput = z.output<typeof changePasswordBodySchema>;
export type AccountCodeInput = z.output<typeof accountCodeBodySchema>;

/**
 * The part of deleting an account that belongs to the caller's domain (users: profile, saved
 * places, preferences, orders' personal details), run inside the deletion's transaction after
 * the code was accepted. Returns an error to refuse (e.g. live orders appeared meanwhile).
 */
export type EraseAccount = (tx: Tx, user: repo.UserRow, now: Date) => Promise<AppError | null>;

/** What the auth service needs besides the common deps: the access-token signer of `platform/auth`. */
export interface AuthServiceDeps extends ServiceDeps {
  tokens: Pick<AccessTokens, 'signAccessToken' | 'verifyAccessToken' | 'revokeSessions'>;
  /**
   * Resolves a pro's sign-up `business` (category slug, city → coordinates and time zone) before
   * anything is written: the vendors domain's `resolveBusiness`. Required for vendor
   * sign-ups; it throws 422 `unknown_city` / `unknown_category`.
   */
  resolveBusiness?: (business: NonNullable<SignupInput['business']>) => Promise<ResolvedBusiness>;
}

/** Row counts of one `cleanup` run (use-cases/cleanup.ts). */
export interface AuthCleanupResult {
  unverifiedUsers: number;
  challenges: number;
  decoys: number;
  failures: number;
  sessions: number;
}

/** A session just started or refreshed, before its access token is signed. */
export interface StartedSession {
  user: AuthUser;
  sessionId: string;
  refreshToken: string;
}

/** A use case's result, decided inside its transaction and acted on after the commit. */
export type Outcome<T> =
  | { ok: true; value: T }
  | { ok: false; error: AppError; revokedSessions?: string[] };

export const ok = <T>(value: T): Outcome<T> => ({ ok: true, value });
export const fail = <T>(error: AppError, revokedSessions?: string[]): Outcome<T> => ({
  ok: false,
  error,
  revokedSessions,
});

export const notFoundError = () => new AppError(404, M.otpNotFound, 'otp_not_found');
export const lockedError = () => new AppError(429, M.otpLocked, 'otp_locked');

/** A challenge that can be answered: a real one (code mailed) or a decoy (never verifies). */
export type AnyChallenge =
  | { kind: 'challenge'; row: repo.ChallengeRow }
  | { kind: 'decoy'; row: repo.DecoyRow };

/** The contract view of a challenge or decoy. */
export function toOtpChallenge(row: {
  id: string;
  email: string;
  purpose: repo.OtpPurpose;
  expiresAt: Date;
  lastSentAt: Date;
}): OtpChallenge {
  return {
    challengeId: row.id,
    email: row.email,
    purpose: row.purpose,
    expiresAt: row.expiresAt.toISOString(),
    resendAvailableAt: new Date(row.lastSentAt.getTime() + OTP_RESEND_COOLDOWN_MS).toISOString(),
  };
}

/** The challenge or decoy `id` (`lock`: `FOR UPDATE`), or null. */
export async function findAnyChallenge(
  tx: Tx,
  id: string,
  lock: boolean,
): Promise<AnyChallenge | null> {
  const row = await repo.findChallenge(tx, id, lock);
  if (row) return { kind: 'challenge', row };
  const decoy = await repo.findDecoy(tx, id, lock);
  return decoy ? { kind: 'decoy', row: decoy } : null;
}

/** Opens a challenge and returns it with its plain code (to mail, never to store). */
export async function startChallenge(
  deps: AuthServiceDeps,
  tx: Tx,
  input: { userId: string; email: string; purpose: repo.OtpPurpose },
  now: Date,
): Promise<{ challenge: repo.ChallengeRow; code: string }> {
  const secret = deps.config.jwtSecret;
  const id = randomUUID();
  const code = generateOtpCode();
  const challenge = await repo.insertChallenge(tx, {
    id,
    userId: input.userId,
    email: input.email,
    purpose: input.purpose,
    codeHash: hashOtpCode(secret, id, code),
    expiresAt: new Date(now.getTime() + OTP_TTL_MS),
    attempts: 0,
    lastSentAt: now,
    createdAt: now,
  });
  return { challenge, code };
}

/** Queues the code's mail in `tx` (sensitive: its outbox row is redacted once delivered). */
export async function mailCode(
  deps: AuthServiceDeps,
  tx: Tx,
  challenge: repo.ChallengeRow,
  code: string,
  fullName: string,
): Promise<void> {
  const { config } = deps;
  const common = {
    to: challenge.email,
    fullName,
    code,
    ttlMinutes,
    publicUrl: config.publicUrl,
  };
  const message = codeMailOf(challenge.purpose, common);
  await enqueueMail(
    tx,
    { ...message, sensitive: true, expiresAt: challenge.expiresAt.toISOString() },
    `auth:otp:${challenge.id}:${challenge.lastSentAt.getTime()}`,
  );
}

/** The signed-in user's account row; a missing or deleted account is a gone session. */
export async function activeUser(deps: AuthServiceDeps, userId: string): Promise<repo.UserRow> {
  const { db } = deps;
  const user = await repo.findUserById(db, userId);
  if (!user || user.deletedAt) throw unauthorized(M.sessionNotFound, 'user_not_found');
  return user;
}

/** Throws 400 `wrong_password` (on `field`) unless `password` is the account's. */
export async function confirmPassword(
  user: repo.UserRow,
  password: string,
  field: 'password' | 'currentPassword',
): Promise<void> {
  if (await verifyPassword(user.passwordHash, password)) return;
  const message = field === 'password' ? M.wrongPassword : M.wrongCurrentPassword;
  throw badRequest(message, 'wrong_password', { [field]: message });
}

/** Opens a challenge of the signed-in account (earlier ones of `purpose` stop working). */
export async function accountChallenge(
  deps: AuthServiceDeps,
  user: repo.UserRow,
  purpose: 'email_change' | 'account_deletion',
  email: string,
): Promise<OtpChallenge> {
  const { db, clock } = deps;
  return db.transaction(async (tx) => {
    const now = clock.now();
    await repo.expireOpenChallenges(tx, user.id, purpose, now);
    const { challenge, code } = await startChallenge(
      deps,
      tx,
      { userId: user.id, email, purpose },
      now,
    );
    await mailCode(deps, tx, challenge, code, user.fullName);
    return toOtpChallenge(challenge);
  });
}

/** A decoy challenge of `email`: answered like a real one, never verifies, mails nothing. */
export async function insertDecoy(
  tx: Tx,
  email: string,
  purpose: repo.OtpPurpose,
  now: Date,
): Promise<repo.DecoyRow> {
  return repo.insertDecoy(tx, {
    id: randomUUID(),
    email,
    purpose,
    attempts: 0,
    expiresAt: new Date(now.getTime() + OTP_TTL_MS),
    lastSentAt: now,
    createdAt: now,
  });
}

/** A new session (refresh-token family) for `user`; returns its first refresh token. */
export async function startSession(
  deps: AuthServiceDeps,
  tx: Tx,
  user: AuthUser,
  now: Date,
): Promise<StartedSession> {
  const { config } = deps;
  const sessionId = randomUUID();
  const refreshToken = generateRefreshToken();
  await repo.insertSession(tx, { id: sessionId, userId: user.id, at: now });
  await repo.insertRefreshToken(tx, {
    id: randomUUID(),
    userId: user.id,
    tokenHash: hashRefreshToken(refreshToken),
    familyId: sessionId,
    expiresAt: new Date(now.getTime() + config.refreshTokenTtlS * 1000),
    createdAt: now,
  });
  return { user, sessionId, refreshToken };
}

/** The session of spec §3: a fresh access token (with `sid`) and `refreshToken`. */
export async function buildSession(deps: AuthServiceDeps, s: StartedSession): Promise<Session> {
  const { tokens } = deps;
  const access = await tokens.signAccessToken(s.user, s.sessionId);
  return {
    accessToken: access.token,
    refreshToken: s.refreshToken,
    expiresIn: access.expiresAt.toISOString(),
    role: s.user.role,
  };
}

/** Throws the failure after its transaction committed (and broadcasts revoked sessions). */
export async function settle<T>(deps: AuthServiceDeps, outcome: Outcome<T>): Promise<T> {
  const { tokens } = deps;
  if (outcome.ok) return outcome.value;
  if (outcome.revokedSessions?.length) await tokens.revokeSessions(outcome.revokedSessions);
  throw outcome.error;
}

/**
 * The mail that carries a code, by the challenge's purpose: sign-up and login share `otpMail`;
 * password reset, email change and account deletion say what the code does.
 */
function codeMailOf(
  purpose: repo.OtpPurpose,
  input: { to: string; fullName: string; code: string; ttlMinutes: number; publicUrl: string },
): MailMessage {
  switch (purpose) {
    case 'password_reset':
      return passwordResetCodeMail(input);
    case 'email_change':
      return emailChangeCodeMail(input);
    case 'account_deletion':
      return accountDeletionCodeMail(input);
    case 'signup':
    case 'login':
      return otpMail({ ...input, purpose });
  }
}
