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
  gte,
  inArray,
  isNull,
  lt,
  ne,
  or,
  type SQL,
  sql,
} from 'drizzle-orm';
import { type AnyPgColumn, alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client';
import {
  availabilityExceptions,
  availabilityRules,
  categories,
  orders,
  serviceImages,
  services,
  vendorProfiles,
  waitlistEntries,
} from '../../db/schema';
import {
  DISTANCE_SCALE_KM,
  type Interval,
  LIVE_STATUSES,
  type LexiconEntry,
  type MinuteRange,
  minutesOfTime,
  RATING_PRIOR,
  RELEVANCE_WEIGHTS,
  TEXT_WEIGHTS,
  type TextSearch,
  type WeeklyRule,
} from './policy';

const vp = vendorProfiles;
const primaryCategory = alias(categories, 'primary_category');
const serviceCategory = alias(categories, 'service_category');

/** Escapes `%`, `_` and `\` so user text is matched literally by (I)LIKE (default escape `\`). */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** The vendor's place on the earth (`ll_to_earth(lat, lng)`, stored): GiST `vendor_profiles_earth_idx`. */
const vendorEarth = vp.earth;

/** A place on earthdistance's earth (a 3-D point; cube and earthdistance extensions). */
function earthPoint(point: { lat: number; lng: number }): SQL {
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
function chordMetersSql(point: { lat: number; lng: number }): SQL<number> {
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
 * latter two, kept by {@link refreshSearchColumns}. Category counts and the category filter use
 * this same rule, so a category's count matches its result list.
 */
function vendorInCategorySql(categoryId: SQL | string): SQL {
  return sql`(${vp.primaryCategoryId} = ${categoryId} or ${categoryId} = any(${vp.otherCategoryIds}))`;
}

/**
 * The category with `slug` for a search (issue #9 "Speed"): its id (null when unknown) and the
 * vendors in it NOT through their primary category (the rule of {@link vendorInCategorySql}),
 * usually none: a lookup of the GIN index `vendor_profiles_other_categories_idx`. So the search
 * itself can take the primary category from the partial index
 * `vendor_profiles_approved_category_idx`.
 */
export async function categoryForSearch(
  db: DbOrTx,
  slug: string,
): Promise<{ id: string; otherVendorIds: string[] } | null> {
  // Plain SQL with its own aliases: columns of a one-table select would lose their table name.
  const [row] = await db
    .select({
      id: sql<string>`c.id`,
      otherVendorIds: sql<string[]>`array(
        select v.id::text from vendor_profiles v where v.other_category_ids @> array[c.id])`,
    })
    .from(sql`categories c`)
    .where(sql`c.slug = ${slug}`);
  return row ?? null;
}

/** Ids as one text parameter, read back as `uuid[]` (any number of them fits). */
function uuidArray(ids: readonly string[]): SQL {
  return sql`string_to_array(${ids.join(',')}, ',')::uuid[]`;
}

/** Approved, written as a literal so plans of any parameters can use partial indexes on it. */
const isApproved = sql`${vp.vettingStatus} = 'approved'`;

/** The vendor's active services, in `currency` when given. */
function activeServicesSql(currency?: string): SQL {
  return currency
    ? sql`s.vendor_id = ${vp.id} and s.active and s.currency = ${currency}`
    : sql`s.vendor_id = ${vp.id} and s.active`;
}

/** The cheapest active service's price (in `currency` when given), minor units. */
function minPriceSql(currency?: string): SQL<number | null> {
  return sql<
    number | null
  >`(select min(s.price) from services s where ${activeServicesSql(currency)})`;
}

function summaryColumns(point?: { lat: number; lng: number }, currency?: string) {
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

/**
 * Categories with approved vendors within `radiusKm` of `point` (anywhere without them), most
 * vendors first, at most `limit`: what a search that found nothing suggests (issue #9).
 */
export async function categoriesInReach(
  db: DbOrTx,
  area: { point?: { lat: number; lng: number }; radiusKm?: number },
  limit: number,
) {
  const reach =
    area.point && area.radiusKm !== undefined ? withinSql(area.point, area.radiusKm) : sql`true`;
  const rows = await db
    .select({
      slug: categories.slug,
      name: categories.name,
      vendorCount: sql<number>`(select count(*)::int from ${vp} where ${isApproved} and ${reach} and ${vendorInCategorySql(sql`${categories.id}`)})`,
    })
    .from(categories)
    .orderBy(asc(categories.sort), asc(categories.name));
  return rows
    .map((r) => ({ ...r, vendorCount: Number(r.vendorCount) }))
    .filter((r) => r.vendorCount > 0)
    .sort((a, b) => b.vendorCount - a.vendorCount)
    .slice(0, limit);
}

// ─── search text (issue #9) ──────────────────────────────────────────────────────────────────

/**
 * Recomputes what search reads of the given vendors besides their own fields:
 * - `search_text`, what text search matches: business name, tagline, city, the names and
 *   descriptions of its categories (the rule of {@link vendorInCategorySql}) and its active
 *   services' titles and descriptions; PostgreSQL derives the stemmed `search_vector` from it;
 * - `service_currencies`, the sorted currencies of its active services (the local-currency filter);
 * - `other_category_ids`, its categories besides the primary one ({@link vendorInCategorySql}).
 * Call it in the transaction of every write that changes one of those (the seed; vendor, service
 * and category edits). Rows already up to date are not rewritten. Ids go as one text parameter,
 * so any number fits.
 */
export async function refreshSearchColumns(
  db: DbOrTx,
  vendorIds: readonly string[],
): Promise<void> {
  if (vendorIds.length === 0) return;
  const ids = sql`string_to_array(${vendorIds.join(',')}, ',')::uuid[]`;
  await db.execute(sql`
    with fresh as (
      select v.id, concat_ws(' ', v.business_name, v.tagline, v.city,
        (select string_agg(c.name || ' ' || c.description, ' ' order by c.sort, c.slug)
          from categories c
          where c.id = v.primary_category_id
            or exists (select 1 from vendor_categories vc where vc.vendor_id = v.id and vc.category_id = c.id)
            or exists (select 1 from services s where s.vendor_id = v.id and s.active and s.category_id = c.id)),
        (select string_agg(s.title || ' ' || s.description, ' ' order by s.price, s.id)
          from services s where s.vendor_id = v.id and s.active)) as text,
      array(select distinct s.currency from services s where s.vendor_id = v.id and s.active
        order by s.currency) as currencies,
      array(select c.id from categories c
        where c.id is distinct from v.primary_category_id
          and (exists (select 1 from vendor_categories vc where vc.vendor_id = v.id and vc.category_id = c.id)
            or exists (select 1 from services s where s.vendor_id = v.id and s.active and s.category_id = c.id))
        order by c.id) as other_categories
      from vendor_profiles v
      where v.id = any(${ids})
    )
    update vendor_profiles set search_text = fresh.text, service_currencies = fresh.currencies,
      other_category_ids = fresh.other_categories
    from fresh
    where vendor_profiles.id = fresh.id
      and (vendor_profiles.search_text is distinct from fresh.text
        or vendor_profiles.service_currencies is distinct from fresh.currencies
        or vendor_profiles.other_category_ids is distinct from fresh.other_categories)`);
}

/**
 * The search vocabulary: every lexeme of approved vendors' `search_vector` with the number of
 * vendors using it (PostgreSQL `ts_stat`; reads every approved vendor: ~0.5 s at 100,000).
 */
export async function searchLexicon(db: DbOrTx): Promise<LexiconEntry[]> {
  const rows = await db
    .select({ lexeme: sql<string>`word`, vendors: sql<number>`ndoc` })
    .from(
      sql`ts_stat('select search_vector from vendor_profiles where vetting_status = ''approved''')`,
    );
  return rows.map((r) => ({ lexeme: r.lexeme, vendors: Number(r.vendors) }));
}

/**
 * The English stem of each word (PostgreSQL's `english` text search configuration, as
 * `search_vector` has it), or null for a stop word ("the", "me"). Words must not hold spaces.
 */
export async function englishStems(
  db: DbOrTx,
  words: readonly string[],
): Promise<Map<string, string | null>> {
  if (words.length === 0) return new Map();
  const rows = await db
    .select({
      word: sql<string>`w`,
      lexemes: sql<string[]>`tsvector_to_array(to_tsvector('english', w))`,
    })
    .from(sql`regexp_split_to_table(${words.join(' ')}, ' ') as w`);
  return new Map(rows.map((r) => [r.word, r.lexemes[0] ?? null]));
}

// ─── vendors ─────────────────────────────────────────────────────────────────────────────────

/**
 * Vendors within `radiusKm` (great-circle) of `point`: a GiST box test, then the exact distance,
 * compared as chords (the same test as `earth_distance <= radius`, without its trigonometry per
 * candidate).
 */
function withinSql(point: { lat: number; lng: number }, radiusKm: number): SQL {
  const meters = radiusKm * 1000;
  return sql`(earth_box(${earthPoint(point)}, ${meters}::float8) @> ${vendorEarth}
    and ${chordMetersSql(point)} <= ${chordOfSql(meters)})`;
}

const num = (n: number) => sql.raw(String(n));

/** A search as the catalogue service resolved it (policy.ts): every part optional but the page. */
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
    conditions.push(sql`${vp.searchText} ilike ${`%${escapeLike(text.text)}%`}`);
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
  // Approved vendors, of the category when one is asked for: its primary vendors through the
  // partial index; the few others by id (so a count of a category alone is index-only).
  const category = search.category;
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
  const where = and(byOther ? sql`(${byPrimary} or ${byOther})` : byPrimary, ...conditions);

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
      const parts = [sql`${num(w.rating)} * ${rating}`];
      if (textScore) parts.push(sql`${num(w.text)} * ${textScore}`);
      if (point) {
        parts.push(
          sql`${num(w.distance)} / (1 + ${chordMetersSql(point)} / ${num(DISTANCE_SCALE_KM * 1000)})`,
        );
      }
      orderBy = [sql`(${sql.join(parts, sql` + `)}) desc`];
    }
  }
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

/**
 * The currency of the approved vendor nearest to `point` that has an active service (its
 * cheapest one's): the customer's local currency (issue #9: one currency per area). Null when
 * no vendor has a service. One step of the GiST index's nearest-first scan.
 */
export async function nearestCurrency(
  db: DbOrTx,
  point: { lat: number; lng: number },
): Promise<string | null> {
  const [row] = await db
    .select({ currency: sql<string>`s.currency` })
    .from(vp)
    .innerJoin(
      sql`lateral (select s.currency from services s where ${activeServicesSql()} order by s.price asc, s.id asc limit 1) s`,
      sql`true`,
    )
    .where(isApproved)
    .orderBy(sql`${vendorEarth} <-> ${earthPoint(point)}`)
    .limit(1);
  return row?.currency ?? null;
}

// ─── type-ahead (issue #9) ───────────────────────────────────────────────────────────────────

/** Most candidates a type-ahead list ranks: bounded work whatever the catalogue's size. */
const SUGGEST_CANDIDATES = 50;

/**
 * Type-ahead suggestions for `q` (`prefixQuery`: a `tsquery` of word prefixes, see the service):
 * categories whose name or description nearly contains `q` (pg_trgm `word_similarity`, a small
 * table), and services and approved vendors whose title or business name has words starting
 * with the typed ones (GIN indexes on `to_tsvector('simple', …)`), within `radiusKm` of `point`
 * when given, nearest first (else most reviewed first). At most `limit` of each.
 */
export async function suggest(
  db: DbOrTx,
  opts: {
    q: string;
    prefixQuery: string | null;
    point?: { lat: number; lng: number };
    radiusKm: number;
    limit: number;
  },
) {
  const categoriesFound = db
    .select({ slug: categories.slug, name: categories.name })
    .from(categories)
    .where(
      sql`${opts.q} <% (${categories.name} || ' ' || ${categories.description})
        or ${opts.q} <% ${categories.name}`,
    )
    .orderBy(
      sql`word_similarity(${opts.q}, ${categories.name}) desc`,
      sql`word_similarity(${opts.q}, ${categories.name} || ' ' || ${categories.description}) desc`,
      asc(categories.sort),
    )
    .limit(opts.limit);
  if (!opts.prefixQuery) {
    return { categories: await categoriesFound, services: [], vendors: [] };
  }
  const query = sql`to_tsquery('simple', ${opts.prefixQuery})`;
  const reach = opts.point ? withinSql(opts.point, opts.radiusKm) : sql`true`;
  // Nearest first with a place (the GiST distance), else most reviewed first.
  const rank = opts.point
    ? sql<number>`${vendorEarth} <-> ${earthPoint(opts.point)}`
    : sql<number>`-${vp.ratingCount}`;
  const vendorCandidates = db
    .select({ id: vp.id, businessName: vp.businessName, rank: rank.as('rank') })
    .from(vp)
    .where(and(isApproved, sql`to_tsvector('simple', ${vp.businessName}) @@ ${query}`, reach))
    .limit(SUGGEST_CANDIDATES)
    .as('vendor_candidates');
  const serviceCandidates = db
    .select({
      id: services.id,
      title: services.title,
      vendorName: vp.businessName,
      rank: rank.as('rank'),
    })
    .from(services)
    .innerJoin(vp, eq(vp.id, services.vendorId))
    .where(
      and(
        eq(services.active, true),
        isApproved,
        sql`to_tsvector('simple', ${services.title}) @@ ${query}`,
        reach,
      ),
    )
    .limit(SUGGEST_CANDIDATES)
    .as('service_candidates');
  const [cats, vendorRows, serviceRows] = await Promise.all([
    categoriesFound,
    db
      .select({ id: vendorCandidates.id, businessName: vendorCandidates.businessName })
      .from(vendorCandidates)
      .orderBy(asc(vendorCandidates.rank), asc(vendorCandidates.id))
      .limit(opts.limit),
    db
      .select({
        id: serviceCandidates.id,
        title: serviceCandidates.title,
        vendorName: serviceCandidates.vendorName,
      })
      .from(serviceCandidates)
      .orderBy(asc(serviceCandidates.rank), asc(serviceCandidates.id)),
  ]);
  // One service per title: the same job from many pros is one suggestion (its best pro's).
  const seen = new Set<string>();
  const distinctServices = serviceRows.filter((s) => {
    const key = s.title.toLowerCase();
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  return {
    categories: cats,
    vendors: vendorRows,
    services: distinctServices.slice(0, opts.limit),
  };
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

/**
 * A service customers may see and book: active, not archived (#8; archiving also clears
 * `active`, checked here all the same) and of an approved vendor.
 */
const isBookableService = and(eq(services.active, true), isNull(services.archivedAt), isApproved);

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
 * Locks the vendor's profile row (`FOR NO KEY UPDATE`) until the transaction ends: every change
 * to a vendor's time (a booking, a move, a waitlist offer) is serialised on it, taken before the
 * order and payment rows (lock order vendor → order → payment → waitlist entry, and why not
 * `FOR UPDATE`: db/transaction.ts).
 */
export async function lockVendor(tx: DbOrTx, vendorId: string): Promise<void> {
  await tx.select({ id: vp.id }).from(vp).where(eq(vp.id, vendorId)).for('no key update');
}

const offeredService = alias(services, 'offered_service');
/** End of an offered slot: its start plus the offered service's duration. */
const offerEnds = sql`(${waitlistEntries.offeredStartsAt} + make_interval(mins => ${offeredService.durationMinutes}))`;

/**
 * The condition "this waitlist offer holds the vendor's time in `range` at `now`" (issue #9): an
 * entry `offered` for a service of the vendor whose hold (`offer_expires_at`) has not passed, its
 * slot overlapping `range`. `exceptCustomerId`: the customer the slot is held for (no obstacle to
 * them). Reads the waitlist's table directly: the smallest way to make every slot computation
 * see offers, as agreed for issue #9 (the waitlist domain owns the rows).
 */
function heldOfferCondition(
  vendorId: string | AnyPgColumn,
  range: Interval,
  now: Date,
  exceptCustomerId?: string,
): SQL {
  const conditions = [
    eq(offeredService.vendorId, vendorId),
    eq(waitlistEntries.status, 'offered'),
    gt(waitlistEntries.offerExpiresAt, now),
    lt(waitlistEntries.offeredStartsAt, range.endsAt),
    sql`${offerEnds} > ${range.startsAt.toISOString()}::timestamptz`,
  ];
  if (exceptCustomerId) conditions.push(ne(waitlistEntries.customerId, exceptCustomerId));
  return and(...conditions)!;
}

/**
 * Time of the vendor taken in [from, to) at `now`: live orders, unpaid ones whose hold has not
 * expired, and slots held for a waitlisted customer (issue #9). `excludeOrderId` leaves one order
 * out (the one being paid or moved); `exceptOfferOf` leaves out the offers held for that customer
 * (they may book what is held for them).
 */
export async function blockingOrders(
  db: DbOrTx,
  vendorId: string,
  range: Interval,
  now: Date,
  excludeOrderId?: string,
  exceptOfferOf?: string,
): Promise<Interval[]> {
  // One query (the slot picker's budget, issue #10): orders and held offers as epoch ms.
  const rows = await db
    .select({
      startsAt: sql<number>`extract(epoch from ${orders.startsAt}) * 1000`.as('starts_ms'),
      endsAt: sql<number>`extract(epoch from ${orders.endsAt}) * 1000`.as('ends_ms'),
    })
    .from(orders)
    .where(blockingOrderCondition(vendorId, range, now, excludeOrderId))
    .unionAll(
      db
        .select({
          startsAt: sql<number>`extract(epoch from ${waitlistEntries.offeredStartsAt}) * 1000`.as(
            'starts_ms',
          ),
          endsAt: sql<number>`extract(epoch from ${offerEnds}) * 1000`.as('ends_ms'),
        })
        .from(waitlistEntries)
        .innerJoin(offeredService, eq(offeredService.id, waitlistEntries.serviceId))
        .where(heldOfferCondition(vendorId, range, now, exceptOfferOf)),
    );
  return rows.map((r) => ({
    startsAt: new Date(Number(r.startsAt)),
    endsAt: new Date(Number(r.endsAt)),
  }));
}

/** Everything the slot picker of one service needs, see {@link slotSource}. */
export interface SlotSource {
  vendorId: string;
  durationMinutes: number;
  /** IANA zone of the vendor's opening hours. */
  timeZone: string;
  /** Weekly opening hours, by weekday then start. */
  rules: WeeklyRule[];
  /** Dated exceptions (#8) from a week before `now` on: local date → ranges (none: closed). */
  exceptions: Map<string, MinuteRange[]>;
  /** Minutes between now and the earliest bookable start (#8). */
  minNoticeMinutes: number;
  /** Minutes kept free after each booking (#8). */
  bufferMinutes: number;
  /** Days after the vendor's today that slots are offered (#8). */
  horizonDays: number;
  /** Time taken by orders in the range asked for (see {@link blockingOrders}). */
  blocking: Interval[];
}

/**
 * Exceptions older than this many days before `now` are not read: the slot picker starts at
 * most `SLOT_WINDOW_PAST_DAYS` (7) back, plus a day for the widest zone offset.
 */
const EXCEPTIONS_PAST_DAYS = 8;

/**
 * The slot picker's input for an active service of an approved vendor in ONE query (issue #10):
 * the service's duration and zone, the vendor's opening hours, exceptions and booking rules
 * (issue #8), and the orders and held offers blocking its time in `range` at `now` — aggregated
 * to JSON (times as epoch milliseconds). Null when the service is not bookable. Booking reads the
 * same (catalogue `checkSlot`), leaving out `excludeOrderId` (an order being moved) and the
 * offers held for `exceptOfferOf`.
 */
export async function slotSource(
  db: DbOrTx,
  serviceId: string,
  range: Interval,
  now: Date,
  opts: { excludeOrderId?: string; exceptOfferOf?: string } = {},
): Promise<SlotSource | null> {
  const exceptionsFrom = new Date(now.getTime() - EXCEPTIONS_PAST_DAYS * 86_400_000)
    .toISOString()
    .slice(0, 10);
  const exceptions = db
    .select({
      json: sql`coalesce(json_agg(json_build_array(${availabilityExceptions.date}, ${availabilityExceptions.ranges}) order by ${availabilityExceptions.date}), '[]'::json)`,
    })
    .from(availabilityExceptions)
    .where(
      and(
        eq(availabilityExceptions.vendorId, services.vendorId),
        gte(availabilityExceptions.date, exceptionsFrom),
      ),
    );
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
    .where(blockingOrderCondition(services.vendorId, range, now, opts.excludeOrderId));
  // Slots held for a waitlisted customer (issue #9) are taken for everyone else.
  const held = db
    .select({
      json: sql`coalesce(json_agg(json_build_array(extract(epoch from ${waitlistEntries.offeredStartsAt}) * 1000, extract(epoch from ${offerEnds}) * 1000)), '[]'::json)`,
    })
    .from(waitlistEntries)
    .innerJoin(offeredService, eq(offeredService.id, waitlistEntries.serviceId))
    .where(heldOfferCondition(services.vendorId, range, now, opts.exceptOfferOf));
  const [row] = await db
    .select({
      vendorId: services.vendorId,
      durationMinutes: services.durationMinutes,
      timeZone: vp.timeZone,
      minNoticeMinutes: vp.minNoticeMinutes,
      bufferMinutes: vp.bufferMinutes,
      horizonDays: vp.horizonDays,
      rules: sql<Array<[number, number, number]>>`(${rules})`,
      exceptions: sql<Array<[string, Array<{ start: string; end: string }>]>>`(${exceptions})`,
      blocking: sql<Array<[number | string, number | string]>>`(${blocking})`,
      held: sql<Array<[number | string, number | string]>>`(${held})`,
    })
    .from(services)
    .innerJoin(vp, eq(vp.id, services.vendorId))
    .where(and(eq(services.id, serviceId), isBookableService));
  if (!row) return null;
  return {
    vendorId: row.vendorId,
    durationMinutes: row.durationMinutes,
    timeZone: row.timeZone,
    minNoticeMinutes: row.minNoticeMinutes,
    bufferMinutes: row.bufferMinutes,
    horizonDays: row.horizonDays,
    rules: row.rules.map(([weekday, startMinute, endMinute]) => ({
      weekday,
      startMinute,
      endMinute,
    })),
    exceptions: new Map(
      row.exceptions.map(([date, ranges]) => [
        date,
        ranges.map((r) => ({
          startMinute: minutesOfTime(r.start),
          endMinute: minutesOfTime(r.end),
        })),
      ]),
    ),
    // json numbers; `extract` gives numeric, which PostgreSQL writes as a JSON number.
    blocking: [...row.blocking, ...row.held].map(([startsAt, endsAt]) => ({
      startsAt: new Date(Number(startsAt)),
      endsAt: new Date(Number(endsAt)),
    })),
  };
}
