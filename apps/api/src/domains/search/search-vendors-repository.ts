/**
 * The vendor search of the search domain (ARCHITECTURE §1a): one page of approved vendors for a
 * resolved {@link VendorSearch}, with the count of every match, in one or two queries.
 */
import { and, asc, count, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { containsPattern } from '../../shared/text';
import {
  activeServicesSql,
  chordMetersSql,
  distanceKmSql,
  earthPoint,
  isApproved,
  minPriceSql,
  primaryCategory,
  summaryColumns,
  type VendorSummaryRow,
  vendorEarth,
  vendorInCategorySql,
  vp,
  withinSql,
} from '../catalogue';
import {
  DISTANCE_SCALE_KM,
  RATING_PRIOR,
  RESPONSE_PRIOR,
  RELEVANCE_WEIGHTS,
  TEXT_WEIGHTS,
  type TextSearch,
} from './policy';

/** Ids as one text parameter, read back as `uuid[]` (any number of them fits). */
function uuidArray(ids: readonly string[]): SQL {
  return sql`string_to_array(${ids.join(',')}, ',')::uuid[]`;
}

const num = (n: number) => sql.raw(String(n));

/** A search as the search service resolved it (policy.ts): every part optional but the page. */
export interface VendorSearch {
  page: number;
  pageSize: number;
  /**
   * A category: as {@link categoryForSearch} found it (a search by category alone, counted from
   * indexes), or by slug, checked vendor by vendor (when text or a radius already narrowed the
   * candidates to a few hundred).
   */
  category?: { id: string; otherVendorIds: readonly string[] } | { slug: string };
  text?: TextSearch;
  point?: { lat: number; lng: number };
  radiusKm?: number;
  /** Only vendors whose service radius reaches `point` (they serve it): the landing pages. */
  servingPoint?: boolean;
  /** Only vendors with an active service in this currency; their prices are in it. */
  currency?: string;
  /** Minor units of `currency`. */
  minPrice?: number;
  maxPrice?: number;
  minRating?: number;
  /** 0 = Sunday … 6 = Saturday: vendors with opening hours that weekday. */
  weekday?: number;
  sort: 'relevance' | 'distance' | 'rating' | 'price';
}

/**
 * The filters of `search` but its category (text, radius, served place, rating, weekday,
 * currency and price), and the text score relevance ranks by when text is searched.
 */
function filterConditions(search: VendorSearch): { conditions: SQL[]; textScore?: SQL } {
  const { point, text } = search;
  const conditions: SQL[] = [];
  let textScore: SQL | undefined;
  if (text?.kind === 'words') {
    const any = sql`${text.any}::tsquery`;
    conditions.push(sql`${vp.searchVector} @@ ${any}`);
    textScore = sql`(${num(TEXT_WEIGHTS.name)} * (${vp.nameVector} @@ ${any})::int
      + ${num(TEXT_WEIGHTS.exact)} * (${vp.searchVector} @@ ${text.exact}::tsquery)::int
      + ${num(TEXT_WEIGHTS.coverage)} * least(1, 10 * ts_rank(${vp.searchVector}, ${any})))`;
  } else if (text?.kind === 'literal') {
    conditions.push(sql`${vp.searchText} ilike ${containsPattern(text.text)}`);
    textScore = sql`1`;
  }
  if (point && search.radiusKm !== undefined) conditions.push(withinSql(point, search.radiusKm));
  if (point && search.servingPoint) {
    conditions.push(sql`${distanceKmSql(point.lat, point.lng)} <= ${vp.serviceRadiusKm}`);
  }
  if (search.minRating !== undefined) {
    conditions.push(sql`${vp.ratingAverage} >= ${search.minRating}::float8`);
  }
  if (search.weekday !== undefined) {
    conditions.push(
      sql`exists (select 1 from availability_rules ar where ar.vendor_id = ${vp.id} and ar.weekday = ${search.weekday})`,
    );
  }
  if (search.currency) {
    if (search.minPrice === undefined && search.maxPrice === undefined) {
      // Read from the row (kept by refreshSearchColumns), not a probe of services per match.
      conditions.push(sql`${search.currency}::text = any(${vp.serviceCurrencies})`);
    } else {
      const range: SQL[] = [activeServicesSql(search.currency)];
      if (search.minPrice !== undefined) range.push(sql`s.price >= ${search.minPrice}`);
      if (search.maxPrice !== undefined) range.push(sql`s.price <= ${search.maxPrice}`);
      conditions.push(sql`exists (select 1 from services s where ${sql.join(range, sql` and `)})`);
    }
  }
  return { conditions, textScore };
}

/**
 * Approved vendors, of the category when one is asked for: `byPrimary` its primary vendors
 * through the partial index, `byOther` the few others by id (so a count of a category alone is
 * index-only). The two parts are disjoint.
 */
function categoryParts(category: VendorSearch['category']): { byPrimary: SQL; byOther?: SQL } {
  let byPrimary = isApproved;
  let byOther: SQL | undefined;
  if (category && 'slug' in category) {
    const id = sql`(select c.id from categories c where c.slug = ${category.slug})`;
    byPrimary = sql`(${isApproved} and ${vendorInCategorySql(id)})`;
  } else if (category) {
    byPrimary = sql`(${isApproved} and ${vp.primaryCategoryId} = ${category.id})`;
    if (category.otherVendorIds.length > 0) {
      byOther = sql`(${isApproved} and ${vp.id} = any(${uuidArray(category.otherVendorIds)}))`;
    }
  }
  return { byPrimary, byOther };
}

/** The order of `search` ({@link searchVendors}), before the tie-break by id. */
function orderOf(search: VendorSearch, textScore: SQL | undefined): SQL[] {
  const { point } = search;
  let orderBy: SQL[];
  switch (search.sort) {
    case 'distance':
      // Nearest first straight from the GiST index; a tie-break would make PostgreSQL sort every
      // match instead (only vendors at the very same point tie).
      orderBy = point ? [sql`${vendorEarth} <-> ${earthPoint(point)}`] : [];
      break;
    case 'rating':
      orderBy = [desc(vp.ratingAverage), desc(vp.ratingCount)];
      break;
    case 'price':
      orderBy = [sql`${minPriceSql(search.currency)} asc nulls last`];
      break;
    default: {
      const w = RELEVANCE_WEIGHTS;
      const rating = sql`((${num(RATING_PRIOR.weight * RATING_PRIOR.mean)} + ${vp.ratingCount} * ${vp.ratingAverage})
        / (${num(RATING_PRIOR.weight)} + ${vp.ratingCount}) / 5)`;
      const responsive = sql`((${num(RESPONSE_PRIOR.weight * RESPONSE_PRIOR.mean)}
        + ${vp.responseSampleSize} * coalesce(${vp.responseWithin4hBps}, 0) / 10000.0)
        / (${num(RESPONSE_PRIOR.weight)} + ${vp.responseSampleSize}))`;
      const parts = [sql`${num(w.rating)} * ${rating}`, sql`${num(w.response)} * ${responsive}`];
      if (textScore) parts.push(sql`${num(w.text)} * ${textScore}`);
      if (point) {
        parts.push(
          sql`${num(w.distance)} / (1 + ${chordMetersSql(point)} / ${num(DISTANCE_SCALE_KM * 1000)})`,
        );
      }
      orderBy = [sql`(${sql.join(parts, sql` + `)}) desc`];
    }
  }
  return orderBy;
}

/**
 * One page of approved vendors matching `search`, in its order, and the count of every match.
 * Orders (ties by id, so paging is stable — but for distance):
 * - relevance: {@link RELEVANCE_WEIGHTS} (text, distance, rating);
 * - distance: nearest first, by the GiST index (`earth <-> point`), no tie-break;
 * - rating: average, then count;
 * - price: cheapest active service (in `currency` when set) first, vendors without one last.
 * Text: `search_vector @@ tsquery` (GIN `vendor_profiles_search_vector_idx`), or a literal
 * substring of `search_text` (trigram GIN `vendor_profiles_search_text_trgm_idx`).
 */
export async function searchVendors(
  db: DbOrTx,
  search: VendorSearch,
): Promise<{ rows: VendorSummaryRow[]; total: number }> {
  const { point } = search;
  const { conditions, textScore } = filterConditions(search);
  const { byPrimary, byOther } = categoryParts(search.category);
  const where = and(byOther ? sql`(${byPrimary} or ${byOther})` : byPrimary, ...conditions);
  const orderBy = orderOf(search, textScore);
  // Nearest first reads only the first rows of the index: its matches are counted apart. Any
  // other order scores and sorts every match anyway, so the page counts them as it goes.
  const nearestFirst = search.sort === 'distance' && point !== undefined;
  if (!nearestFirst) orderBy.push(asc(vp.id));

  const countOf = (part: SQL) =>
    db
      .select({ n: count() })
      .from(vp)
      .where(and(part, ...conditions))
      .then(([row]) => Number(row?.n ?? 0));
  // Two disjoint parts counted apart: each keeps to its own index.
  const countAll = async () =>
    (await Promise.all([countOf(byPrimary), byOther ? countOf(byOther) : 0])).reduce(
      (a, b) => a + b,
      0,
    );
  const columns = {
    ...summaryColumns(point, search.currency),
    matches: sql<number | string>`count(*) over ()`,
  };
  const page = db
    .select(nearestFirst ? summaryColumns(point, search.currency) : columns)
    .from(vp)
    .leftJoin(primaryCategory, eq(primaryCategory.id, vp.primaryCategoryId))
    .where(where)
    .orderBy(...orderBy)
    .limit(search.pageSize)
    .offset((search.page - 1) * search.pageSize);
  if (nearestFirst) {
    const [rows, total] = await Promise.all([page, countAll()]);
    return { rows: rows as VendorSummaryRow[], total };
  }
  const rows = (await page) as Array<VendorSummaryRow & { matches?: number | string }>;
  // A page past the last has no row to carry the count.
  const total = rows.length > 0 ? Number(rows[0]!.matches) : search.page > 1 ? await countAll() : 0;
  return { rows, total };
}
