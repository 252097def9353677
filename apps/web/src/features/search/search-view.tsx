import type { Category, VendorSearchPage, VendorSummary } from '@vetted/contract';
import {
  Button,
  type DistanceUnit,
  FilterChip,
  formatDistance,
  formatMoney,
  PageHeader,
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
  Sheet,
  SheetContent,
  SheetDescription,
  SheetHeader,
  SheetTitle,
  SheetTrigger,
} from '@vetted/ui';
import { Container } from '@vetted/ui/app-shell';
import { SlidersHorizontal } from 'lucide-react';
import * as React from 'react';
import { Link } from 'wouter';
import { formatDate } from '../../lib/format';
import { VendorListView } from '../services';
import { FilterPanel } from './filter-panel';
import type { SearchFilters, SearchSort } from './search-params';

const SORT_LABELS: Record<SearchSort, string> = {
  relevance: 'Best match',
  distance: 'Distance',
  rating: 'Rating',
  price: 'Price: low to high',
};

/** "$50.00 – $150.00", "From $50.00" or "Up to $150.00" (minor units in, text out). */
export function priceRangeLabel(
  min: number | undefined,
  max: number | undefined,
  currency: string,
) {
  const money = (n: number) => formatMoney(n, currency);
  if (min !== undefined && max !== undefined) return `${money(min)} – ${money(max)}`;
  if (min !== undefined) return `From ${money(min)}`;
  return `Up to ${money(max ?? 0)}`;
}

/** One active filter: its chip text and what removing it leaves. */
interface ActiveFilter {
  key: string;
  label: string;
  /** Spoken name of the remove button. */
  removeLabel: string;
  /** Applied for the customer (their area), not chosen. */
  applied?: boolean;
  without: SearchFilters;
}

