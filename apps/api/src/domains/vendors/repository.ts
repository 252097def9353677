/**
 * Drizzle queries of the vendors domain: the pro's own profile in any vetting state,
 * what its onboarding checklist counts, and its vetting documents. Each takes `db` or a
 * transaction; none holds policy or text for people.
 */
import { toResponseTime, type VendorDetail, type VendorDocument } from '@vetted/contract';
import { and, count, desc, eq, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import {
  availabilityRules,
  categories,
  services,
  users,
  vendorDocuments,
  vendorProfiles,
} from '../../db/schema';
import { thumbUrl } from '../../services/images';
import { vendorCategories } from '../catalogue';
import type { DocumentContentType } from './policy';

export type VendorProfileRow = typeof vendorProfiles.$inferSelect;
export type VendorDocumentRow = typeof vendorDocuments.$inferSelect;

/** The profile fields a pro edits (sign-up and `PUT /v1/vendor/profile`). */
export type ProfilePatch = Partial<
  Pick<
    typeof vendorProfiles.$inferInsert,
    | 'businessName'
    | 'tagline'
    | 'bio'
    | 'primaryCategoryId'
    | 'city'
    | 'country'
    | 'lat'
    | 'lng'
    | 'timeZone'
    | 'serviceRadiusKm'
  >
>;

// ─── profile ─────────────────────────────────────────────────────────────────────────────────

/** The vendor profile of the account `userId` (any status); `lock` takes `FOR UPDATE`. */
export async function findProfileByUser(
  db: DbOrTx,
  userId: string,
  lock = false,
): Promise<VendorProfileRow | null> {
  const query = db.select().from(vendorProfiles).where(eq(vendorProfiles.userId, userId)).limit(1);
  const [row] = lock ? await query.for('update') : await query;
  return row ?? null;
}

/** The category with `slug`, or null. */
export async function categoryBySlug(
  db: DbOrTx,
  slug: string,
): Promise<{ id: string; slug: string; name: string } | null> {
  const [row] = await db
    .select({ id: categories.id, slug: categories.slug, name: categories.name })
    .from(categories)
    .where(eq(categories.slug, slug))
    .limit(1);
  return row ?? null;
}

/** Writes `patch` to the profile `vendorId`; returns the new row. */
export async function updateProfile(
  db: DbOrTx,
  vendorId: string,
  patch: ProfilePatch,
): Promise<VendorProfileRow | null> {
  const [row] = await db
    .update(vendorProfiles)
    .set(patch)
    .where(eq(vendorProfiles.id, vendorId))
    .returning();
  return row ?? null;
}

/** Moves a draft or rejected profile to `pending` at `now` (the reason is kept; see policy.visibleReason). */
export async function markSubmitted(db: DbOrTx, vendorId: string, now: Date): Promise<void> {
  await db
    .update(vendorProfiles)
    .set({ vettingStatus: 'pending', submittedAt: now, vettingUpdatedAt: now })
    .where(eq(vendorProfiles.id, vendorId));
}

/** The account of a vendor: where its notices and mails go. */
export async function ownerOf(
  db: DbOrTx,
  userId: string,
): Promise<{ id: string; email: string; fullName: string } | null> {
  const [row] = await db
    .select({ id: users.id, email: users.email, fullName: users.fullName })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return row ?? null;
}

/** Ids of every active admin (the vetting queue's notice goes to each). */
export async function activeAdminIds(db: DbOrTx): Promise<string[]> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.role, 'admin'), eq(users.status, 'active'), isNull(users.deletedAt)));
  return rows.map((r) => r.id);
}

// ─── checklist facts ─────────────────────────────────────────────────────────────────────────

/**
 * What the onboarding checklist counts for `vendorId`: active, not archived services; weekly
 * opening-hour ranges; the kinds of its documents.
 */
export async function checklistCounts(
  db: DbOrTx,
  vendorId: string,
): Promise<{ activeServices: number; weeklyRanges: number; documentKinds: string[] }> {
  // One after the other: inside a transaction the queries share one connection anyway.
  const [svc] = await db
    .select({ n: count() })
    .from(services)
    .where(
      and(eq(services.vendorId, vendorId), eq(services.active, true), isNull(services.archivedAt)),
    );
  const [hours] = await db
    .select({ n: count() })
    .from(availabilityRules)
    .where(eq(availabilityRules.vendorId, vendorId));
  const docs = await db
    .selectDistinct({ kind: vendorDocuments.kind })
    .from(vendorDocuments)
    .where(eq(vendorDocuments.vendorId, vendorId));
  return {
    activeServices: Number(svc?.n ?? 0),
    weeklyRanges: Number(hours?.n ?? 0),
    documentKinds: docs.map((d) => d.kind),
  };
}

// ─── the profile as customers would see it ───────────────────────────────────────────────────

/** Active, not archived services of the vendor, as SQL over alias `s`. */
const liveServiceOf = (vendorId: string) =>
  sql`s.vendor_id = ${vendorId} and s.active and s.archived_at is null`;

