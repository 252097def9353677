/**
 * Read model of the vetting queue and a vendor's detail: queries only over vendor profiles, their
 * owners, categories, documents and services (owned by the vendors, users and catalogue
 * domains). A vetting decision's write goes through the vendors domain.
 */
import { and, asc, count, desc, eq, ilike, isNull, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client';
import { categories, services, users, vendorDocuments, vendorProfiles } from '../../db/schema';
import { containsPattern } from '../../shared/text';
import type { VettingStatus } from './policy';
import { offsetOf, type PageRequest } from './repository';

const vendorOwners = alias(users, 'vendor_owner');

/** A vendor with what the queue and its detail show. */
export interface VendorRow {
  id: string;
  userId: string;
  businessName: string;
  tagline: string;
  bio: string;
  ownerName: string;
  ownerEmail: string;
  categorySlug: string | null;
  categoryName: string | null;
  city: string;
  country: string;
  serviceRadiusKm: number;
  timeZone: string;
  vettingStatus: VettingStatus;
  vettingReason: string | null;
  submittedAt: Date | null;
  vettingUpdatedAt: Date | null;
  documentCount: number;
  serviceCount: number;
  createdAt: Date;
}

function vendorQuery(db: DbOrTx) {
  const vp = vendorProfiles;
  return db
    .select({
      id: vp.id,
      userId: vp.userId,
      businessName: vp.businessName,
      tagline: vp.tagline,
      bio: vp.bio,
      ownerName: vendorOwners.fullName,
      ownerEmail: vendorOwners.email,
      categorySlug: categories.slug,
      categoryName: categories.name,
      city: vp.city,
      country: vp.country,
      serviceRadiusKm: vp.serviceRadiusKm,
      timeZone: vp.timeZone,
      vettingStatus: vp.vettingStatus,
      vettingReason: vp.vettingReason,
      submittedAt: vp.submittedAt,
      vettingUpdatedAt: vp.vettingUpdatedAt,
      documentCount: sql<number>`(select count(*)::int from ${vendorDocuments} where ${vendorDocuments.vendorId} = ${vp.id})`,
      // Services the vendor has not deleted (archived ones only keep old orders' records).
      serviceCount: sql<number>`(select count(*)::int from ${services} where ${services.vendorId} = ${vp.id} and ${services.archivedAt} is null)`,
      createdAt: vp.createdAt,
    })
    .from(vp)
    .innerJoin(vendorOwners, eq(vendorOwners.id, vp.userId))
    .leftJoin(categories, eq(categories.id, vp.primaryCategoryId));
}

/**
 * A page of vendors, by vetting status and/or business name or owner email (contains, case
 * insensitive), and the total. Pending ones oldest submission first (the vetting queue: first
 * come, first served); otherwise the latest decision (or sign-up) first.
 */
export async function listVendors(
  db: DbOrTx,
  q: PageRequest & { status?: VettingStatus; q?: string },
): Promise<{ rows: VendorRow[]; total: number }> {
  const vp = vendorProfiles;
  const parts: SQL[] = [];
  if (q.status) parts.push(eq(vp.vettingStatus, q.status));
  if (q.q) {
    const pattern = containsPattern(q.q);
    parts.push(or(ilike(vp.businessName, pattern), ilike(vendorOwners.email, pattern))!);
  }
  const where = parts.length ? and(...parts) : undefined;
  const order =
    q.status === 'pending'
      ? [sql`${vp.submittedAt} asc nulls last`, asc(vp.createdAt), asc(vp.id)]
      : [sql`coalesce(${vp.vettingUpdatedAt}, ${vp.createdAt}) desc`, desc(vp.id)];
  const [rows, [counted]] = await Promise.all([
    vendorQuery(db)
      .where(where)
      .orderBy(...order)
      .limit(q.pageSize)
      .offset(offsetOf(q)),
    db
      .select({ n: count() })
      .from(vp)
      .innerJoin(vendorOwners, eq(vendorOwners.id, vp.userId))
      .where(where),
  ]);
  return { rows: rows.map(numbers), total: Number(counted?.n ?? 0) };
}

/** Counts come back as strings from some drivers: make them numbers. */
function numbers(row: VendorRow): VendorRow {
  return {
    ...row,
    documentCount: Number(row.documentCount),
    serviceCount: Number(row.serviceCount),
    serviceRadiusKm: Number(row.serviceRadiusKm),
  };
}

/** One vendor, or null. */
export async function getVendor(db: DbOrTx, id: string): Promise<VendorRow | null> {
  const [row] = await vendorQuery(db).where(eq(vendorProfiles.id, id));
  return row ? numbers(row) : null;
}

/** The id of the vendor profile `userId` owns, or null (customers and admins have none). */
export async function vendorIdOfUser(db: DbOrTx, userId: string): Promise<string | null> {
  const [row] = await db
    .select({ id: vendorProfiles.id })
    .from(vendorProfiles)
    .where(eq(vendorProfiles.userId, userId));
  return row?.id ?? null;
}

export type DocumentRow = typeof vendorDocuments.$inferSelect;

/** The vendor's documents, oldest first. */
export function documentsOf(db: DbOrTx, vendorId: string): Promise<DocumentRow[]> {
  return db
    .select()
    .from(vendorDocuments)
    .where(eq(vendorDocuments.vendorId, vendorId))
    .orderBy(asc(vendorDocuments.createdAt), asc(vendorDocuments.id));
}

/** One document of one vendor; null when unknown or another vendor's. */
export async function documentOf(
  db: DbOrTx,
  vendorId: string,
  documentId: string,
): Promise<DocumentRow | null> {
  const [row] = await db
    .select()
    .from(vendorDocuments)
    .where(and(eq(vendorDocuments.id, documentId), eq(vendorDocuments.vendorId, vendorId)));
  return row ?? null;
}

/** The vendor's services it has not deleted (archived ones excluded), oldest first. */
export function servicesOf(db: DbOrTx, vendorId: string) {
  return db
    .select({
      id: services.id,
      title: services.title,
      price: services.price,
      currency: services.currency,
      active: services.active,
    })
    .from(services)
    .where(and(eq(services.vendorId, vendorId), isNull(services.archivedAt)))
    .orderBy(asc(services.createdAt), asc(services.id));
}
