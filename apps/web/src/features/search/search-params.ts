import type { VendorListQuery } from '@vetted/contract';

/** The orders a search page offers (the contract's, without the old `recommended`). */
export type SearchSort = 'relevance' | 'distance' | 'rating' | 'price';

/**
 * What a search asks for besides the page, as the `/search` URL holds it. Absent
 * fields are not filtered on. Prices are minor units of `currency` (or of the customer's local
 * currency when absent). `area: 'off'` turns off the area defaults of a customer with a place.
 */
export interface SearchFilters {
  q?: string;
  category?: string;
  minPrice?: number;
  maxPrice?: number;
  currency?: string;
  minRating?: number;
  /** `YYYY-MM-DD`: pros with opening hours that weekday. */
  date?: string;
  radiusKm?: number;
  area?: 'off';
  /**
   * `none`: search everywhere — not around the customer's saved place or position, nor a place
   * the words name ("in Boston" stays text).
   */
  place?: 'none';
  sort?: SearchSort;
}

const SORTS: readonly SearchSort[] = ['relevance', 'distance', 'rating', 'price'];

function number(value: string | null, { min, max }: { min: number; max: number }) {
  if (value === null || value.trim() === '') return undefined;
  const n = Number(value);
  return Number.isFinite(n) && n >= min && n <= max ? n : undefined;
}

/**
 * The filters and page of a `/search` query string. Values that cannot be right (a price that
 * is not a number, an unknown sort) are left out rather than sent to be refused; `recommended`,
 * the old name of relevance, is read as it.
 */
export function readSearchParams(params: URLSearchParams): {
  filters: SearchFilters;
  page: number;
} {
  const text = (name: string) => params.get(name)?.trim() || undefined;
  const sort = params.get('sort') === 'recommended' ? 'relevance' : params.get('sort');
  const date = text('date');
  const currency = text('currency')?.toUpperCase();
  const filters: SearchFilters = {
    q: text('q'),
    category: text('category'),
    minPrice: number(params.get('minPrice'), { min: 0, max: 100_000_000 }),
    maxPrice: number(params.get('maxPrice'), { min: 0, max: 100_000_000 }),
    currency: currency && /^[A-Z]{3}$/.test(currency) ? currency : undefined,
    minRating: number(params.get('minRating'), { min: 0, max: 5 }),
    date: date && /^\d{4}-\d{2}-\d{2}$/.test(date) ? date : undefined,
    radiusKm: number(params.get('radiusKm'), { min: 1, max: 20_000 }),
    area: params.get('area') === 'off' ? 'off' : undefined,
    place: params.get('place') === 'none' ? 'none' : undefined,
    sort: SORTS.includes(sort as SearchSort) ? (sort as SearchSort) : undefined,
  };
  const page = Math.max(1, Math.floor(Number(params.get('page'))) || 1);
  return { filters: dropEmpty(filters), page };
}

/** The `/search` query string of `filters` and `page` (page 1 and empty fields left out). */
export function searchParamsOf(filters: SearchFilters, page = 1): URLSearchParams {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(dropEmpty(filters))) params.set(key, String(value));
  if (page > 1) params.set('page', String(page));
  return params;
}

/**
 * The `GET /v1/vendors` query of a search: its filters, page and the customer's place (for
 * distances and the area defaults) unless the search is `place: 'none'` (then the API reads no
 * place words either: `placeWords: 'off'`). Without a place, `distance` is not asked for.
 */
export function vendorQueryOf(
  filters: SearchFilters,
  page: number,
  customerPlace: { lat: number; lng: number } | null,
  pageSize = 12,
): VendorListQuery {
  const { sort, radiusKm, place: where, ...rest } = filters;
  const place = where === 'none' ? null : customerPlace;
  const words = where === 'none' ? { placeWords: 'off' as const } : {};
  return {
    ...rest,
    page,
    pageSize,
    sort: sort === 'distance' && !place ? undefined : sort,
    ...(place ? { lat: place.lat, lng: place.lng, radiusKm } : {}),
    ...words,
  };
}

/** Results per page of a search screen. */
export const SEARCH_PAGE_SIZE = 12;

/**
 * The `GET /v1/vendors` query of the first render of a search screen for `search` (a query
 * string, with or without its `?`) around `place`: the default saved place of a signed-in
 * person's account, or null — a visitor with no place of their own (signed out, or none saved
 * in the account; a place kept in the browser is read only after hydration). What the server
 * renders the page with (entry-server.tsx `searchPageQuery`), and what the page's first render
 * asks for, so its SWR key is the same.
 */
export function firstPageQueryOf(
  search: string,
  place: { lat: number; lng: number } | null = null,
): VendorListQuery {
  const { filters, page } = readSearchParams(new URLSearchParams(search));
  return vendorQueryOf(filters, page, place, SEARCH_PAGE_SIZE);
}

function dropEmpty<T extends object>(value: T): T {
  return Object.fromEntries(
    Object.entries(value).filter(([, v]) => v !== undefined && v !== null && v !== ''),
  ) as T;
}
