import { buildLink, ROUTES } from '@vetted/session';
import { useSearchParams } from 'wouter';
import { SearchBox } from '../../components/search-box';
import { useCategories } from '../../hooks/use-categories';
import { useVendors } from '../../hooks/use-vendors';
import { useHydrated } from '../../lib/hydration';
import { useSavedLocation } from '../../lib/location';
import { useSession } from '../../lib/session';
import { readSearchParams, searchParamsOf, vendorQueryOf } from './search-params';
import { SearchView } from './search-view';

/** Results per page. */
const PAGE_SIZE = 12;

/** Today in the browser's zone as `YYYY-MM-DD`. */
function localToday(): string {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

/**
 * `/search?q=` (spec §2 search target; issue #9): the search in the URL — text, filters, order,
 * page — asked of `GET /v1/vendors` with the customer's saved place (distances, their area).
 * Prerendered as an empty search and hydrated with it; wouter then gives the real query string
 * (app.tsx `ssrSearch`), and the page re-renders in place with it.
 */
export function SearchPage() {
  const [params, setParams] = useSearchParams();
  const { filters, page } = readSearchParams(params);
  const place = useSavedLocation();
  const { role } = useSession();
  const { data: categories } = useCategories();
  const hydrated = useHydrated();
  const { data, error, isLoading, isValidating, mutate } = useVendors(
    vendorQueryOf(filters, page, place, PAGE_SIZE),
  );

  const vendorHref = (id: string) => {
    const target = buildLink(ROUTES.user.vendor, { params: { id } });
    if (role === 'customer') return target;
    return buildLink(ROUTES.login, { query: { redirect: target } });
  };

  return (
    <SearchView
      filters={filters}
      data={data}
      isLoading={isLoading}
      isValidating={isValidating}
      error={error}
      onRetry={() => mutate()}
      categories={categories}
      placeLabel={place ? place.label : null}
      today={hydrated ? localToday() : undefined}
      searchBox={<SearchBox id="search-q" defaultValue={filters.q ?? ''} />}
      onFiltersChange={(next) => setParams(searchParamsOf(next))}
      onPageChange={(p) => setParams(searchParamsOf(filters, p))}
      hrefFor={(v) => vendorHref(v.id)}
      placeHref={role === 'customer' ? ROUTES.user.location : ROUTES.login}
    />
  );
}
