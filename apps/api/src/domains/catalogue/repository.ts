/**
 * Drizzle queries of the catalogue's public reads (ARCHITECTURE §1a): categories, approved
 * vendors, their services and galleries. Search lives in the search domain, slots in
 * scheduling. Each takes `db` or a transaction; none holds policy or text for people.
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client';
import { categories, serviceImages, services } from '../../db/schema';
import {
  isApproved,
  isBookableService,
  primaryCategory,
  summaryColumns,
  type VendorSummaryRow,
  vendorInCategorySql,
  vp,
} from './vendor-sql';

const serviceCategory = alias(categories, 'service_category');

// ─── categories ──────────────────────────────────────────────────────────────────────────────

/** Every category in display order, with its count of approved vendors. */
export async function listCategories(db: DbOrTx) {
  return db
    .select({
      id: categories.id,
      slug: categories.slug,
      name: categories.name,
      description: categories.description,
      icon: categories.icon,
      vendorCount: sql<number>`(select count(*)::int from ${vp} where ${isApproved} and ${vendorInCategorySql(sql`${categories.id}`)})`,
    })
    .from(categories)
    .orderBy(asc(categories.sort), asc(categories.name));
}

/** The list row of one approved vendor; null when unknown or not approved. */
export async function vendorSummaryById(db: DbOrTx, id: string): Promise<VendorSummaryRow | null> {
  const [row] = await db
    .select(summaryColumns())
    .from(vp)
    .leftJoin(primaryCategory, eq(primaryCategory.id, vp.primaryCategoryId))
    .where(and(eq(vp.id, id), isApproved));
  return (row as VendorSummaryRow | undefined) ?? null;
}

/** The vendor's profile row, whatever its vetting status; null when unknown. */
export async function vendorProfile(db: DbOrTx, id: string) {
  const [profile] = await db.select().from(vp).where(eq(vp.id, id));
  return profile ?? null;
}

/** Whether `id` is an approved vendor. */
export async function isApprovedVendor(db: DbOrTx, id: string): Promise<boolean> {
  const [vendor] = await db
    .select({ id: vp.id })
    .from(vp)
    .where(and(eq(vp.id, id), isApproved));
  return vendor !== undefined;
}

/** The vendor's categories (same rule as the lists), its primary one first, then by sort. */
export async function vendorCategories(
  db: DbOrTx,
  vendorId: string,
  primaryCategoryId: string | null,
) {
  return db
    .select({ slug: categories.slug, name: categories.name })
    .from(categories)
    .where(
      sql`${categories.id} = ${primaryCategoryId}
        or exists (select 1 from vendor_categories vc where vc.vendor_id = ${vendorId} and vc.category_id = ${categories.id})
        or exists (select 1 from services s where s.vendor_id = ${vendorId} and s.active and s.category_id = ${categories.id})`,
    )
    .orderBy(sql`(${categories.id} = ${primaryCategoryId}) desc nulls last`, asc(categories.sort));
}

// ─── services ────────────────────────────────────────────────────────────────────────────────

function serviceColumns() {
  return {
    id: services.id,
    vendorId: services.vendorId,
    title: services.title,
    description: services.description,
    price: services.price,
    currency: services.currency,
    durationMinutes: services.durationMinutes,
    categorySlug: serviceCategory.slug,
    categoryName: serviceCategory.name,
    imageCount: sql<number>`(select count(*)::int from service_images si where si.service_id = ${services.id})`,
    firstImageKey: sql<
      string | null
    >`(select si.storage_key from service_images si where si.service_id = ${services.id} order by si.sort asc, si.id asc limit 1)`,
    vendorCoverKey: vp.coverImageKey,
  };
}

/** One service as lists and detail pages show it. */
export type ServiceRow = {
  id: string;
  vendorId: string;
  title: string;
  description: string;
  price: number;
  currency: string;
  durationMinutes: number;
  categorySlug: string;
  categoryName: string;
  imageCount: number;
  firstImageKey: string | null;
  vendorCoverKey: string | null;
};

function servicesQuery(db: DbOrTx) {
  return db
    .select(serviceColumns())
    .from(services)
    .innerJoin(serviceCategory, eq(serviceCategory.id, services.categoryId))
    .innerJoin(vp, eq(vp.id, services.vendorId));
}

/** A vendor's active services, cheapest first. */
export async function activeServicesOf(db: DbOrTx, vendorId: string): Promise<ServiceRow[]> {
  return servicesQuery(db)
    .where(and(eq(services.vendorId, vendorId), eq(services.active, true)))
    .orderBy(asc(services.price), asc(services.id));
}

/** One active service of an approved vendor; null otherwise. */
export async function bookableServiceRow(db: DbOrTx, id: string): Promise<ServiceRow | null> {
  const [row] = await servicesQuery(db).where(and(eq(services.id, id), isBookableService));
  return row ?? null;
}

/** What booking a service needs to know about it and its vendor. */
export interface BookableService {
  id: string;
  vendorId: string;
  vendorUserId: string;
  businessName: string;
  title: string;
  /** Minor currency units. */
  price: number;
  currency: string;
  durationMinutes: number;
  /** IANA zone of the vendor's opening hours. */
  timeZone: string;
}

/** An active service of an approved vendor, with what booking needs; null otherwise. */
export async function findBookableService(db: DbOrTx, id: string): Promise<BookableService | null> {
  const [row] = await db
    .select({
      id: services.id,
      vendorId: services.vendorId,
      vendorUserId: vp.userId,
      businessName: vp.businessName,
      title: services.title,
      price: services.price,
      currency: services.currency,
      durationMinutes: services.durationMinutes,
      timeZone: vp.timeZone,
    })
    .from(services)
    .innerJoin(vp, eq(vp.id, services.vendorId))
    .where(and(eq(services.id, id), isBookableService));
  return row ?? null;
}

/** A service's gallery rows in display order. */
export async function serviceImagesOf(db: DbOrTx, serviceId: string) {
  return db
    .select()
    .from(serviceImages)
    .where(eq(serviceImages.serviceId, serviceId))
    .orderBy(asc(serviceImages.sort), asc(serviceImages.id));
}
