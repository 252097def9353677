import type {
  Category,
  GalleryImage,
  Service,
  ServiceDetail,
  VendorDetail,
  VendorSummary,
} from '@vetted/contract';
import { and, asc, count, desc, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../db/client';
import { categories, serviceImages, services, vendorProfiles } from '../db/schema';
import { notFound } from '../lib/errors';
import { mediaUrl, thumbUrl } from './images';

const vp = vendorProfiles;
const primaryCategory = alias(categories, 'primary_category');

/** Escapes `%`, `_` and `\` so user text is matched literally by (I)LIKE (default escape `\`). */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/**
 * Great-circle distance in km from (lat, lng) to the vendor, by the haversine formula in plain
 * SQL (no PostGIS, so it runs the same on PGlite and PostgreSQL). `least(1, …)` guards asin
 * against rounding just above 1 for antipodal points.
 */
export function distanceKmSql(lat: number, lng: number): SQL<number> {
  return sql<number>`(12742 * asin(least(1, sqrt(
    power(sin(radians((${vp.lat} - ${lat}::double precision) / 2)), 2)
    + cos(radians(${lat}::double precision)) * cos(radians(${vp.lat}))
    * power(sin(radians((${vp.lng} - ${lng}::double precision) / 2)), 2)))))`;
}

/**
 * A vendor belongs to a category when it is its primary category, it is listed in
 * vendor_categories, or the vendor has an active service in it. Category counts and the
 * category filter use this same rule, so a category's count matches its result list.
 */
function vendorInCategorySql(categoryId: SQL | string): SQL {
  return sql`(${vp.primaryCategoryId} = ${categoryId}
    or exists (select 1 from vendor_categories vc where vc.vendor_id = ${vp.id} and vc.category_id = ${categoryId})
    or exists (select 1 from services s where s.vendor_id = ${vp.id} and s.active and s.category_id = ${categoryId}))`;
}

const isApproved = eq(vp.vettingStatus, 'approved');

const minPriceSql = sql<
  number | null
>`(select min(s.price) from services s where s.vendor_id = ${vp.id} and s.active)`;
const minPriceCurrencySql = sql<
  string | null
>`(select s.currency from services s where s.vendor_id = ${vp.id} and s.active order by s.price asc, s.id asc limit 1)`;
/** The vendor's cover image, else the first image of its cheapest active service. */
const coverKeySql = sql<string | null>`coalesce(${vp.coverImageKey}, (
  select si.storage_key from service_images si join services s on s.id = si.service_id
  where s.vendor_id = ${vp.id} and s.active order by s.price asc, s.id asc, si.sort asc, si.id asc limit 1))`;

function summaryColumns(point?: { lat: number; lng: number }) {
  return {
    id: vp.id,
    businessName: vp.businessName,
    tagline: vp.tagline,
    city: vp.city,
    country: vp.country,
    lat: vp.lat,
    lng: vp.lng,
    ratingAverage: vp.ratingAverage,
    ratingCount: vp.ratingCount,
    categorySlug: primaryCategory.slug,
    categoryName: primaryCategory.name,
    minPrice: minPriceSql,
    minPriceCurrency: minPriceCurrencySql,
    coverKey: coverKeySql,
    distanceKm: point
      ? distanceKmSql(point.lat, point.lng)
      : sql<number | null>`null::double precision`,
  };
}

type SummaryRow = {
  id: string;
  businessName: string;
  tagline: string;
  city: string;
  country: string;
  lat: number;
  lng: number;
  ratingAverage: number;
  ratingCount: number;
  categorySlug: string | null;
  categoryName: string | null;
  minPrice: number | null;
  minPriceCurrency: string | null;
  coverKey: string | null;
  distanceKm: number | null;
};

function toSummary(row: SummaryRow): VendorSummary {
  return {
    id: row.id,
    businessName: row.businessName,
    tagline: row.tagline,
    primaryCategory: { slug: row.categorySlug ?? 'other', name: row.categoryName ?? 'Other' },
    city: row.city,
    country: row.country,
    lat: Number(row.lat),
    lng: Number(row.lng),
    distanceKm: row.distanceKm === null ? null : Math.round(Number(row.distanceKm) * 10) / 10,
    ratingAverage: Number(row.ratingAverage),
    ratingCount: Number(row.ratingCount),
    startingPrice:
      row.minPrice === null || row.minPriceCurrency === null
        ? null
        : { amount: Number(row.minPrice), currency: row.minPriceCurrency },
    coverImageUrl: row.coverKey ? thumbUrl(row.coverKey) : null,
  };
}

// ─── categories ──────────────────────────────────────────────────────────────────────────────

export async function listCategories(db: DbOrTx): Promise<Category[]> {
  const rows = await db
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
  return rows.map((r) => ({ ...r, vendorCount: Number(r.vendorCount) }));
}

// ─── vendors ─────────────────────────────────────────────────────────────────────────────────

export interface VendorListOptions {
  page: number;
  pageSize: number;
  category?: string;
  q?: string;
  lat?: number;
  lng?: number;
  radiusKm?: number;
  sort: 'recommended' | 'distance' | 'rating' | 'price';
}

/**
 * Approved vendors, filtered and sorted; `total` counts every match. Sorts:
 * - recommended: rating × ln(1 + review count), so 4.8★ from 200 reviews beats 5★ from one;
 *   nearer first among equals when a point is given;
 * - distance: nearest first (recommended when no point is given);
 * - rating: average, then count;
 * - price: cheapest active service first, vendors without services last.
 * Ties break on id so paging is stable.
 */
export async function listVendors(db: DbOrTx, opts: VendorListOptions) {
  const point =
    opts.lat !== undefined && opts.lng !== undefined ? { lat: opts.lat, lng: opts.lng } : undefined;
  const distance = point ? distanceKmSql(point.lat, point.lng) : undefined;

  const conditions: SQL[] = [isApproved];
  if (opts.category) {
    conditions.push(
      sql`exists (select 1 from categories c where c.slug = ${opts.category} and ${vendorInCategorySql(sql`c.id`)})`,
    );
  }
  if (opts.q) {
    const pattern = `%${escapeLike(opts.q)}%`;
    conditions.push(
      or(
        ilike(vp.businessName, pattern),
        ilike(vp.tagline, pattern),
        ilike(vp.city, pattern),
        ilike(primaryCategory.name, pattern),
        sql`exists (select 1 from services s where s.vendor_id = ${vp.id} and s.active and s.title ilike ${pattern})`,
      )!,
    );
  }
  if (distance && opts.radiusKm !== undefined) {
    conditions.push(sql`${distance} <= ${opts.radiusKm}::double precision`);
  }
  const where = and(...conditions);

  const score = sql`(${vp.ratingAverage} * ln(1 + ${vp.ratingCount}))`;
  let orderBy: SQL[];
  switch (opts.sort) {
    case 'distance':
      orderBy = distance ? [asc(distance)] : [desc(score)];
      break;
    case 'rating':
      orderBy = [desc(vp.ratingAverage), desc(vp.ratingCount)];
      break;
    case 'price':
      orderBy = [sql`${minPriceSql} asc nulls last`];
      break;
    default:
      orderBy = distance ? [desc(score), asc(distance)] : [desc(score)];
  }
  orderBy.push(asc(vp.id));

  const [rows, [totals]] = await Promise.all([
    db
      .select(summaryColumns(point))
      .from(vp)
      .leftJoin(primaryCategory, eq(primaryCategory.id, vp.primaryCategoryId))
      .where(where)
      .orderBy(...orderBy)
      .limit(opts.pageSize)
      .offset((opts.page - 1) * opts.pageSize),
    db
      .select({ n: count() })
      .from(vp)
      .leftJoin(primaryCategory, eq(primaryCategory.id, vp.primaryCategoryId))
      .where(where),
  ]);
  const total = Number(totals?.n ?? 0);
  return {
    items: (rows as SummaryRow[]).map(toSummary),
    page: opts.page,
    pageSize: opts.pageSize,
    total,
    totalPages: Math.ceil(total / opts.pageSize),
  };
}

async function vendorSummaryById(db: DbOrTx, id: string): Promise<VendorSummary | null> {
  const [row] = await db
    .select(summaryColumns())
    .from(vp)
    .leftJoin(primaryCategory, eq(primaryCategory.id, vp.primaryCategoryId))
    .where(and(eq(vp.id, id), isApproved));
  return row ? toSummary(row as SummaryRow) : null;
}

const vendorNotFound = () => notFound('Vendor not found', 'vendor_not_found');
const serviceNotFound = () => notFound('Service not found', 'service_not_found');

/** One approved vendor; 404 for unknown and for not (or no longer) approved vendors. */
export async function getVendor(db: DbOrTx, id: string): Promise<VendorDetail> {
  const summary = await vendorSummaryById(db, id);
  if (!summary) throw vendorNotFound();
  const [profile] = await db.select().from(vp).where(eq(vp.id, id));
  if (!profile) throw vendorNotFound();
  const cats = await db
    .select({ slug: categories.slug, name: categories.name })
    .from(categories)
    .where(
      sql`${categories.id} = ${profile.primaryCategoryId}
        or exists (select 1 from vendor_categories vc where vc.vendor_id = ${id} and vc.category_id = ${categories.id})
        or exists (select 1 from services s where s.vendor_id = ${id} and s.active and s.category_id = ${categories.id})`,
    )
    .orderBy(
      sql`(${categories.id} = ${profile.primaryCategoryId}) desc nulls last`,
      asc(categories.sort),
    );
  return {
    ...summary,
    bio: profile.bio,
    address: profile.address,
    serviceRadiusKm: Number(profile.serviceRadiusKm),
    timeZone: profile.timeZone,
    memberSince: profile.createdAt.toISOString(),
    vettingStatus: profile.vettingStatus,
    categories: cats,
  };
}

// ─── services ────────────────────────────────────────────────────────────────────────────────

const serviceCategory = alias(categories, 'service_category');

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

type ServiceRow = {
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

function toService(row: ServiceRow): Service {
  const cover = row.firstImageKey ?? row.vendorCoverKey;
  return {
    id: row.id,
    vendorId: row.vendorId,
    category: { slug: row.categorySlug, name: row.categoryName },
    title: row.title,
    description: row.description,
    price: { amount: row.price, currency: row.currency },
    durationMinutes: row.durationMinutes,
    coverImageUrl: cover ? thumbUrl(cover) : null,
    imageCount: Number(row.imageCount),
  };
}

function servicesQuery(db: DbOrTx) {
  return db
    .select(serviceColumns())
    .from(services)
    .innerJoin(serviceCategory, eq(serviceCategory.id, services.categoryId))
    .innerJoin(vp, eq(vp.id, services.vendorId));
}

/** A vendor's active services, cheapest first. 404 when the vendor is not an approved one. */
export async function listVendorServices(db: DbOrTx, vendorId: string): Promise<Service[]> {
  const [vendor] = await db
    .select({ id: vp.id })
    .from(vp)
    .where(and(eq(vp.id, vendorId), isApproved));
  if (!vendor) throw vendorNotFound();
  const rows = await servicesQuery(db)
    .where(and(eq(services.vendorId, vendorId), eq(services.active, true)))
    .orderBy(asc(services.price), asc(services.id));
  return rows.map(toService);
}

export interface BookableService {
  id: string;
  vendorId: string;
  vendorUserId: string;
  businessName: string;
  title: string;
  price: number;
  currency: string;
  durationMinutes: number;
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
    .where(and(eq(services.id, id), eq(services.active, true), isApproved));
  return row ?? null;
}

export async function requireBookableService(db: DbOrTx, id: string): Promise<BookableService> {
  const service = await findBookableService(db, id);
  if (!service) throw serviceNotFound();
  return service;
}

/** One active service of an approved vendor, with the vendor's summary. */
export async function getService(db: DbOrTx, id: string): Promise<ServiceDetail> {
  const [row] = await servicesQuery(db).where(
    and(eq(services.id, id), eq(services.active, true), isApproved),
  );
  if (!row) throw serviceNotFound();
  const vendor = await vendorSummaryById(db, row.vendorId);
  if (!vendor) throw serviceNotFound();
  return { ...toService(row), vendor };
}

export async function getServiceGallery(db: DbOrTx, id: string): Promise<GalleryImage[]> {
  await requireBookableService(db, id);
  const rows = await db
    .select()
    .from(serviceImages)
    .where(eq(serviceImages.serviceId, id))
    .orderBy(asc(serviceImages.sort), asc(serviceImages.id));
  return rows.map((r) => ({
    id: r.id,
    url: mediaUrl(r.storageKey),
    thumbUrl: thumbUrl(r.storageKey),
    width: r.width,
    height: r.height,
    alt: r.alt,
  }));
}
