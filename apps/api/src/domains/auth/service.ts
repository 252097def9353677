import { randomUUID } from 'node:crypto';
import {
  type accountCodeBodySchema,
  type changeEmailBodySchema,
  type changePasswordBodySchema,
  type LoginBody,
  OTP_MAX_ATTEMPTS,
  OTP_RESEND_COOLDOWN_MS,
  OTP_TTL_MS,
  type OtpChallenge,
  type OtpVerifyBody,
  type PasswordChanged,
  type PasswordForgotBody,
  type PasswordResetBody,
  type Session,
  type signupBodySchema,
} from '@vetted/contract';
import type { z } from 'zod';
import type { Tx } from '../../db/client';
import { AppError, badRequest, conflict, forbidden, unauthorized } from '../../lib/errors';
import type { AuthService as AccessTokens, AuthUser } from '../../plugins/auth';
import type { ServiceDeps } from '../deps';
import { enqueueMail } from '../mail/service';
import type { ResolvedBusiness } from '../vendors/service';
import { otpMail } from '../mail/templates';
import type { MailMessage } from '../mail/transport';
import {
  generateOtpCode,
  generateRefreshToken,
  hashOtpCode,
  hashPassword,
  hashRefreshToken,
  sameHash,
  successorRefreshToken,
  unusablePasswordHash,
  verifyAgainstDummy,
  verifyPassword,
} from './crypto';
import {
  accountDeletionCodeMail,
  AUTH_MESSAGES as M,
  codeLockoutMail,
  emailChangeCodeMail,
  emailChangedMail,
  passwordChangedMail,
  passwordResetCodeMail,
  passwordUpdatedMail,
  signupAttemptMail,
} from './messages';
import * as policy from './policy';
import * as repo from './repository';

type SignupInput = z.output<typeof signupBodySchema>;
type ChangeEmailInput = z.output<typeof changeEmailBodySchema>;
type ChangePasswordInput = z.output<typeof changePasswordBodySchema>;
type AccountCodeInput = z.output<typeof accountCodeBodySchema>;

/**
 * The part of deleting an account that belongs to the caller's domain (users: profile, saved
 * places, preferences, orders' personal details), run inside the deletion's transaction after
 * the code was accepted. Returns an error to refuse (e.g. live orders appeared meanwhile).
 */
export type EraseAccount = (tx: Tx, user: repo.UserRow, now: Date) => Promise<AppError | null>;

/** What the auth service needs besides the common deps: the access-token signer of `plugins/auth`. */
export interface AuthServiceDeps extends ServiceDeps {
  tokens: Pick<AccessTokens, 'signAccessToken' | 'verifyAccessToken' | 'revokeSessions'>;
  /**
   * Resolves a pro's sign-up `business` (category slug, city → coordinates and time zone) before
   * anything is written: the vendors domain's `resolveBusiness` (issue #8). Required for vendor
   * sign-ups; it throws 422 `unknown_city` / `unknown_category`.
   */
  resolveBusiness?: (business: NonNullable<SignupInput['business']>) => Promise<ResolvedBusiness>;
}

/** Row counts of one {@link AuthDomainService.cleanup} run. */
export interface AuthCleanupResult {
  unverifiedUsers: number;
  challenges: number;
  decoys: number;
  failures: number;
  sessions: number;
}

/** A session just started or refreshed, before its access token is signed. */
interface StartedSession {
  user: AuthUser;
  sessionId: string;
  refreshToken: string;
}

/** A use case's result, decided inside its transaction and acted on after the commit. */
type Outcome<T> =
  | { ok: true; value: T }
  | { ok: false; error: AppError; revokedSessions?: string[] };

const ok = <T>(value: T): Outcome<T> => ({ ok: true, value });
const fail = <T>(error: AppError, revokedSessions?: string[]): Outcome<T> => ({
  ok: false,
  error,
  revokedSessions,
});

const notFoundError = () => new AppError(404, M.otpNotFound, 'otp_not_found');
const lockedError = () => new AppError(429, M.otpLocked, 'otp_locked');

