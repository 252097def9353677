/**
 * SQL fragments over an approved vendor's row that the catalogue's reads, search and the slot
 * picker share (one definition each): approval, category membership, active services and their
 * cheapest price, the vendor summary's columns and the earthdistance geometry of its place.
 */
import { and, eq, isNull, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { categories, services, vendorProfiles } from '../../db/schema';

export const vp = vendorProfiles;
export const primaryCategory = alias(categories, 'primary_category');

/** The vendor's place on the earth (`ll_to_earth(lat, lng)`, stored): GiST `vendor_profiles_earth_idx`. */
export const vendorEarth = vp.earth;

/** A place on earthdistance's earth (a 3-D point; cube and earthdistance extensions). */
export function earthPoint(point: { lat: number; lng: number }): SQL {
  return sql`ll_to_earth(${point.lat}::float8, ${point.lng}::float8)`;
}

/**
 * Great-circle distance in km from (lat, lng) to the vendor, by earthdistance (an earth of
 * radius 6378.168 km; same SQL on PGlite and PostgreSQL, no PostGIS), the model of the GiST
 * index that finds vendors within a radius and nearest first.
 */
export function distanceKmSql(lat: number, lng: number): SQL<number> {
  return sql<number>`(earth_distance(${vendorEarth}, ${earthPoint({ lat, lng })}) / 1000)`;
}

/**
 * Straight-line (chord) distance in metres from `point` to the vendor through the earth: the
 * cube distance the GiST index orders by, cheaper per row than the great-circle
 * {@link distanceKmSql} and in the same order (both grow together). Within 50 km the two differ
 * by less than 3 ppm, so scores use it; what customers see is the great-circle distance.
 */
export function chordMetersSql(point: { lat: number; lng: number }): SQL<number> {
  return sql<number>`cube_distance(${vendorEarth}, ${earthPoint(point)})`;
}

/**
 * The chord of a great-circle distance of `meters` on earthdistance's earth, folded to a constant
 * at planning. It grows with `meters` up to half the circumference (20,037 km), beyond the
 * largest `radiusKm` the contract takes (20,000).
 */
function chordOfSql(meters: number): SQL<number> {
  return sql<number>`(2 * earth() * sin(${meters}::float8 / (2 * earth())))`;
}

/**
 * A vendor belongs to a category when it is its primary category, it is listed in
 * vendor_categories, or the vendor has an active service in it; `other_category_ids` holds the
 * latter two, kept by the vendors domain's `refreshSearchColumns`. Category counts and the category filter use
 * this same rule, so a category's count matches its result list.
 */
export function vendorInCategorySql(categoryId: SQL | string): SQL {
  return sql`(${vp.primaryCategoryId} = ${categoryId} or ${categoryId} = any(${vp.otherCategoryIds}))`;
}

/** Approved, written as a literal so plans of any parameters can use partial indexes on it. */
export const isApproved = sql`${vp.vettingStatus} = 'approved'`;

/** The vendor's active services, in `currency` when given. */
export function activeServicesSql(currency?: string): SQL {
  return currency
    ? sql`s.vendor_id = ${vp.id} and s.active and s.currency = ${currency}`
    : sql`s.vendor_id = ${vp.id} and s.active`;
}

/** The cheapest active service's price (in `currency` when given), minor units. */
export function minPriceSql(currency?: string): SQL<number | null> {
  return sql<
    number | null
  >`(select min(s.price) from services s where ${activeServicesSql(currency)})`;
}

/** The columns of {@link VendorSummaryRow}; `distanceKm` from `point` when given. */
export function summaryColumns(point?: { lat: number; lng: number }, currency?: string) {
  return {
    id: vp.id,
    slug: vp.slug,
    businessName: vp.businessName,
    tagline: vp.tagline,
    city: vp.city,
    country: vp.country,
    lat: vp.lat,
    lng: vp.lng,
    ratingAverage: vp.ratingAverage,
    ratingCount: vp.ratingCount,
    responseMinutesMedian: vp.responseMinutesMedian,
    responseWithin4hBps: vp.responseWithin4hBps,
    responseSampleSize: vp.responseSampleSize,
    categorySlug: primaryCategory.slug,
    categoryName: primaryCategory.name,
    minPrice: minPriceSql(currency),
    minPriceCurrency: sql<
      string | null
    >`(select s.currency from services s where ${activeServicesSql(currency)} order by s.price asc, s.id asc limit 1)`,
    /** The vendor's cover image, else the first image of its cheapest active service. */
    coverKey: sql<string | null>`coalesce(${vp.coverImageKey}, (
      select si.storage_key from service_images si join services s on s.id = si.service_id
      where s.vendor_id = ${vp.id} and s.active order by s.price asc, s.id asc, si.sort asc, si.id asc limit 1))`,
    distanceKm: point
      ? distanceKmSql(point.lat, point.lng)
      : sql<number | null>`null::double precision`,
  };
}

/** One vendor as the lists show it (numbers may arrive as strings from the driver). */
export type VendorSummaryRow = {
  id: string;
  /** Null only for a vendor created before slugs (sign-up gives every vendor one). */
  slug: string | null;
  businessName: string;
  tagline: string;
  city: string;
  country: string;
  lat: number;
  lng: number;
  ratingAverage: number;
  ratingCount: number;
  /** The stored response-time measure (vendors `response-times` schedule). */
  responseMinutesMedian: number | null;
  responseWithin4hBps: number | null;
  responseSampleSize: number;
  categorySlug: string | null;
  categoryName: string | null;
  minPrice: number | null;
  minPriceCurrency: string | null;
  coverKey: string | null;
  distanceKm: number | null;
};

/**
 * Vendors within `radiusKm` (great-circle) of `point`: a GiST box test, then the exact distance,
 * compared as chords (the same test as `earth_distance <= radius`, without its trigonometry per
 * candidate).
 */
export function withinSql(point: { lat: number; lng: number }, radiusKm: number): SQL {
  const meters = radiusKm * 1000;
  return sql`(earth_box(${earthPoint(point)}, ${meters}::float8) @> ${vendorEarth}
    and ${chordMetersSql(point)} <= ${chordOfSql(meters)})`;
}

/**
 * A service customers may see and book: active, not archived (archiving also clears
 * `active`, checked here all the same) and of an approved vendor.
 */
export const isBookableService = and(
  eq(services.active, true),
  isNull(services.archivedAt),
  isApproved,
);
