/** The signed-in account's email change and deletion, each confirmed by a mailed code. */
import type { OtpChallenge } from '@vetted/contract';
import { badRequest, conflict } from '../../../lib/errors';
import { enqueueMail } from '../../mail';
import { unusablePasswordHash } from '../crypto';
import { AUTH_MESSAGES as M, emailChangedMail } from '../messages';
import * as repo from '../repository';
import {
  type AuthServiceDeps,
  accountChallenge,
  activeUser,
  confirmPassword,
  fail,
  notFoundError,
  ok,
  type ChangeEmailInput,
  type AccountCodeInput,
  type EraseAccount,
} from './context';
import { checkCode } from './check-code';

/**
 * `POST /v1/me/email`: with the right password, mails a code to `newEmail` (an
 * `email_change` challenge whose `email` is the new address; earlier ones stop working).
 * Whether another account uses the address is only said once the code proves the caller
 * owns it (`confirmEmailChange`), so this cannot probe for accounts.
 * @throws AppError 400 `wrong_password` (field `password`), 400 `same_email` (field
 *   `newEmail`), 401 `user_not_found`.
 */
export async function requestEmailChange(
  deps: AuthServiceDeps,
  userId: string,
  body: ChangeEmailInput,
): Promise<OtpChallenge> {
  const user = await activeUser(deps, userId);
  await confirmPassword(user, body.password, 'password');
  if (body.newEmail === user.email) {
    throw badRequest(M.sameEmail, 'same_email', { newEmail: M.sameEmail });
  }
  return accountChallenge(deps, user, 'email_change', body.newEmail);
}

/**
 * `POST /v1/me/email/verify`: the right code of the caller's `email_change`
 * challenge makes its address the account's (verified), and mails the OLD address that it
 * changed. An unverified account squatting the address is removed (its sign-up never proved
 * the address; this code just did). Same code limits and errors as `verifyOtp`.
 * @throws AppError 409 `email_taken` when a verified account uses the address, 404
 *   `otp_not_found` for another account's challenge, and the errors of `checkCode`.
 */
export async function confirmEmailChange(
  deps: AuthServiceDeps,
  userId: string,
  body: AccountCodeInput,
): Promise<void> {
  const { config } = deps;
  try {
    await checkCode<null>(
      deps,
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
}

/**
 * `POST /v1/me/deletion`: with the right password, mails an `account_deletion`
 * code to the account's address. The caller checks first whether the account may go.
 * @throws AppError 400 `wrong_password` (field `password`), 401 `user_not_found`.
 */
export async function requestAccountDeletion(
  deps: AuthServiceDeps,
  userId: string,
  password: string,
): Promise<OtpChallenge> {
  const user = await activeUser(deps, userId);
  await confirmPassword(user, password, 'password');
  return accountChallenge(deps, user, 'account_deletion', user.email);
}

/**
 * `POST /v1/me/deletion/confirm`: the right code of the caller's
 * `account_deletion` challenge runs `erase` (the profile side, which may refuse), makes the
 * password unusable, voids every open code and ends every session at once. A deleted
 * account can neither sign in nor refresh.
 * @throws AppError 404 `otp_not_found`, what `erase` refuses with, and the errors of
 *   `checkCode`.
 */
export async function confirmAccountDeletion(
  deps: AuthServiceDeps,
  userId: string,
  body: AccountCodeInput,
  erase: EraseAccount,
): Promise<void> {
  const { tokens } = deps;
  const unusable = await unusablePasswordHash();
  const revoked = await checkCode<string[]>(
    deps,
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
}
