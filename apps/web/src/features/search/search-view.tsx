import type { Category, VendorSearchPage, VendorSummary } from '@vetted/contract';
import { type DistanceUnit, PageHeader } from '@vetted/ui';
import { Container } from '@vetted/ui/app-shell';
import * as React from 'react';
import { GetQuotesCallout } from '../quotes';
import { VendorListView } from '../services';
import { activeFilters } from './active-filters';
import { FilterPanel } from './filter-panel';
import type { SearchFilters } from './search-params';
import {
  ActiveFilterChips,
  FilterSheet,
  IgnoredWordsNote,
  NoResultsAction,
  SetPlaceHint,
  SORT_LABELS,
  SortSelect,
} from './search-parts';

export interface SearchViewProps {
  /** The search as the URL holds it. */
  filters: SearchFilters;
  /** The answer for it; undefined while the first one loads. */
  data?: VendorSearchPage;
  isLoading?: boolean;
  /** Fetching a newer answer while `data` still shows. */
  isValidating?: boolean;
  error?: Error | null;
  onRetry?: () => void;
  /** For category names and the category filter. */
  categories?: Category[];
  /** The customer's place ("Near …"); null: none saved. */
  placeLabel: string | null;
  /** Today as `YYYY-MM-DD`; undefined while hydrating a prerendered page (the build's day). */
  today?: string;
  /** The search field (with type-ahead), kept in the page. */
  searchBox: React.ReactNode;
  /** A new search (page 1). */
  onFiltersChange: (filters: SearchFilters) => void;
  onPageChange: (page: number) => void;
  /** Link of a result. */
  hrefFor: (vendor: VendorSummary) => string;
  /** Link of the page where the customer sets their place. */
  placeHref: string;
  /**
   * Where the search looks (features/search/place-chip.tsx), shown above the filters; without it, a
   * link to set a place shows while there is none.
   */
  placeChip?: React.ReactNode;
  /** Unit of the results' distances and the radius chip. @defaultValue 'kilometer' */
  distanceUnit?: DistanceUnit;
}

/**
 * `/search`: the search field keeps the query; active filters as removable chips
 * (the customer's area defaults marked as such); a filter panel (a sidebar on wide screens, a
 * sheet on phones); the order; results with distance and price in one currency; pagination;
 * and, when nothing matches, categories with pros in reach.
 */
export function SearchView({
  filters,
  data,
  isLoading,
  isValidating,
  error,
  onRetry,
  categories,
  placeLabel,
  today,
  searchBox,
  onFiltersChange,
  onPageChange,
  hrefFor,
  placeHref,
  placeChip,
  distanceUnit = 'kilometer',
}: SearchViewProps) {
  const [sheetOpen, setSheetOpen] = React.useState(false);
  const categoryName = (slug: string) => categories?.find((c) => c.slug === slug)?.name ?? slug;
  const chips = activeFilters(filters, data?.applied, categoryName, distanceUnit);
  const chosen = chips.filter((c) => !c.applied);
  const hasPlace = placeLabel !== null;
  const currency = filters.currency ?? data?.applied.currency ?? null;
  const sort = data?.applied.sort ?? filters.sort ?? 'relevance';
  const title = filters.q
    ? `Results for “${filters.q}”`
    : filters.category
      ? categoryName(filters.category)
      : 'Find a pro';
  const description = hasPlace
    ? `Vetted pros near ${placeLabel || 'your place'}, ${SORT_LABELS[sort].toLowerCase()} first.`
    : 'Vetted pros everywhere we work. Set your location to see who is nearest, with prices in your currency.';
  const apply = (next: SearchFilters) => {
    setSheetOpen(false);
    onFiltersChange(next);
  };
  const panel = (idPrefix: string) => (
    <FilterPanel
      idPrefix={idPrefix}
      filters={filters}
      categories={categories}
      currency={currency}
      hasPlace={hasPlace}
      distanceUnit={distanceUnit}
      today={today}
      onApply={apply}
    />
  );
  const suggestions = data?.suggestedCategories ?? [];

  return (
    <Container className="py-8 md:py-12">
      <PageHeader title={title} description={description} />
      <div className="mt-6 max-w-2xl">{searchBox}</div>
      <div className="mt-8 grid gap-8 lg:grid-cols-[16rem_1fr]">
        <aside aria-labelledby="filters-heading" className="hidden lg:block">
          <h2 id="filters-heading" className="mb-4 text-base font-semibold">
            Filters
          </h2>
          {panel('side')}
        </aside>
        <div className="flex min-w-0 flex-col gap-4">
          <div className="flex flex-wrap items-center gap-3">
            <FilterSheet open={sheetOpen} onOpenChange={setSheetOpen} count={chosen.length}>
              {panel('sheet')}
            </FilterSheet>
            <SortSelect
              sort={sort}
              hasPlace={hasPlace}
              onSort={(next) => onFiltersChange({ ...filters, sort: next })}
            />
          </div>
          <ActiveFilterChips chips={chips} onFiltersChange={onFiltersChange} />
          {data ? <IgnoredWordsNote ignoredWords={data.applied.ignoredWords} /> : null}
          {placeChip ?? (!hasPlace ? <SetPlaceHint href={placeHref} /> : null)}
          <div aria-busy={isValidating || undefined}>
            <VendorListView
              data={data}
              isLoading={isLoading}
              error={error}
              onRetry={onRetry}
              hrefFor={hrefFor}
              onPageChange={onPageChange}
              distanceUnit={distanceUnit}
              emptyTitle={
                filters.q ? `No pros match “${filters.q}”` : 'No pros match these filters'
              }
              emptyDescription={
                suggestions.length > 0
                  ? hasPlace
                    ? 'These categories have pros in your area:'
                    : 'These categories have pros ready to book:'
                  : 'Try another word, fewer filters or a wider area.'
              }
              emptyAction={
                <NoResultsAction
                  suggestions={suggestions}
                  canClear={chosen.length > 0}
                  onFiltersChange={onFiltersChange}
                />
              }
            />
          </div>
          <GetQuotesCallout categorySlug={filters.category} />
        </div>
      </div>
    </Container>
  );
}
