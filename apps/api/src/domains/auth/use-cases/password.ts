/** Forgotten, reset and changed passwords. */
import type {
  OtpChallenge,
  PasswordChanged,
  PasswordForgotBody,
  PasswordResetBody,
} from '@vetted/contract';
import { badRequest } from '../../../lib/errors';
import { enqueueMail } from '../../mail';
import { hashPassword, verifyPassword } from '../crypto';
import { AUTH_MESSAGES as M, passwordChangedMail, passwordUpdatedMail } from '../messages';
import * as repo from '../repository';
import {
  type AuthServiceDeps,
  activeUser,
  confirmPassword,
  fail,
  insertDecoy,
  mailCode,
  notFoundError,
  ok,
  type Outcome,
  settle,
  startChallenge,
  toOtpChallenge,
  type ChangePasswordInput,
} from './context';
import { checkCode } from './check-code';

/**
 * `POST /auth/password/forgot`: a `password_reset` challenge whether or not the address
 * has an account; only an account's owner is mailed a code.
 */
export async function forgotPassword(
  deps: AuthServiceDeps,
  body: PasswordForgotBody,
): Promise<OtpChallenge> {
  const { db, clock } = deps;
  return db.transaction(async (tx) => {
    const now = clock.now();
    const user = await repo.findUserByEmail(tx, body.email);
    if (!user) return toOtpChallenge(await insertDecoy(tx, body.email, 'password_reset', now));
    const { challenge, code } = await startChallenge(
      deps,
      tx,
      { userId: user.id, email: user.email, purpose: 'password_reset' },
      now,
    );
    await mailCode(deps, tx, challenge, code, user.fullName);
    return toOtpChallenge(challenge);
  });
}

/**
 * `POST /auth/password/reset`: the right code of a `password_reset` challenge sets the new
 * password, verifies the address, ends every session of the account (at once) and
 * mails the owner. Same limits and errors as `verifyOtp`.
 */
export async function resetPassword(
  deps: AuthServiceDeps,
  body: PasswordResetBody,
): Promise<{ passwordReset: true }> {
  const { config, tokens } = deps;
  const passwordHash = await hashPassword(body.password);
  const revoked = await checkCode<string[]>(
    deps,
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
}

/**
 * `POST /v1/me/password`: with the right current password, sets `newPassword`
 * (the sign-up rules, checked by the contract), ends every OTHER session of the account at
 * once (the caller's `sessionId` stays signed in), voids open password-reset codes and
 * mails the owner. Answers how many other sessions ended.
 * @throws AppError 400 `wrong_password` (field `currentPassword`), 400 `same_password`
 *   (field `newPassword`), 401 `user_not_found` when the account is gone.
 */
export async function changePassword(
  deps: AuthServiceDeps,
  caller: { id: string; sessionId: string },
  body: ChangePasswordInput,
): Promise<PasswordChanged> {
  const { db, clock, config, tokens } = deps;
  const user = await activeUser(deps, caller.id);
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
  const revoked = await settle(deps, outcome);
  await tokens.revokeSessions(revoked);
  return { passwordChanged: true, otherSessionsEnded: revoked.length };
}
