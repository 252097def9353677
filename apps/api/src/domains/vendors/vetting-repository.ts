/**
 * A vendor's vetting status as the vendors domain lets others change it: the admin console's
 * decisions (approve, reject, suspend, reinstate) call these with their transaction, so only this
 * domain writes `vendor_profiles`. Each takes `db | tx`.
 */
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { vendorProfiles } from '../../db/schema';

/** A vendor's vetting status (`vendor_profiles.vetting_status`). */
type VettingStatus = (typeof vendorProfiles.$inferSelect)['vettingStatus'];

/**
 * The vendor's row locked `FOR UPDATE` until the transaction ends (a decision reads and writes
 * its status), or null for an unknown id.
 */
export async function lockVendorVetting(
  tx: DbOrTx,
  id: string,
): Promise<{
  id: string;
  userId: string;
  businessName: string;
  vettingStatus: VettingStatus;
} | null> {
  const [row] = await tx
    .select({
      id: vendorProfiles.id,
      userId: vendorProfiles.userId,
      businessName: vendorProfiles.businessName,
      vettingStatus: vendorProfiles.vettingStatus,
    })
    .from(vendorProfiles)
    .where(eq(vendorProfiles.id, id))
    .for('update');
  return row ?? null;
}

/** Sets a vendor's vetting status, the reason shown to them (null clears it) and when. */
export async function setVendorVetting(
  tx: DbOrTx,
  id: string,
  v: { status: VettingStatus; reason: string | null; at: Date },
): Promise<void> {
  await tx
    .update(vendorProfiles)
    .set({ vettingStatus: v.status, vettingReason: v.reason, vettingUpdatedAt: v.at })
    .where(eq(vendorProfiles.id, id));
}