/** A challenge that can be answered: a real one (code mailed) or a decoy (never verifies). */
type AnyChallenge =
  | { kind: 'challenge'; row: repo.ChallengeRow }
  | { kind: 'decoy'; row: repo.DecoyRow };

/** The contract view of a challenge or decoy. */
function toOtpChallenge(row: {
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

/**
 * Ends every session of `userId` inside the caller's transaction `tx` (an admin suspending the
 * account, issue #8): the sessions and their refresh tokens are revoked as a password reset
 * revokes them. Returns the ids of the sessions that were live; once `tx` committed, pass them
 * to `app.auth.revokeSessions` so every API instance refuses their access tokens at once.
 */
export function endAllSessions(tx: Tx, userId: string, now: Date): Promise<string[]> {
  return repo.revokeUserSessions(tx, userId, now);
}

/**
 * The auth domain (issue #6 §4, spec §1/§3/§7): sign-up, login and password reset by password
 * plus mailed one-time code; sessions of a short-lived access token and a rotating refresh token.
 * Each use case runs in one transaction; mails are queued in it (`enqueueMail`), and a code only
 * ever exists in its mail (the table keeps an HMAC, the outbox row is redacted after delivery).
 */
export function createAuthService(deps: AuthServiceDeps) {
  const { db, clock, config, tokens, log } = deps;
  const secret = config.jwtSecret;
  const ttlMinutes = Math.round(OTP_TTL_MS / 60_000);

  async function findAnyChallenge(tx: Tx, id: string, lock: boolean): Promise<AnyChallenge | null> {
    const row = await repo.findChallenge(tx, id, lock);
    if (row) return { kind: 'challenge', row };
    const decoy = await repo.findDecoy(tx, id, lock);
    return decoy ? { kind: 'decoy', row: decoy } : null;
  }

  /** Opens a challenge and returns it with its plain code (to mail, never to store). */
  async function startChallenge(
    tx: Tx,
    input: { userId: string; email: string; purpose: repo.OtpPurpose },
    now: Date,
  ): Promise<{ challenge: repo.ChallengeRow; code: string }> {
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
  async function mailCode(
    tx: Tx,
    challenge: repo.ChallengeRow,
    code: string,
    fullName: string,
  ): Promise<void> {
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
  async function activeUser(userId: string): Promise<repo.UserRow> {
    const user = await repo.findUserById(db, userId);
    if (!user || user.deletedAt) throw unauthorized(M.sessionNotFound, 'user_not_found');
    return user;
  }

  /** Throws 400 `wrong_password` (on `field`) unless `password` is the account's. */
  async function confirmPassword(
    user: repo.UserRow,
    password: string,
    field: 'password' | 'currentPassword',
  ): Promise<void> {
    if (await verifyPassword(user.passwordHash, password)) return;
    const message = field === 'password' ? M.wrongPassword : M.wrongCurrentPassword;
    throw badRequest(message, 'wrong_password', { [field]: message });
  }

  /** Opens a challenge of the signed-in account (earlier ones of `purpose` stop working). */
  async function accountChallenge(
    user: repo.UserRow,
    purpose: 'email_change' | 'account_deletion',
    email: string,
  ): Promise<OtpChallenge> {
    return db.transaction(async (tx) => {
      const now = clock.now();
      await repo.expireOpenChallenges(tx, user.id, purpose, now);
      const { challenge, code } = await startChallenge(
        tx,
        { userId: user.id, email, purpose },
        now,
      );
      await mailCode(tx, challenge, code, user.fullName);
      return toOtpChallenge(challenge);
    });
  }

  async function insertDecoy(
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
  async function startSession(tx: Tx, user: AuthUser, now: Date): Promise<StartedSession> {
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
  async function buildSession(s: StartedSession): Promise<Session> {
    const access = await tokens.signAccessToken(s.user, s.sessionId);
    return {
      accessToken: access.token,
      refreshToken: s.refreshToken,
      expiresIn: access.expiresAt.toISOString(),
      role: s.user.role,
    };
  }

  /** Throws the failure after its transaction committed (and broadcasts revoked sessions). */
  async function settle<T>(outcome: Outcome<T>): Promise<T> {
    if (outcome.ok) return outcome.value;
    if (outcome.revokedSessions?.length) await tokens.revokeSessions(outcome.revokedSessions);
    throw outcome.error;
  }

  /**
   * Checks a submitted code (issue #2, #6) under a per-address lock, so concurrent guesses are
   * counted one by one: first the address's wrong codes of the last hour (10 → 429
   * `otp_account_locked`, mailing the owner once per lock), then the challenge (used, 5 wrong
   * codes, expiry), then the code. A wrong code is counted on the challenge and the address.
   * The right one consumes the challenge and runs `onSuccess` in the same transaction.
   */
  async function checkCode<T>(
    input: { challengeId: string; code: string },
    purposes: repo.OtpPurpose[],
    onSuccess: (tx: Tx, challenge: repo.ChallengeRow, now: Date) => Promise<Outcome<T>>,
    /** The signed-in account a challenge must belong to; another's answers 404, uncounted. */
    ownerId?: string,
  ): Promise<T> {
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
    return settle(outcome);
  }

  async function signupIn(
    tx: Tx,
    body: SignupInput,
    passwordHash: string,
    business: ResolvedBusiness | null,
  ): Promise<OtpChallenge> {
    const now = clock.now();
    const existing = await repo.findUserByEmail(tx, body.email, true);
    const decision = policy.decideSignup(existing);
    if (decision === 'decoy' && existing) {
      const decoy = await insertDecoy(tx, body.email, 'signup', now);
      // At most one such mail per address per hour, however often someone tries.
      await enqueueMail(
        tx,
        signupAttemptMail({
          to: existing.email,
          fullName: existing.fullName,
          publicUrl: config.publicUrl,
        }),
        `auth:signup-attempt:${existing.id}:${policy.hourBucket(now)}`,
      );
      return toOtpChallenge(decoy);
    }
    const details = {
      role: body.role,
      fullName: body.fullName,
      phone: body.phone ?? null,
      passwordHash,
      // An unverified account expires 24 h after its latest sign-up.
      createdAt: now,
    };
    let userId: string;
    if (existing) {
      userId = existing.id;
      await repo.updateUser(tx, userId, details);
      await repo.expireOpenChallenges(tx, userId, 'signup', now);
    } else {
      userId = randomUUID();
      await repo.insertUser(tx, { id: userId, email: body.email, ...details });
    }
    await repo.syncVendorProfile(tx, { id: userId, role: body.role, business });
    const { challenge, code } = await startChallenge(
      tx,
      { userId, email: body.email, purpose: 'signup' },
      now,
    );
    await mailCode(tx, challenge, code, body.fullName);
    return toOtpChallenge(challenge);
  }

  async function cleanup(): Promise<AuthCleanupResult> {
    const now = clock.now();
    const unverifiedUsers = await repo.deleteUnverifiedUsers(db, policy.unverifiedCutoff(now));
    const stale = await repo.deleteStaleAuthRows(db, {
      before: new Date(now.getTime() - policy.AUTH_ROW_RETENTION_MS),
      failuresBefore: policy.failureWindowStart(now),
    });
    return { unverifiedUsers, ...stale };
  }

  return {
    /**
     * `POST /auth/signup`: always a `signup` challenge, whether or not the address has an
     * account (issue #6). A new address gets an unverified account and a code; an unverified
     * one restarts its verification (new password, name, phone and role take effect, earlier
     * codes stop working); a verified one gets a decoy challenge and its owner a "someone tried
     * to sign up" mail. All in one transaction: a failure leaves nothing written.
     *
     * A pro's `business` (issue #8) is resolved first, before the address is even looked up —
     * so an unknown city or category answers the same 422 whether or not the address has an
     * account — and their profile starts as a `draft` with it.
     * @throws AppError 422 `unknown_city` (field `business.city`) / `unknown_category` (field
     *   `business.primaryCategorySlug`).
     */
    async signup(body: SignupInput): Promise<OtpChallenge> {
      let business: ResolvedBusiness | null = null;
      if (body.role === 'vendor' && body.business) {
        if (!deps.resolveBusiness) throw new Error('vendor sign-up needs resolveBusiness');
        business = await deps.resolveBusiness(body.business);
      }
      // Hash first, whatever the address: the same work (and time) for every answer.
      const passwordHash = await hashPassword(body.password);
      try {
        return await db.transaction((tx) => signupIn(tx, body, passwordHash, business));
      } catch (err) {
        // Two sign-ups of one new address at once: the unique index decides; the loser
        // answers like a sign-up of an existing address.
        if (!repo.isUniqueViolation(err)) throw err;
        return db.transaction((tx) => signupIn(tx, body, passwordHash, business));
      }
    },

    /**
     * `POST /auth/login`: a correct password opens a `login` challenge and mails its code.
     * @throws AppError 401 `invalid_credentials` (same message and similar time for an unknown
     *   address and a wrong password), 403 `account_suspended`.
     */
    async login(body: LoginBody): Promise<OtpChallenge> {
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
          tx,
          { userId: user.id, email: user.email, purpose: 'login' },
          now,
        );
        await mailCode(tx, challenge, code, user.fullName);
        return toOtpChallenge(challenge);
      });
    },

    /**
     * `POST /auth/otp/verify`: a right code of a sign-up or login challenge verifies the address
     * and starts a session. See `checkCode` for the limits.
     * @throws AppError 404 `otp_not_found`, 400 `otp_used` / `otp_expired` / `otp_invalid`,
     *   429 `otp_locked` / `otp_account_locked`, 403 `account_suspended`.
     */
    async verifyOtp(body: OtpVerifyBody): Promise<Session> {
      const started = await checkCode<StartedSession>(
        body,
        ['signup', 'login'],
        async (tx, challenge, now) => {
          const user = await repo.findUserById(tx, challenge.userId);
          if (!user) return fail(notFoundError());
          if (user.status !== 'active') return fail(forbidden(M.suspended, 'account_suspended'));
          await repo.markEmailVerified(tx, user.id, now);
          return ok(await startSession(tx, { id: user.id, role: user.role }, now));
        },
      );
      return buildSession(started);
    },

    /**
     * `POST /auth/otp/resend`: a new code for an open challenge, at most every
     * OTP_RESEND_COOLDOWN_MS (30 s). It keeps the challenge's wrong-attempt count, and the
     * address's hourly count is never reset (issue #6). A decoy answers alike and mails nothing.
     * @throws AppError 404 `otp_not_found`, 400 `otp_used`, 429 `otp_locked` / `otp_cooldown`.
     */
    async resendOtp(challengeId: string): Promise<OtpChallenge> {
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
        await mailCode(tx, updated, code, user?.fullName ?? '');
        return ok(toOtpChallenge(updated));
      });
      return settle(outcome);
    },

    /**
     * `POST /auth/reset-token` (spec §7): rotates a refresh token to its successor. A repeated
     * or concurrent refresh with the just-rotated token within REFRESH_REUSE_GRACE_MS (30 s)
     * gets the same successor (two tabs do not log each other out); after it, a replay revokes
     * the session (issue #6). The row is locked `FOR UPDATE`, so concurrent refreshes queue.
     * @throws AppError 401 `invalid_refresh_token` ("Session not found"), 401 `refresh_expired` /
     *   `refresh_revoked` / `refresh_reused` ("Session expired, Please login again"),
     *   403 `account_suspended`.
     */
    async refresh(token: string): Promise<Session> {
      const outcome = await db.transaction(async (tx): Promise<Outcome<StartedSession>> => {
        const now = clock.now();
        const row = await repo.findRefreshToken(tx, hashRefreshToken(token), true);
        if (!row) return fail(unauthorized(M.sessionNotFound, 'invalid_refresh_token'));
        let session = await repo.findSession(tx, row.familyId);
        if (!session && !row.revokedAt) {
          // A family from before sessions had rows: give it one.
          await repo.insertSession(tx, { id: row.familyId, userId: row.userId, at: row.createdAt });
          session = { userId: row.userId, revokedAt: null };
        }
        const decision = policy.decideRefresh(row, !session || session.revokedAt !== null, now);
        if (decision === 'revoked') return fail(unauthorized(M.sessionExpired, 'refresh_revoked'));
        if (decision === 'expired') return fail(unauthorized(M.sessionExpired, 'refresh_expired'));
        if (decision === 'reuse') {
          const revoked = await repo.revokeSessions(tx, [row.familyId], now);
          log.warn({ sessionId: row.familyId }, 'refresh token replayed: session revoked');
          return fail(unauthorized(M.sessionExpired, 'refresh_reused'), revoked);
        }
        const user = await repo.findUserById(tx, row.userId);
        if (!user || user.deletedAt) {
          return fail(unauthorized(M.sessionNotFound, 'invalid_refresh_token'));
        }
        if (user.status !== 'active') {
          const revoked = await repo.revokeSessions(tx, [row.familyId], now);
          return fail(forbidden(M.suspended, 'account_suspended'), revoked);
        }
        const successor = successorRefreshToken(secret, row.tokenHash);
        if (decision === 'rotate') {
          const successorId = randomUUID();
          await repo.insertRefreshToken(tx, {
            id: successorId,
            userId: row.userId,
            tokenHash: hashRefreshToken(successor),
            familyId: row.familyId,
            expiresAt: new Date(now.getTime() + config.refreshTokenTtlS * 1000),
            createdAt: now,
          });
          await repo.markRotated(tx, row.id, successorId, now);
        }
        // 'grace': the successor's row was written when `row` was rotated.
        return ok({
          user: { id: user.id, role: user.role },
          sessionId: row.familyId,
          refreshToken: successor,
        });
      });
      return buildSession(await settle(outcome));
    },

    /**
     * `POST /auth/logout`: revokes the session of the refresh token and/or of the access token
     * (`sid`), at once on every instance (issue #6). Idempotent: unknown tokens are ignored.
     */
    async logout(input: {
      refreshToken?: string | null;
      accessToken?: string | null;
    }): Promise<{ loggedOut: true }> {
      const ids = new Set<string>();
      if (input.accessToken) {
        const access = await tokens.verifyAccessToken(input.accessToken).catch(() => null);
        if (access) ids.add(access.sessionId);
      }
      if (input.refreshToken) {
        const row = await repo.findRefreshToken(db, hashRefreshToken(input.refreshToken));
        if (row) ids.add(row.familyId);
      }
      if (ids.size > 0) {
        const list = [...ids];
        await db.transaction((tx) => repo.revokeSessions(tx, list, clock.now()));
        await tokens.revokeSessions(list);
      }
      return { loggedOut: true };
    },

    /**
     * `POST /auth/password/forgot`: a `password_reset` challenge whether or not the address
     * has an account (issue #6); only an account's owner is mailed a code.
     */
    async forgotPassword(body: PasswordForgotBody): Promise<OtpChallenge> {
      return db.transaction(async (tx) => {
        const now = clock.now();
        const user = await repo.findUserByEmail(tx, body.email);
        if (!user) return toOtpChallenge(await insertDecoy(tx, body.email, 'password_reset', now));
        const { challenge, code } = await startChallenge(
          tx,
          { userId: user.id, email: user.email, purpose: 'password_reset' },
          now,
        );
        await mailCode(tx, challenge, code, user.fullName);
        return toOtpChallenge(challenge);
      });
    },

    /**
     * `POST /auth/password/reset`: the right code of a `password_reset` challenge sets the new
     * password, verifies the address, ends every session of the account (at once, issue #6) and
     * mails the owner. Same limits and errors as `verifyOtp`.
     */
    async resetPassword(body: PasswordResetBody): Promise<{ passwordReset: true }> {
      const passwordHash = await hashPassword(body.password);
      const revoked = await checkCode<string[]>(
        body,
        ['password_reset'],
        async (tx, challenge, now) => {
          const user = await repo.findUserById(tx, challenge.userId);
          if (!user) return fail(notFoundError());
          await repo.updateUser(tx, user.id, { passwordHash });
          await repo.markEmailVerified(tx, user.id, now);
          await repo.expireOpenChallenges(tx, user.id, 'password_reset', now);
          const ids = await repo.revokeUserSessions(tx, user.id, now);
          await enqueueMail(
            tx,
            passwordChangedMail({
              to: user.email,
              fullName: user.fullName,
              publicUrl: config.publicUrl,
            }),
            `auth:password-changed:${challenge.id}`,
          );
          return ok(ids);
        },
      );
      await tokens.revokeSessions(revoked);
      return { passwordReset: true };
    },

    /**
     * `POST /v1/me/password` (issue #9): with the right current password, sets `newPassword`
     * (the sign-up rules, checked by the contract), ends every OTHER session of the account at
     * once (the caller's `sessionId` stays signed in), voids open password-reset codes and
     * mails the owner. Answers how many other sessions ended.
     * @throws AppError 400 `wrong_password` (field `currentPassword`), 400 `same_password`
     *   (field `newPassword`), 401 `user_not_found` when the account is gone.
     */
    async changePassword(
      caller: { id: string; sessionId: string },
      body: ChangePasswordInput,
    ): Promise<PasswordChanged> {
      const user = await activeUser(caller.id);
      await confirmPassword(user, body.currentPassword, 'currentPassword');
      if (await verifyPassword(user.passwordHash, body.newPassword)) {
        throw badRequest(M.samePassword, 'same_password', { newPassword: M.samePassword });
      }
      const passwordHash = await hashPassword(body.newPassword);
      const outcome = await db.transaction(async (tx): Promise<Outcome<string[]>> => {
        const now = clock.now();
        // Two changes at once: the second finds the hash it checked against replaced.
        const locked = await repo.findUserByEmail(tx, user.email, true);
        if (!locked || locked.passwordHash !== user.passwordHash) {
          return fail(
            badRequest(M.wrongCurrentPassword, 'wrong_password', {
              currentPassword: M.wrongCurrentPassword,
            }),
          );
        }
        await repo.updateUser(tx, user.id, { passwordHash });
        // A reset code asked for before the change must not set yet another password.
        await repo.expireOpenChallenges(tx, user.id, 'password_reset', now);
        const ids = await repo.revokeUserSessions(tx, user.id, now, caller.sessionId);
        await enqueueMail(
          tx,
          passwordUpdatedMail({
            to: user.email,
            fullName: user.fullName,
            otherSessionsEnded: ids.length,
            publicUrl: config.publicUrl,
          }),
          `auth:password-updated:${user.id}:${now.getTime()}`,
        );
        return ok(ids);
      });
      const revoked = await settle(outcome);
      await tokens.revokeSessions(revoked);
      return { passwordChanged: true, otherSessionsEnded: revoked.length };
    },

    /**
     * `POST /v1/me/email` (issue #9): with the right password, mails a code to `newEmail` (an
     * `email_change` challenge whose `email` is the new address; earlier ones stop working).
     * Whether another account uses the address is only said once the code proves the caller
     * owns it (`confirmEmailChange`), so this cannot probe for accounts.
     * @throws AppError 400 `wrong_password` (field `password`), 400 `same_email` (field
     *   `newEmail`), 401 `user_not_found`.
     */
    async requestEmailChange(userId: string, body: ChangeEmailInput): Promise<OtpChallenge> {
      const user = await activeUser(userId);
      await confirmPassword(user, body.password, 'password');
      if (body.newEmail === user.email) {
        throw badRequest(M.sameEmail, 'same_email', { newEmail: M.sameEmail });
      }
      return accountChallenge(user, 'email_change', body.newEmail);
    },

    /**
     * `POST /v1/me/email/verify` (issue #9): the right code of the caller's `email_change`
     * challenge makes its address the account's (verified), and mails the OLD address that it
     * changed. An unverified account squatting the address is removed (its sign-up never proved
     * the address; this code just did). Same code limits and errors as `verifyOtp`.
     * @throws AppError 409 `email_taken` when a verified account uses the address, 404
     *   `otp_not_found` for another account's challenge, and the errors of `checkCode`.
     */
    async confirmEmailChange(userId: string, body: AccountCodeInput): Promise<void> {
      try {
        await checkCode<null>(
          body,
          ['email_change'],
          async (tx, challenge, now) => {
            const user = await repo.findUserById(tx, challenge.userId);
            if (!user || user.deletedAt) return fail(notFoundError());
            const holder = await repo.findUserByEmail(tx, challenge.email, true);
            if (holder && holder.id !== user.id) {
              if (holder.emailVerifiedAt !== null || holder.deletedAt) {
                return fail(conflict(M.emailTaken, 'email_taken'));
              }
              await repo.deleteUnverifiedUser(tx, holder.id);
            }
            await repo.updateUser(tx, user.id, {
              email: challenge.email,
              emailVerifiedAt: now,
            });
            await repo.expireOpenChallenges(tx, user.id, 'email_change', now);
            await enqueueMail(
              tx,
              emailChangedMail({
                to: user.email,
                fullName: user.fullName,
                newEmail: challenge.email,
                publicUrl: config.publicUrl,
              }),
              `auth:email-changed:${challenge.id}`,
            );
            return ok(null);
          },
          userId,
        );
      } catch (err) {
        // A sign-up took the address between our check and the update.
        if (repo.isUniqueViolation(err)) throw conflict(M.emailTaken, 'email_taken');
        throw err;
      }
    },

    /**
     * `POST /v1/me/deletion` (issue #9): with the right password, mails an `account_deletion`
     * code to the account's address. The caller checks first whether the account may go.
     * @throws AppError 400 `wrong_password` (field `password`), 401 `user_not_found`.
     */
    async requestAccountDeletion(userId: string, password: string): Promise<OtpChallenge> {
      const user = await activeUser(userId);
      await confirmPassword(user, password, 'password');
      return accountChallenge(user, 'account_deletion', user.email);
    },

    /**
     * `POST /v1/me/deletion/confirm` (issue #9): the right code of the caller's
     * `account_deletion` challenge runs `erase` (the profile side, which may refuse), makes the
     * password unusable, voids every open code and ends every session at once. A deleted
     * account can neither sign in nor refresh.
     * @throws AppError 404 `otp_not_found`, what `erase` refuses with, and the errors of
     *   `checkCode`.
     */
    async confirmAccountDeletion(
      userId: string,
      body: AccountCodeInput,
      erase: EraseAccount,
    ): Promise<void> {
      const unusable = await unusablePasswordHash();
      const revoked = await checkCode<string[]>(
        body,
        ['account_deletion'],
        async (tx, challenge, now) => {
          const user = await repo.findUserById(tx, challenge.userId);
          if (!user || user.deletedAt) return fail(notFoundError());
          const refusal = await erase(tx, user, now);
          if (refusal) return fail(refusal);
          await repo.updateUser(tx, user.id, { passwordHash: unusable });
          await repo.expireAllOpenChallenges(tx, user.id, now);
          return ok(await repo.revokeUserSessions(tx, user.id, now));
        },
        userId,
      );
      await tokens.revokeSessions(revoked);
    },

    /**
     * Housekeeping, by the service's clock: deletes accounts left unverified for 24 h (issue
     * #6: an unverified sign-up does not squat an address), and challenges, decoys, wrong-code
     * records and sessions no rule reads any more. Returns what it deleted. Run hourly by the
     * `auth.cleanup` schedule (jobs/registry.ts).
     */
    cleanup,
  };
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

/** The object {@link createAuthService} returns. */
export type AuthDomainService = ReturnType<typeof createAuthService>;
