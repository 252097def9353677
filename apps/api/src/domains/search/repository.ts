/**
 * Drizzle queries of the search domain (ARCHITECTURE §1a) besides the search itself
 * (search-vendors-repository.ts) and type-ahead (suggest-repository.ts): the columns search reads
 * of a vendor, its vocabulary and stems, a category's vendors, and the local currency. Each takes
 * `db` or a transaction.
 */
import { asc, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { categories } from '../../db/schema';
import {
  activeServicesSql,
  earthPoint,
  isApproved,
  vendorEarth,
  vendorInCategorySql,
  vp,
  withinSql,
} from '../catalogue';
import type { LexiconEntry } from './policy';

/**
 * The category with `slug` for a search: its id (null when unknown) and the
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

/**
 * Categories with approved vendors within `radiusKm` of `point` (anywhere without them), most
 * vendors first, at most `limit`: what a search that found nothing suggests.
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

// ─── search text ──────────────────────────────────────────────────────────────────

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

/**
 * The currency of the approved vendor nearest to `point` that has an active service (its
 * cheapest one's): the customer's local currency (one currency per area). Null when
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
