/**
 * `GET /v1/vendors`: a page of approved vendors for a customer's search — text through the
 * vocabulary, filters, area defaults, order — with what was applied, and categories in reach when
 * nothing matched.
 */
import type { VendorListParams, VendorSearchPage } from '@vetted/contract';
import type { DbOrTx } from '../../../db/client';
import { toSummary } from '../../catalogue';
import type { Geocoder } from '../../places';
import { weekdayOfDate } from '../../scheduling';
import { areaDefaults, effectiveSort, type TextSearch } from '../policy';
import * as repo from '../repository';
import { resolveSearchPlace, type SearchPlace, withoutPlaceWords } from '../search-place';
import { searchVendors, type VendorSearch } from '../search-vendors-repository';

/** Categories suggested when a search finds nothing. */
const SUGGESTED_CATEGORIES = 6;

/** What a vendor search needs: the database, the city index, and the search service's caches. */
export interface ListVendorsDeps {
  db: DbOrTx;
  /** Resolves cities named in a query ("plumber in Boston", search-place.ts). */
  geocoder: Geocoder;
  /** The text part of a search (policy.ts `planTextSearch`, through the vocabulary). */
  planText(q: string): Promise<TextSearch>;
  /** The local currency at `point` (repository.ts `nearestCurrency`, cached). */
  nearestCurrency(point: { lat: number; lng: number }): Promise<string | null>;
}

/** The place words of `query.q` resolved: the text left, the place and the point searched from. */
async function placeOf(
  deps: ListVendorsDeps,
  query: VendorListParams,
  userId: string | null,
): Promise<{ where: SearchPlace | null; q?: string; point?: { lat: number; lng: number } }> {
  const sent =
    query.lat !== undefined && query.lng !== undefined
      ? { lat: query.lat, lng: query.lng }
      : undefined;
  const where = !query.q
    ? null
    : query.placeWords === 'auto'
      ? await resolveSearchPlace({ db: deps.db, geocoder: deps.geocoder }, query.q, sent, userId)
      : withoutPlaceWords(query.q);
  const q = where?.text || undefined;
  const point = where?.place ? { lat: where.place.lat, lng: where.place.lng } : sent;
  return { where, q, point };
}

/**
 * A page of approved vendors for `GET /v1/vendors`: `q` through the vocabulary (stems,
 * relatives, corrections: policy.ts `planTextSearch`), the filters, the area defaults of a
 * customer with a place (`areaDefaults`), the order; what was applied, and categories in reach
 * when nothing matched. Place words in `q` (search-place.ts) centre the search: "near me" on
 * `userId`'s default saved place (else the sent lat/lng), a named city on that city; the rest of
 * `q` is the text searched.
 */
export async function listVendors(
  deps: ListVendorsDeps,
  query: VendorListParams,
  userId: string | null = null,
): Promise<VendorSearchPage> {
  const { db } = deps;
  const { where, q, point } = await placeOf(deps, query, userId);
  const sort = effectiveSort(query.sort, point !== undefined);
  const hasPriceFilter = query.minPrice !== undefined || query.maxPrice !== undefined;
  const defaults = areaDefaults({
    hasPlace: point !== undefined,
    area: query.area,
    sort,
    radiusKm: query.radiusKm,
    currency: query.currency,
    hasPriceFilter,
  });
  // A category alone is read from indexes (its few vendors beyond the primary ones first);
  // with text or a radius, the few hundred candidates are checked one by one instead.
  const narrowed = Boolean(q) || defaults.radiusKm !== undefined;
  const [text, localCurrency, category] = await Promise.all([
    q ? deps.planText(q) : undefined,
    point && defaults.localCurrency ? deps.nearestCurrency(point) : undefined,
    query.category
      ? narrowed
        ? { slug: query.category }
        : repo.categoryForSearch(db, query.category)
      : undefined,
  ]);
  const currency = query.currency ?? localCurrency ?? undefined;
  const search: VendorSearch = {
    page: query.page,
    pageSize: query.pageSize,
    category: category ?? undefined,
    text,
    point,
    radiusKm: defaults.radiusKm,
    currency,
    minPrice: currency ? query.minPrice : undefined,
    maxPrice: currency ? query.maxPrice : undefined,
    minRating: query.minRating,
    weekday: query.date ? weekdayOfDate(query.date) : undefined,
    sort,
  };
  // An unknown category matches nothing.
  const { rows, total } =
    category === null ? { rows: [], total: 0 } : await searchVendors(db, search);
  const suggestedCategories =
    total === 0
      ? await repo.categoriesInReach(
          db,
          { point, radiusKm: defaults.radiusKm },
          SUGGESTED_CATEGORIES,
        )
      : [];
  return {
    items: rows.map(toSummary),
    page: query.page,
    pageSize: query.pageSize,
    total,
    totalPages: Math.ceil(total / query.pageSize),
    applied: {
      sort,
      radiusKm: defaults.radiusKm ?? null,
      currency: currency ?? null,
      areaDefaults:
        (query.radiusKm === undefined && defaults.radiusKm !== undefined) ||
        (query.currency === undefined && localCurrency != null),
      ignoredWords: text?.ignoredWords ?? [],
      text: q ?? null,
      place: where?.place ?? null,
      placeNeeded: where?.placeNeeded ?? false,
    },
    suggestedCategories,
  };
}
