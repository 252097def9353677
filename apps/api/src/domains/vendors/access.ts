/**
 * What every use case of the pro's own profile starts from (vendors domain): the caller's profile
 * (vendors only), locked or not, its onboarding checklist and the `VendorOwnProfile` answer.
 */
import type { VendorOwnProfile } from '@vetted/contract';
import type { DbOrTx, Tx } from '../../db/client';
import type { AuthUser } from '../../platform/types';
import * as msg from './messages';
import * as policy from './policy';
import * as repo from './repository';

/**
 * The caller's profile: vendors only.
 * @throws AppError 403 `vendor_only` for customers and admins, 404 `vendor_not_found`.
 */
export async function requireVendor(
  tx: DbOrTx,
  user: AuthUser,
  lock = false,
): Promise<repo.VendorProfileRow> {
  if (user.role !== 'vendor') throw msg.vendorOnly();
  const profile = await repo.findProfileByUser(tx, user.id, lock);
  if (!profile) throw msg.profileNotFound();
  return profile;
}

/** The checklist of `profile` from its rows (read with `tx`) and its documents. */
export async function checklistOf(
  tx: DbOrTx,
  profile: repo.VendorProfileRow,
  docs: readonly repo.VendorDocumentRow[],
) {
  const counts = await repo.checklistCounts(tx, profile.id);
  return policy.onboardingChecklist({
    profile,
    status: profile.vettingStatus,
    activeServices: counts.activeServices,
    weeklyRanges: counts.weeklyRanges,
    documentKinds: docs.map((d) => d.kind),
  });
}

/** The `VendorOwnProfile` answer for `profile`. */
export async function ownProfile(
  db: DbOrTx,
  profile: repo.VendorProfileRow,
): Promise<VendorOwnProfile> {
  const docs = await repo.listDocuments(db, profile.id);
  const checklist = await checklistOf(db, profile, docs);
  return {
    profile: await repo.vendorDetail(db, profile),
    vettingStatus: profile.vettingStatus,
    vettingReason: policy.visibleReason(profile.vettingStatus, profile.vettingReason),
    submittedAt: profile.submittedAt?.toISOString() ?? null,
    checklist,
    canSubmit: policy.canSubmit(checklist, profile.vettingStatus),
    documents: docs.map(repo.toDocumentDto),
  };
}

/**
 * The category of `slug`.
 * @throws AppError 422 `unknown_category` on `field`.
 */
export async function categoryId(db: DbOrTx, slug: string, field: string): Promise<string> {
  const category = await repo.categoryBySlug(db, slug);
  if (!category) throw msg.unknownCategory(slug, field);
  return category.id;
}

/** The caller's profile, locked `FOR UPDATE` until `tx` ends. */
export async function lockedProfile(tx: Tx, user: AuthUser): Promise<repo.VendorProfileRow> {
  return requireVendor(tx, user, true);
}