/**
 * The vendor's profile as a `VendorDetail` (the shape of `GET /v1/vendors/{id}`), in any vetting
 * state: starting price and cover from its active, not archived services (the cover is the
 * vendor's own image, else the first image of its cheapest service, as the catalogue does),
 * categories by the catalogue's rule. `distanceKm` is null (no query point).
 */
export async function vendorDetail(db: DbOrTx, profile: VendorProfileRow): Promise<VendorDetail> {
  const [facts] = await db
    .select({
      categorySlug: categories.slug,
      categoryName: categories.name,
      minPrice: sql<
        number | null
      >`(select s.price from services s where ${liveServiceOf(profile.id)} order by s.price asc, s.id asc limit 1)`,
      minPriceCurrency: sql<
        string | null
      >`(select s.currency from services s where ${liveServiceOf(profile.id)} order by s.price asc, s.id asc limit 1)`,
      firstImageKey: sql<string | null>`(
        select si.storage_key from service_images si join services s on s.id = si.service_id
        where ${liveServiceOf(profile.id)} order by s.price asc, s.id asc, si.sort asc, si.id asc limit 1)`,
    })
    .from(vendorProfiles)
    .leftJoin(categories, eq(categories.id, vendorProfiles.primaryCategoryId))
    .where(eq(vendorProfiles.id, profile.id));
  const cats = await vendorCategories(db, profile.id, profile.primaryCategoryId);
  const cover = profile.coverImageKey ?? facts?.firstImageKey ?? null;
  return {
    id: profile.id,
    slug: profile.slug ?? '',
    businessName: profile.businessName,
    tagline: profile.tagline,
    primaryCategory: {
      slug: facts?.categorySlug ?? 'other',
      name: facts?.categoryName ?? 'Other',
    },
    city: profile.city,
    country: profile.country,
    lat: Number(profile.lat),
    lng: Number(profile.lng),
    distanceKm: null,
    ratingAverage: Number(profile.ratingAverage),
    ratingCount: Number(profile.ratingCount),
    startingPrice:
      facts?.minPrice == null || facts.minPriceCurrency == null
        ? null
        : { amount: Number(facts.minPrice), currency: facts.minPriceCurrency },
    coverImageUrl: cover ? thumbUrl(cover) : null,
    responseTime: toResponseTime({
      medianMinutes: profile.responseMinutesMedian,
      within4hBps: profile.responseWithin4hBps,
      sampleSize: profile.responseSampleSize,
    }),
    bio: profile.bio,
    address: profile.address,
    serviceRadiusKm: Number(profile.serviceRadiusKm),
    timeZone: profile.timeZone,
    memberSince: profile.createdAt.toISOString(),
    vettingStatus: profile.vettingStatus,
    categories: cats,
  };
}

// ─── documents ───────────────────────────────────────────────────────────────────────────────

/** The contract view of a document row. */
export function toDocumentDto(row: VendorDocumentRow): VendorDocument {
  return {
    id: row.id,
    kind: row.kind as VendorDocument['kind'],
    fileName: row.fileName,
    contentType: row.contentType as DocumentContentType,
    sizeBytes: row.sizeBytes,
    createdAt: row.createdAt.toISOString(),
  };
}

/** The vendor's documents, newest first. */
export async function listDocuments(db: DbOrTx, vendorId: string): Promise<VendorDocumentRow[]> {
  return db
    .select()
    .from(vendorDocuments)
    .where(eq(vendorDocuments.vendorId, vendorId))
    .orderBy(desc(vendorDocuments.createdAt), desc(vendorDocuments.id));
}

/** How many documents the vendor has. */
export async function countDocuments(db: DbOrTx, vendorId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(vendorDocuments)
    .where(eq(vendorDocuments.vendorId, vendorId));
  return Number(row?.n ?? 0);
}

export async function insertDocument(
  db: DbOrTx,
  values: typeof vendorDocuments.$inferInsert,
): Promise<VendorDocumentRow> {
  const [row] = await db.insert(vendorDocuments).values(values).returning();
  if (!row) throw new Error('vendor document insert returned nothing');
  return row;
}

/** Deletes every document of the vendor; answers the deleted rows (their files are still stored). */
export async function deleteAllDocuments(
  db: DbOrTx,
  vendorId: string,
): Promise<VendorDocumentRow[]> {
  return db.delete(vendorDocuments).where(eq(vendorDocuments.vendorId, vendorId)).returning();
}

/** Deletes the vendor's document `id`; returns it, or null when it is not the vendor's. */
export async function deleteDocument(
  db: DbOrTx,
  vendorId: string,
  id: string,
): Promise<VendorDocumentRow | null> {
  const [row] = await db
    .delete(vendorDocuments)
    .where(and(eq(vendorDocuments.vendorId, vendorId), eq(vendorDocuments.id, id)))
    .returning();
  return row ?? null;
}
