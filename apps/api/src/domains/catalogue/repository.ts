/**
 * Drizzle queries of the catalogue domain (ARCHITECTURE §1a): categories, approved vendors,
 * their services, galleries, opening hours and the orders that block their time. Each takes
 * `db` or a transaction; none holds policy or text for people.
 */
import {
  and,
  asc,
  count,
  desc,
  eq,
  gt,
  ilike,
  inArray,
  lt,
  ne,
  or,
  type SQL,
  sql,
} from 'drizzle-orm';
import { type AnyPgColumn, alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client';
import {
  availabilityRules,
  categories,
  orders,
  serviceImages,
  services,
  vendorProfiles,
} from '../../db/schema';
import { type Interval, LIVE_STATUSES, type WeeklyRule } from './policy';

const vp = vendorProfiles;
const primaryCategory = alias(categories, 'primary_category');
const serviceCategory = alias(categories, 'service_category');

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

/** One vendor as the lists show it (numbers may arrive as strings from the driver). */
export type VendorSummaryRow = {
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
 * One page of approved vendors, filtered and sorted, and the count of every match. Sorts:
 * - recommended: rating × ln(1 + review count), so 4.8★ from 200 reviews beats 5★ from one;
 *   nearer first among equals when a point is given;
 * - distance: nearest first (recommended when no point is given);
 * - rating: average, then count;
 * - price: cheapest active service first, vendors without services last.
 * Ties break on id so paging is stable.
 */
export async function listVendors(
  db: DbOrTx,
  opts: VendorListOptions,
): Promise<{ rows: VendorSummaryRow[]; total: number }> {
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
  return { rows: rows as VendorSummaryRow[], total: Number(totals?.n ?? 0) };
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
  const [row] = await servicesQuery(db).where(
    and(eq(services.id, id), eq(services.active, true), isApproved),
  );
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
    .where(and(eq(services.id, id), eq(services.active, true), isApproved));
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

// ─── slots ───────────────────────────────────────────────────────────────────────────────────

/**
 * The condition "this order occupies the vendor's time in `range` at `now`": a live order, or an
 * unpaid one whose hold has not expired, overlapping `range` (half-open). `vendorId` is the
 * vendor's id or a column (a correlated subquery); `excludeOrderId` leaves one order out.
 */
function blockingOrderCondition(
  vendorId: string | AnyPgColumn,
  range: Interval,
  now: Date,
  excludeOrderId?: string,
): SQL {
  const conditions = [
    eq(orders.vendorId, vendorId),
    lt(orders.startsAt, range.endsAt),
    gt(orders.endsAt, range.startsAt),
    or(
      inArray(orders.status, [...LIVE_STATUSES]),
      and(eq(orders.status, 'pending_payment'), gt(orders.holdExpiresAt, now)),
    ),
  ];
  if (excludeOrderId) conditions.push(ne(orders.id, excludeOrderId));
  return and(...conditions)!;
}

/**
 * Orders of the vendor that occupy time in [from, to): live ones, and unpaid ones whose hold has
 * not expired at `now`. `excludeOrderId` leaves one order out (the one being paid).
 */
export async function blockingOrders(
  db: DbOrTx,
  vendorId: string,
  range: Interval,
  now: Date,
  excludeOrderId?: string,
): Promise<Interval[]> {
  return db
    .select({ startsAt: orders.startsAt, endsAt: orders.endsAt })
    .from(orders)
    .where(blockingOrderCondition(vendorId, range, now, excludeOrderId));
}

/** Everything the slot picker of one service needs, see {@link slotSource}. */
export interface SlotSource {
  vendorId: string;
  durationMinutes: number;
  /** IANA zone of the vendor's opening hours. */
  timeZone: string;
  /** Weekly opening hours, by weekday then start. */
  rules: WeeklyRule[];
  /** Time taken by orders in the range asked for (see {@link blockingOrders}). */
  blocking: Interval[];
}

/**
 * The slot picker's input for an active service of an approved vendor in ONE query (issue #10):
 * the service's duration and zone, the vendor's opening hours, and the orders blocking its time
 * in `range` at `now` — the last two aggregated to JSON (times as epoch milliseconds). Null when
 * the service is not bookable.
 */
export async function slotSource(
  db: DbOrTx,
  serviceId: string,
  range: Interval,
  now: Date,
): Promise<SlotSource | null> {
  const rules = db
    .select({
      json: sql`coalesce(json_agg(json_build_array(${availabilityRules.weekday}, ${availabilityRules.startMinute}, ${availabilityRules.endMinute}) order by ${availabilityRules.weekday}, ${availabilityRules.startMinute}), '[]'::json)`,
    })
    .from(availabilityRules)
    .where(eq(availabilityRules.vendorId, services.vendorId));
  const blocking = db
    .select({
      json: sql`coalesce(json_agg(json_build_array(extract(epoch from ${orders.startsAt}) * 1000, extract(epoch from ${orders.endsAt}) * 1000)), '[]'::json)`,
    })
    .from(orders)
    .where(blockingOrderCondition(services.vendorId, range, now));
  const [row] = await db
    .select({
      vendorId: services.vendorId,
      durationMinutes: services.durationMinutes,
      timeZone: vp.timeZone,
      rules: sql<Array<[number, number, number]>>`(${rules})`,
      blocking: sql<Array<[number | string, number | string]>>`(${blocking})`,
    })
    .from(services)
    .innerJoin(vp, eq(vp.id, services.vendorId))
    .where(and(eq(services.id, serviceId), eq(services.active, true), isApproved));
  if (!row) return null;
  return {
    vendorId: row.vendorId,
    durationMinutes: row.durationMinutes,
    timeZone: row.timeZone,
    rules: row.rules.map(([weekday, startMinute, endMinute]) => ({
      weekday,
      startMinute,
      endMinute,
    })),
    // json numbers; `extract` gives numeric, which PostgreSQL writes as a JSON number.
    blocking: row.blocking.map(([startsAt, endsAt]) => ({
      startsAt: new Date(Number(startsAt)),
      endsAt: new Date(Number(endsAt)),
    })),
  };
}

/** The vendor's weekly opening hours, by weekday then start. */
export async function vendorRules(db: DbOrTx, vendorId: string): Promise<WeeklyRule[]> {
  return db
    .select({
      weekday: availabilityRules.weekday,
      startMinute: availabilityRules.startMinute,
      endMinute: availabilityRules.endMinute,
    })
    .from(availabilityRules)
    .where(eq(availabilityRules.vendorId, vendorId))
    .orderBy(asc(availabilityRules.weekday), asc(availabilityRules.startMinute));
}
