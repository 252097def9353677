/**
 * `POST /v1/vendor/profile/submit` (vendors domain): a complete profile goes to review, with the
 * vendor's notice and mail and the admins' notices in the same transaction.
 */
import type { VendorOwnProfile } from '@vetted/contract';
import type { AuthUser } from '../../../platform/types';
import type { ServiceDeps } from '../../deps';
import { enqueueMail } from '../../mail';
import { notify } from '../../notifications';
import { checklistOf, lockedProfile, ownProfile, requireVendor } from '../access';
import * as msg from '../messages';
import * as policy from '../policy';
import * as repo from '../repository';

/**
 * `POST /v1/vendor/profile/submit`: a draft or rejected profile with every checklist step
 * but `submit` done goes to `pending` (`submittedAt` and `vettingUpdatedAt` = now; the last
 * decision's reason is kept for the reviewer, see policy.visibleReason). In the same
 * transaction: the vendor's in-app notice and mail, and a "New vendor to vet" notice to each
 * active admin.
 * @throws AppError 403 `vendor_only`, 404 `vendor_not_found`, 409 `invalid_transition`
 *   (pending, approved, suspended), 409 `profile_incomplete` listing what is missing.
 */
export async function submit(
  { db, clock, config }: Pick<ServiceDeps, 'db' | 'clock' | 'config'>,
  user: AuthUser,
): Promise<VendorOwnProfile> {
  await db.transaction(async (tx) => {
    const now = clock.now();
    const profile = await lockedProfile(tx, user);
    const docs = await repo.listDocuments(tx, profile.id);
    const checklist = await checklistOf(tx, profile, docs);
    const decision = policy.decideSubmit(profile.vettingStatus, checklist);
    if (decision.kind === 'wrong_status') throw msg.cannotSubmit(decision.status);
    if (decision.kind === 'incomplete') throw msg.incomplete(decision.missing);

    await repo.markSubmitted(tx, profile.id, now);
    const owner = await repo.ownerOf(tx, user.id);
    await notify(tx, [{ userId: user.id, ...msg.submittedNotice(profile.businessName) }]);
    if (owner) {
      await enqueueMail(
        tx,
        msg.submittedMail({
          to: owner.email,
          fullName: owner.fullName,
          businessName: profile.businessName,
          publicUrl: config.publicUrl,
        }),
      );
    }
    const notice = msg.newVendorToVetNotice({
      vendorId: profile.id,
      businessName: profile.businessName,
      city: profile.city,
    });
    const admins = await repo.activeAdminIds(tx);
    await notify(
      tx,
      admins.map((userId) => ({ userId, ...notice })),
    );
  });
  return ownProfile(db, await requireVendor(db, user));
}