/** The chips of a search: what the person asked for, then what was applied for their area. */
export function activeFilters(
  filters: SearchFilters,
  applied: VendorSearchPage['applied'] | undefined,
  categoryName: (slug: string) => string,
  unit: DistanceUnit = 'kilometer',
): ActiveFilter[] {
  const out: ActiveFilter[] = [];
  const remove = (...keys: (keyof SearchFilters)[]) => {
    const next = { ...filters };
    for (const k of keys) delete next[k];
    return next;
  };
  if (filters.q) {
    out.push({
      key: 'q',
      label: `“${filters.q}”`,
      removeLabel: `Remove search words ${filters.q}`,
      without: remove('q'),
    });
  }
  if (filters.category) {
    const name = categoryName(filters.category);
    out.push({
      key: 'category',
      label: name,
      removeLabel: `Remove category ${name}`,
      without: remove('category'),
    });
  }
  const currency = filters.currency ?? applied?.currency;
  if ((filters.minPrice !== undefined || filters.maxPrice !== undefined) && currency) {
    const label = priceRangeLabel(filters.minPrice, filters.maxPrice, currency);
    out.push({
      key: 'price',
      label,
      removeLabel: `Remove price ${label}`,
      without: remove('minPrice', 'maxPrice'),
    });
  }
  if (filters.minRating !== undefined) {
    out.push({
      key: 'rating',
      label: `${filters.minRating}★ and up`,
      removeLabel: `Remove rating ${filters.minRating} stars and up`,
      without: remove('minRating'),
    });
  }
  if (filters.date) {
    const label = `Open ${formatDate(`${filters.date}T12:00:00Z`, 'UTC')}`;
    out.push({ key: 'date', label, removeLabel: `Remove ${label}`, without: remove('date') });
  }
  const radius = applied?.radiusKm ?? filters.radiusKm;
  if (radius !== undefined && radius !== null && radius < 20_000) {
    const label = `Within ${formatDistance(radius, 'en', unit)}`;
    out.push({
      key: 'radius',
      label,
      removeLabel: `Remove ${label}`,
      applied: filters.radiusKm === undefined,
      // Without the area default the local currency would go too: it stays, now as chosen.
      without: {
        ...remove('radiusKm'),
        area: 'off',
        ...(applied?.currency ? { currency: applied.currency } : {}),
      },
    });
  }
  if (applied?.currency && (filters.currency || applied.areaDefaults)) {
    const label = `Prices in ${applied.currency}`;
    const chosen = filters.currency !== undefined;
    out.push({
      key: 'currency',
      label,
      removeLabel: `Remove ${label}`,
      applied: !chosen,
      without: {
        ...remove('currency', 'minPrice', 'maxPrice'),
        ...(chosen ? {} : { area: 'off' as const }),
        ...(!chosen && applied.radiusKm !== null ? { radiusKm: applied.radiusKm } : {}),
      },
    });
  }
  return out;
}

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
            <Sheet open={sheetOpen} onOpenChange={setSheetOpen}>
              <SheetTrigger asChild>
                <Button variant="outline" className="lg:hidden">
                  <SlidersHorizontal aria-hidden="true" />
                  Filters{chosen.length > 0 ? ` (${chosen.length})` : ''}
                </Button>
              </SheetTrigger>
              <SheetContent side="bottom">
                <SheetHeader>
                  <SheetTitle>Filters</SheetTitle>
                  <SheetDescription>Narrow the results, then show them.</SheetDescription>
                </SheetHeader>
                {sheetOpen ? panel('sheet') : null}
              </SheetContent>
            </Sheet>
            <div className="ml-auto flex items-center gap-2">
              <label htmlFor="search-sort" className="text-sm text-muted">
                Sort by
              </label>
              <Select
                value={sort}
                onValueChange={(value) =>
                  onFiltersChange({
                    ...filters,
                    sort: value === 'relevance' ? undefined : (value as SearchSort),
                  })
                }
              >
                <SelectTrigger id="search-sort" className="w-48">
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  {(Object.keys(SORT_LABELS) as SearchSort[]).map((s) => (
                    <SelectItem key={s} value={s} disabled={s === 'distance' && !hasPlace}>
                      {SORT_LABELS[s]}
                      {s === 'distance' && !hasPlace ? ' (set your location)' : ''}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            </div>
          </div>
          {chips.length > 0 ? (
            <div className="flex flex-wrap items-center gap-2">
              <ul aria-label="Active filters" className="flex flex-wrap gap-2">
                {chips.map((chip) => (
                  <li key={chip.key}>
                    <FilterChip
                      label={chip.applied ? `${chip.label} (your area)` : chip.label}
                      variant={chip.applied ? 'applied' : 'default'}
                      removeLabel={chip.removeLabel}
                      onRemove={() => onFiltersChange(chip.without)}
                    />
                  </li>
                ))}
              </ul>
              {chosen.length > 1 ? (
                <Button variant="link" size="sm" onClick={() => onFiltersChange({})}>
                  Clear all
                </Button>
              ) : null}
            </div>
          ) : null}
          {data && data.applied.ignoredWords.length > 0 ? (
            <p className="text-sm text-muted">
              No pro mentions {data.applied.ignoredWords.map((w) => `“${w}”`).join(', ')}, so we
              searched without {data.applied.ignoredWords.length === 1 ? 'it' : 'them'}.
            </p>
          ) : null}
          {placeChip ??
            (!hasPlace ? (
              <p className="text-sm text-muted">
                Distances show once you{' '}
                <Link
                  href={placeHref}
                  className="rounded-xs font-medium text-link underline-offset-4 outline-none hover:underline focus-visible:ring-2 focus-visible:ring-ring"
                >
                  set your location
                </Link>
                .
              </p>
            ) : null)}
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
                <div className="flex flex-col items-center gap-4">
                  {suggestions.length > 0 ? (
                    <ul
                      aria-label="Categories with pros"
                      className="flex flex-wrap justify-center gap-2"
                    >
                      {suggestions.map((c) => (
                        <li key={c.slug}>
                          <Button
                            variant="outline"
                            size="sm"
                            onClick={() => onFiltersChange({ category: c.slug })}
                          >
                            {c.name}
                            <span className="text-muted">({c.vendorCount})</span>
                          </Button>
                        </li>
                      ))}
                    </ul>
                  ) : null}
                  {chosen.length > 0 ? (
                    <Button variant="link" onClick={() => onFiltersChange({})}>
                      Clear all filters
                    </Button>
                  ) : null}
                </div>
              }
            />
          </div>
        </div>
      </div>
    </Container>
  );
}
