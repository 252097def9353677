import type {
  LoginBody,
  OtpVerifyBody,
  PasswordForgotBody,
  PasswordResetBody,
} from '@vetted/contract';
import type { Tx } from '../../db/client';
import * as repo from './repository';
import {
  confirmAccountDeletion,
  confirmEmailChange,
  requestAccountDeletion,
  requestEmailChange,
} from './use-cases/account';
import { cleanup } from './use-cases/cleanup';
import type {
  AccountCodeInput,
  AuthServiceDeps,
  ChangeEmailInput,
  ChangePasswordInput,
  EraseAccount,
  SignupInput,
} from './use-cases/context';
import { login, resendOtp, verifyOtp } from './use-cases/login';
import { changePassword, forgotPassword, resetPassword } from './use-cases/password';
import { logout, refresh } from './use-cases/session';
import { signup } from './use-cases/signup';

export type { AuthCleanupResult, AuthServiceDeps, EraseAccount } from './use-cases/context';

/**
 * Ends every session of `userId` inside the caller's transaction `tx` (an admin suspending the
 * account): the sessions and their refresh tokens are revoked as a password reset
 * revokes them. Returns the ids of the sessions that were live; once `tx` committed, pass them
 * to `app.auth.revokeSessions` so every API instance refuses their access tokens at once.
 */
export function endAllSessions(tx: Tx, userId: string, now: Date): Promise<string[]> {
  return repo.revokeUserSessions(tx, userId, now);
}

/**
 * The auth domain (spec §1/§3/§7): sign-up, login and password reset by password
 * plus mailed one-time code; sessions of a short-lived access token and a rotating refresh token.
 * Each use case (use-cases/*.ts) runs in one transaction; mails are queued in it (`enqueueMail`),
 * and a code only ever exists in its mail (the table keeps an HMAC, the outbox row is redacted
 * after delivery).
 */
export function createAuthService(deps: AuthServiceDeps) {
  return {
    /** `POST /auth/signup`: a `signup` challenge, or a decoy (see use-cases/signup.ts). */
    signup: (body: SignupInput) => signup(deps, body),
    /** `POST /auth/login`: a `login` challenge for a right password (use-cases/login.ts). */
    login: (body: LoginBody) => login(deps, body),
    /** `POST /auth/otp/verify`: a right sign-up or login code starts a session. */
    verifyOtp: (body: OtpVerifyBody) => verifyOtp(deps, body),
    /** `POST /auth/otp/resend`: a new code for an open challenge. */
    resendOtp: (challengeId: string) => resendOtp(deps, challengeId),
    /** `POST /auth/reset-token` (spec §7): rotates a refresh token (use-cases/session.ts). */
    refresh: (token: string) => refresh(deps, token),
    /** `POST /auth/logout`: revokes the session(s) of the tokens, at once on every instance. */
    logout: (input: { refreshToken?: string | null; accessToken?: string | null }) =>
      logout(deps, input),
    /** `POST /auth/password/forgot`: a `password_reset` challenge (use-cases/password.ts). */
    forgotPassword: (body: PasswordForgotBody) => forgotPassword(deps, body),
    /** `POST /auth/password/reset`: a right code sets the new password, ends every session. */
    resetPassword: (body: PasswordResetBody) => resetPassword(deps, body),
    /** `POST /v1/me/password`: sets a new password, ends the other sessions. */
    changePassword: (caller: { id: string; sessionId: string }, body: ChangePasswordInput) =>
      changePassword(deps, caller, body),
    /** `POST /v1/me/email`: mails a code to the new address (use-cases/account.ts). */
    requestEmailChange: (userId: string, body: ChangeEmailInput) =>
      requestEmailChange(deps, userId, body),
    /** `POST /v1/me/email/verify`: a right code makes the new address the account's. */
    confirmEmailChange: (userId: string, body: AccountCodeInput) =>
      confirmEmailChange(deps, userId, body),
    /** `POST /v1/me/deletion`: mails an `account_deletion` code. */
    requestAccountDeletion: (userId: string, password: string) =>
      requestAccountDeletion(deps, userId, password),
    /** `POST /v1/me/deletion/confirm`: a right code erases the account. */
    confirmAccountDeletion: (userId: string, body: AccountCodeInput, erase: EraseAccount) =>
      confirmAccountDeletion(deps, userId, body, erase),
    /**
     * Housekeeping, by the service's clock: deletes accounts left unverified for 24 h (an
     * unverified sign-up does not squat an address), and challenges, decoys, wrong-code
     * records and sessions no rule reads any more. Returns what it deleted. Run hourly by the
     * `auth.cleanup` schedule (jobs/registry.ts).
     */
    cleanup: () => cleanup(deps),
  };
}

/** The object {@link createAuthService} returns. */
export type AuthDomainService = ReturnType<typeof createAuthService>;
