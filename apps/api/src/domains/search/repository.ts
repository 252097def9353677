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
