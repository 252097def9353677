/**
 * Writes to a vendor's profile and category rows that other domains ask for, each in the
 * caller's transaction: the vendors domain owns `vendor_profiles` and `vendor_categories`
 * (ARCHITECTURE §1a), so sign-up (auth), account deletion (users), the rating (reviews) and the
 * listing editor (listings) change them through these.
 */
import { and, eq, sql } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import type { DbOrTx } from '../../db/client';
import { categories, reviews, services, vendorCategories, vendorProfiles } from '../../db/schema';
import type { ResolvedBusiness } from './business';
import { syncVendorSlug } from './slug';

/**
 * Makes sure a vendor has a profile, or a customer has none. A vendor's profile starts
 * (or, for an unverified account signing up again, starts over) as a `draft` with the business
 * of the sign-up: name, main category, city, country, coordinates (degrees), IANA time zone and
 * service radius (km). Only unverified accounts get here (a verified address gets a decoy), so
 * starting over never undoes a submission.
 */
export async function syncVendorProfile(
  db: DbOrTx,
  user: { id: string; role: 'customer' | 'vendor'; business: ResolvedBusiness | null },
): Promise<void> {
  if (user.role === 'vendor' && user.business) {
    const fields = { ...user.business, vettingStatus: 'draft' as const };
    const [row] = await db
      .insert(vendorProfiles)
      .values({ id: randomUUID(), userId: user.id, ...fields })
      .onConflictDoUpdate({ target: vendorProfiles.userId, set: fields })
      .returning({ id: vendorProfiles.id, slug: vendorProfiles.slug });
    // Every profile has its public slug from the start (a draft's old one needs no redirect,
    // but keeping it costs nothing).
    if (row) await syncVendorSlug(db, row.id, fields.businessName, row.slug);
  } else {
    await db.delete(vendorProfiles).where(eq(vendorProfiles.userId, user.id));
  }
}

/**
 * Takes a deleted pro's business off the marketplace: suspended (search, pages and booking only
 * show approved vendors) and its street address cleared. The business name stays on its
 * customers' past orders and receipts. (Its services are made inactive by listings.)
 */
export async function retireVendorProfile(tx: DbOrTx, vendorId: string): Promise<void> {
  await tx
    .update(vendorProfiles)
    .set({ vettingStatus: 'suspended', address: '' })
    .where(eq(vendorProfiles.id, vendorId));
}

/**
 * Recounts the pro's `rating_count` and `rating_average` from the reviews table (the mean as
 * `sum / count` in float8, not rounded; 0 without reviews). Run after `lockVendorProfile` (lock-repository.ts)
 * in the same transaction: under READ COMMITTED this statement's snapshot is taken after the lock
 * was granted, so it counts every review committed by the transactions that held the lock
 * before — concurrent reviews of one pro can never leave a stale count (an `UPDATE … FROM
 * (subquery)` alone would: its subquery's snapshot predates the wait for the row lock).
 */
export async function refreshVendorRating(tx: DbOrTx, vendorId: string): Promise<void> {
  await tx.execute(sql`
    update ${vendorProfiles} set
      rating_count = s.n,
      rating_average = case when s.n = 0 then 0 else s.total::float8 / s.n end
    from (
      select count(*)::int as n, coalesce(sum(${reviews.rating}), 0)::int as total
      from ${reviews} where ${reviews.vendorId} = ${vendorId}
    ) s
    where ${vendorProfiles.id} = ${vendorId}`);
}

/**
 * Lists the vendor in exactly its primary category and the categories of its active services:
 * rows of other categories are removed, missing ones added.
 */
export async function syncVendorCategories(tx: DbOrTx, vendorId: string): Promise<void> {
  const wanted = sql`(
    select vp.primary_category_id from ${vendorProfiles} vp
      where vp.id = ${vendorId} and vp.primary_category_id is not null
    union
    select s.category_id from ${services} s where s.vendor_id = ${vendorId} and s.active)`;
  await tx
    .delete(vendorCategories)
    .where(
      and(
        eq(vendorCategories.vendorId, vendorId),
        sql`${vendorCategories.categoryId} not in ${wanted}`,
      ),
    );
  await tx.execute(sql`
    insert into ${vendorCategories} (vendor_id, category_id)
    select ${vendorId}::uuid, c.id from ${categories} c where c.id in ${wanted}
    on conflict do nothing`);
}

/**
 * Sets the vendor's booking settings: IANA time zone, minimum notice and buffer (minutes) and how
 * far ahead it can be booked (days).
 */
export async function updateBookingSettings(
  tx: DbOrTx,
  vendorId: string,
  settings: {
    timeZone: string;
    minNoticeMinutes: number;
    bufferMinutes: number;
    horizonDays: number;
  },
): Promise<void> {
  await tx.update(vendorProfiles).set(settings).where(eq(vendorProfiles.id, vendorId));
}
