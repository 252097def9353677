import type { VendorSearchPage } from '@vetted/contract';
import { buildLink, ROUTES } from '@vetted/session';
import { distanceUnitFor } from '@vetted/ui';
import * as React from 'react';
import { useSearchParams } from 'wouter';
import { PlaceChip, type SearchPlace } from '../../components/place-chip';
import { SearchBox } from '../../components/search-box';
import { useAddresses } from '../account';
import { useCategories } from '../../lib/hooks/use-categories';
import { useVendors } from './use-vendors';
import { useHydrated } from '../../lib/hydration';
import {
  CURRENT_LOCATION_LABEL,
  getBrowserPosition,
  type SavedLocation,
  saveLocation,
  useSavedLocation,
} from '../../lib/location';
import { useSession } from '../../lib/session';
import { todayIn } from '../../lib/format';
import { browserRegion } from '../../lib/viewer-distance';
import { toast } from '../../lib/toast';
import {
  readSearchParams,
  SEARCH_PAGE_SIZE,
  type SearchFilters,
  searchParamsOf,
  vendorQueryOf,
} from './search-params';
import { SearchView } from './search-view';

/**
 * Where the search is centred, as the chip shows it: the place the API applied for the words of
 * the query ("near me", "in Boston"), else the customer's own (saved, or this device's position)
 * unless they cleared it; with the country that picks the distance unit.
 */
function searchPlaceOf(
  filters: SearchFilters,
  applied: VendorSearchPage['applied'] | undefined,
  own: SavedLocation | null,
): (SearchPlace & { country: string | null }) | null {
  if (applied?.place) return applied.place;
  if (applied?.placeNeeded || filters.place === 'none' || !own) return null;
  return {
    name: own.id ? own.label : CURRENT_LOCATION_LABEL,
    source: own.id ? 'saved' : 'browser',
    country: own.country ?? null,
  };
}

/**
 * `/search?q=` (spec §2 search target): see {@link SearchScreen}. For a signed-out visitor the
 * API renders it per request with its query and first page of results (entry-server.tsx
 * `renderSearchPage`), and the browser hydrates that without asking for the page again.
 */
export function SearchPage() {
  return <SearchScreen searchPath={ROUTES.search} />;
}

/**
 * A search screen (`/search`, and the signed-in `/user/services`): the search in the URL —
 * text, filters, order, page, `place=none` — asked of `GET /v1/vendors` around the customer's
 * default saved place (else this device's position) by default, so every result shows its
 * distance (miles for US and UK places, km elsewhere); place words in the query ("near me",
 * "in Boston") are read by the API, and the chip says which place applied. A signed-in
 * customer's first search waits for their places, so it is not first asked without one.
 */
export function SearchScreen({ searchPath }: { searchPath: string }) {
  const [params, setParams] = useSearchParams();
  const { filters, page } = readSearchParams(params);
  const own = useSavedLocation();
  const { role, session } = useSession();
  const { data: places } = useAddresses(session !== null);
  const placeKnown = session === null || places !== undefined;
  const { data: categories } = useCategories();
  const hydrated = useHydrated();
  const { data, error, isLoading, isValidating, mutate } = useVendors(
    placeKnown ? vendorQueryOf(filters, page, own, SEARCH_PAGE_SIZE) : null,
  );
  const [locating, setLocating] = React.useState(false);
  const place = searchPlaceOf(filters, data?.applied, own);
  const unit = distanceUnitFor(place?.country ?? (hydrated ? browserRegion() : null));
  const search = (next: SearchFilters, p = 1) => setParams(searchParamsOf(next, p));

  const locate = async () => {
    setLocating(true);
    try {
      const position = await getBrowserPosition();
      saveLocation({ ...position, label: CURRENT_LOCATION_LABEL });
      search({ ...filters, place: undefined });
    } catch (err) {
      toast.error((err as Error).message);
    } finally {
      setLocating(false);
    }
  };
  // Searching everywhere: without the customer's own place, nor one the words name.
  const clearPlace = () => search({ ...filters, place: 'none' });
  const placeHref = role === 'customer' ? ROUTES.user.location : ROUTES.login;

  // A customer opens the in-app pro page (messages, booking); everyone else the public one,
  // which needs no account.
  const vendorHref = (v: { id: string; slug: string }) =>
    role === 'customer'
      ? buildLink(ROUTES.user.vendor, { params: { id: v.id } })
      : buildLink(ROUTES.pro, { params: { slug: v.slug } });

  return (
    <SearchView
      filters={filters}
      data={data}
      isLoading={isLoading}
      isValidating={isValidating}
      error={error}
      onRetry={() => mutate()}
      categories={categories}
      placeLabel={place ? place.name : null}
      distanceUnit={unit}
      placeChip={
        <PlaceChip
          place={place}
          placeNeeded={data?.applied.placeNeeded}
          changeHref={placeHref}
          onClear={clearPlace}
          onLocate={locate}
          locating={locating}
        />
      }
      today={hydrated ? todayIn() : undefined}
      searchBox={<SearchBox id="search-q" defaultValue={filters.q ?? ''} searchPath={searchPath} />}
      onFiltersChange={(next) => search(next)}
      onPageChange={(p) => search(filters, p)}
      hrefFor={vendorHref}
      placeHref={placeHref}
    />
  );
}
