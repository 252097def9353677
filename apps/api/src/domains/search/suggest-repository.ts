/**
 * Type-ahead queries of the search domain (ARCHITECTURE §1a): categories, services and approved
 * vendors whose names start with the typed words, nearest (or most reviewed) first.
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { categories, services } from '../../db/schema';
import { earthPoint, isApproved, vendorEarth, vp, withinSql } from '../catalogue';

/** Most candidates a type-ahead list ranks: bounded work whatever the catalogue's size. */
const SUGGEST_CANDIDATES = 50;

/** What {@link suggest} looks for. */
export interface SuggestQuery {
  q: string;
  prefixQuery: string | null;
  point?: { lat: number; lng: number };
  radiusKm: number;
  limit: number;
}

/** Categories whose name or description nearly contains `q` (pg_trgm), at most `limit`. */
function categoriesLike(db: DbOrTx, opts: SuggestQuery) {
  return db
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
}

/**
 * Services and approved vendors whose title or business name matches `prefixQuery`, within
 * reach of `point`, at most {@link SUGGEST_CANDIDATES} each, as subqueries carrying their rank.
 */
function candidates(db: DbOrTx, opts: SuggestQuery & { prefixQuery: string }) {
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
  return { vendorCandidates, serviceCandidates };
}

/**
 * Type-ahead suggestions for `q` (`prefixQuery`: a `tsquery` of word prefixes, see the service):
 * categories whose name or description nearly contains `q` (pg_trgm `word_similarity`, a small
 * table), and services and approved vendors whose title or business name has words starting
 * with the typed ones (GIN indexes on `to_tsvector('simple', …)`), within `radiusKm` of `point`
 * when given, nearest first (else most reviewed first). At most `limit` of each.
 */
export async function suggest(db: DbOrTx, opts: SuggestQuery) {
  const categoriesFound = categoriesLike(db, opts);
  if (!opts.prefixQuery) {
    return { categories: await categoriesFound, services: [], vendors: [] };
  }
  const { vendorCandidates, serviceCandidates } = candidates(db, {
    ...opts,
    prefixQuery: opts.prefixQuery,
  });
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
