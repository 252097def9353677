/** Sign-up (spec §1): an unverified account and its code, or a decoy. */
import { randomUUID } from 'node:crypto';
import type { OtpChallenge } from '@vetted/contract';
import type { Tx } from '../../../db/client';
import { enqueueMail } from '../../mail';
import { type ResolvedBusiness, syncVendorProfile } from '../../vendors';
import { hashPassword } from '../crypto';
import { signupAttemptMail } from '../messages';
import * as policy from '../policy';
import * as repo from '../repository';
import {
  type AuthServiceDeps,
  insertDecoy,
  mailCode,
  startChallenge,
  toOtpChallenge,
  type SignupInput,
} from './context';

/**
 * The sign-up inside its transaction: a decoy (and a "someone tried" mail) for a verified
 * address, else the account created or restarted with a fresh `signup` challenge.
 */
async function signupIn(
  deps: AuthServiceDeps,
  tx: Tx,
  body: SignupInput,
  passwordHash: string,
  business: ResolvedBusiness | null,
): Promise<OtpChallenge> {
  const { clock, config } = deps;
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
  await syncVendorProfile(tx, { id: userId, role: body.role, business });
  const { challenge, code } = await startChallenge(
    deps,
    tx,
    { userId, email: body.email, purpose: 'signup' },
    now,
  );
  await mailCode(deps, tx, challenge, code, body.fullName);
  return toOtpChallenge(challenge);
}

/**
 * `POST /auth/signup`: always a `signup` challenge, whether or not the address has an
 * account. A new address gets an unverified account and a code; an unverified
 * one restarts its verification (new password, name, phone and role take effect, earlier
 * codes stop working); a verified one gets a decoy challenge and its owner a "someone tried
 * to sign up" mail. All in one transaction: a failure leaves nothing written.
 *
 * A pro's `business` is resolved first, before the address is even looked up —
 * so an unknown city or category answers the same 422 whether or not the address has an
 * account — and their profile starts as a `draft` with it.
 * @throws AppError 422 `unknown_city` (field `business.city`) / `unknown_category` (field
 *   `business.primaryCategorySlug`).
 */
export async function signup(deps: AuthServiceDeps, body: SignupInput): Promise<OtpChallenge> {
  const { db } = deps;
  let business: ResolvedBusiness | null = null;
  if (body.role === 'vendor' && body.business) {
    if (!deps.resolveBusiness) throw new Error('vendor sign-up needs resolveBusiness');
    business = await deps.resolveBusiness(body.business);
  }
  // Hash first, whatever the address: the same work (and time) for every answer.
  const passwordHash = await hashPassword(body.password);
  try {
    return await db.transaction((tx) => signupIn(deps, tx, body, passwordHash, business));
  } catch (err) {
    // Two sign-ups of one new address at once: the unique index decides; the loser
    // answers like a sign-up of an existing address.
    if (!repo.isUniqueViolation(err)) throw err;
    return db.transaction((tx) => signupIn(deps, tx, body, passwordHash, business));
  }
}
