/**
 * The row lock on a vendor's profile, the first lock of every use case that changes a vendor's
 * time or money (lock order vendor → order → payment → waitlist entry: db/transaction.ts).
 */
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { vendorProfiles } from '../../db/schema';

/**
 * Locks the vendor's profile row (`FOR NO KEY UPDATE`) until the transaction ends. Bookings,
 * moves, transitions, settling an authorisation, reviews (the rating aggregate) and payouts are
 * serialised on it; `FOR NO KEY UPDATE`, not `FOR UPDATE`, so the `FOR KEY SHARE` lock of a
 * foreign-key check on the row is not blocked (why: db/transaction.ts).
 */
export async function lockVendorProfile(tx: DbOrTx, vendorId: string): Promise<void> {
  await tx
    .select({ id: vendorProfiles.id })
    .from(vendorProfiles)
    .where(eq(vendorProfiles.id, vendorId))
    .for('no key update');
}
