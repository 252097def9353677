/** Suspending and reinstating an account from the console. */
import type { AdminUserDetail } from '@vetted/contract';
import { v7 as uuidv7 } from 'uuid';
import type { DbOrTx } from '../../../db/client';
import type { AuthUser } from '../../../platform/types';
import { endAllSessions, lockAccount, setAccountStatus } from '../../auth';
import { enqueueMail } from '../../mail';
import { refreshVendorSearch } from '../../search';
import { lockVendorVetting, setVendorVetting } from '../../vendors';
import type { AdminDeps } from '../deps';
import * as msg from '../messages';
import * as policy from '../policy';
import { insertAudit } from '../repository';
import { vendorIdOfUser } from '../vendors-read-model';
import { userDetail } from './users';

type Action = 'suspend' | 'reinstate';

/** The locked account a decision is about. */
type Account = NonNullable<Awaited<ReturnType<typeof lockAccount>>>;

/**
 * Refuses a decision that does not apply to the account.
 * @throws AppError 403 `cannot_suspend_self`, `cannot_suspend_admin`; 409 `account_deleted`,
 *   `already_suspended`, `not_suspended`.
 */
function refuseUnless(admin: AuthUser, u: Account, action: Action): void {
  if (action === 'suspend') {
    const refusal = policy.suspendRefusal(admin.id, u);
    if (refusal === 'self') throw msg.cannotSuspendSelf();
    if (refusal === 'admin') throw msg.cannotSuspendAdmin();
    if (refusal === 'deleted') throw msg.accountDeleted();
    if (refusal === 'already_suspended') throw msg.alreadySuspended();
  } else if (u.status !== 'suspended') {
    throw msg.notSuspended();
  }
}

/**
 * A suspended pro must not stay bookable while they cannot sign in: their approved business is
 * suspended with the account, with its own audit entry (reinstating the account leaves it
 * suspended; an admin reinstates the business on its own page once satisfied). True when the
 * business was unlisted.
 */
async function suspendBusinessOf(
  tx: DbOrTx,
  admin: AuthUser,
  userId: string,
  reason: string | null,
  now: Date,
): Promise<boolean> {
  const vendorId = await vendorIdOfUser(tx, userId);
  const v = vendorId ? await lockVendorVetting(tx, vendorId) : null;
  if (v?.vettingStatus !== 'approved') return false;
  const vendorReason = `The owner's account is suspended: ${reason ?? ''}`.trim();
  await setVendorVetting(tx, v.id, { status: 'suspended', reason: vendorReason, at: now });
  await insertAudit(tx, {
    id: uuidv7(),
    actorId: admin.id,
    action: policy.vendorAction('suspend'),
    subjectType: 'vendor',
    subjectId: v.id,
    detail: { from: 'approved', to: 'suspended', reason: vendorReason },
    at: now,
  });
  await refreshVendorSearch(tx, [v.id]);
  return true;
}

/** The mail telling the person their account was suspended (with the reason) or reinstated. */
function statusMail(action: Action, u: Account, reason: string | null, publicUrl: string) {
  return action === 'suspend'
    ? msg.accountSuspendedMail({
        to: u.email,
        fullName: u.fullName,
        reason: reason ?? '',
        publicUrl,
      })
    : msg.accountReinstatedMail({ to: u.email, fullName: u.fullName, publicUrl });
}

/**
 * Sets a user's status in one transaction holding the user row lock, with an audit entry
 * `user.suspend` / `user.reinstate` and a mail to the person. Suspending also ends every
 * session of the account (as a password reset does) — broadcast to every instance after the
 * commit, so their access and refresh tokens are refused at once — and suspends their approved
 * business.
 * @throws AppError 404 `user_not_found`; see {@link refuseUnless}.
 */
export async function decideAccountStatus(
  deps: Pick<AdminDeps, 'db' | 'clock' | 'config' | 'sessions' | 'catalogueCache'>,
  admin: AuthUser,
  userId: string,
  action: Action,
  reason: string | null,
): Promise<AdminUserDetail> {
  const { db, clock, config } = deps;
  const revoked = await db.transaction(async (tx) => {
    const u = await lockAccount(tx, userId);
    if (!u) throw msg.userNotFound();
    refuseUnless(admin, u, action);
    const now = clock.now();
    await setAccountStatus(tx, u.id, action === 'suspend' ? 'suspended' : 'active');
    const ids = action === 'suspend' ? await endAllSessions(tx, u.id, now) : [];
    const auditId = uuidv7();
    await insertAudit(tx, {
      id: auditId,
      actorId: admin.id,
      action: `user.${action}`,
      subjectType: 'user',
      subjectId: u.id,
      detail: {
        ...(reason ? { reason } : {}),
        ...(action === 'suspend' ? { sessionsEnded: ids.length } : {}),
      },
      at: now,
    });
    await enqueueMail(tx, statusMail(action, u, reason, config.publicUrl), `audit:${auditId}:mail`);
    const unlisted =
      action === 'suspend' ? await suspendBusinessOf(tx, admin, u.id, reason, now) : false;
    return { ids, unlisted };
  });
  await deps.sessions.revokeSessions(revoked.ids);
  if (revoked.unlisted) deps.catalogueCache.purge({ search: true });
  return userDetail(db, userId);
}
