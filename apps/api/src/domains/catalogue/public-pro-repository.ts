/**
 * Data access of the public pro page (`/pros/:slug`): finding a pro by slug (current or old) and
 * what their vetting checked. Every function takes `db | tx`; no policy and no text for people.
 */
import { asc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { users, vendorDocuments, vendorProfiles, vendorSlugRedirects } from '../../db/schema';

/** A pro found by their current slug: whether listed, and what only this page shows. */
export interface ProBySlug {
  id: string;
  approved: boolean;
  /** The pro's account was deleted: the page is gone for good (410). */
  deleted: boolean;
  /** The vendor account's avatar (storage key), or null. */
  avatarKey: string | null;
  /** When the vetting status last changed: for an approved pro, their approval. */
  vettingUpdatedAt: Date | null;
}

/** The vendor whose current slug is `slug`, whatever its vetting status; null when none. */
export async function proBySlug(db: DbOrTx, slug: string): Promise<ProBySlug | null> {
  const [row] = await db
    .select({
      id: vendorProfiles.id,
      status: vendorProfiles.vettingStatus,
      deletedAt: users.deletedAt,
      avatarKey: users.avatarKey,
      vettingUpdatedAt: vendorProfiles.vettingUpdatedAt,
    })
    .from(vendorProfiles)
    .innerJoin(users, eq(users.id, vendorProfiles.userId))
    .where(eq(vendorProfiles.slug, slug));
  if (!row) return null;
  return {
    id: row.id,
    approved: row.status === 'approved' && row.deletedAt === null,
    deleted: row.deletedAt !== null,
    avatarKey: row.avatarKey,
    vettingUpdatedAt: row.vettingUpdatedAt,
  };
}

/**
 * The current slug of the approved vendor that had `slug` before (`vendor_slug_redirects`);
 * null when `slug` is no old slug, or its vendor is not approved (their page is not public).
 */
export async function currentSlugOf(db: DbOrTx, slug: string): Promise<string | null> {
  const [row] = await db
    .select({ slug: vendorProfiles.slug })
    .from(vendorSlugRedirects)
    .innerJoin(vendorProfiles, eq(vendorProfiles.id, vendorSlugRedirects.vendorId))
    .where(
      sql`${vendorSlugRedirects.slug} = ${slug} and ${vendorProfiles.vettingStatus} = 'approved'`,
    );
  return row?.slug ?? null;
}

/** The kinds of vetting document the vendor submitted (each once, in name order). */
export async function documentKindsOf(db: DbOrTx, vendorId: string): Promise<string[]> {
  const rows = await db
    .selectDistinct({ kind: vendorDocuments.kind })
    .from(vendorDocuments)
    .where(eq(vendorDocuments.vendorId, vendorId))
    .orderBy(asc(vendorDocuments.kind));
  return rows.map((r) => r.kind);
}
