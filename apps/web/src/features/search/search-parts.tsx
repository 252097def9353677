import type { VendorSearchPage } from '@vetted/contract';
import {
  Button,
  FilterChip,
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
import { SlidersHorizontal } from 'lucide-react';
import type * as React from 'react';
import { Link } from 'wouter';
import type { ActiveFilter } from './active-filters';
import type { SearchFilters, SearchSort } from './search-params';

/** The orders a search can be sorted in, as the sort menu names them. */
export const SORT_LABELS: Record<SearchSort, string> = {
  relevance: 'Best match',
  distance: 'Distance',
  rating: 'Rating',
  price: 'Price: low to high',
};

/**
 * "Filters (n)" on phones: opens a bottom sheet holding `children` (the filter panel), rendered
 * only while the sheet is open. `count` is the number of filters the person chose.
 */
export function FilterSheet({
  open,
  onOpenChange,
  count,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  count: number;
  children: React.ReactNode;
}) {
  return (
    <Sheet open={open} onOpenChange={onOpenChange}>
      <SheetTrigger asChild>
        <Button variant="outline" className="lg:hidden">
          <SlidersHorizontal aria-hidden="true" />
          Filters{count > 0 ? ` (${count})` : ''}
        </Button>
      </SheetTrigger>
      <SheetContent side="bottom">
        <SheetHeader>
          <SheetTitle>Filters</SheetTitle>
          <SheetDescription>Narrow the results, then show them.</SheetDescription>
        </SheetHeader>
        {open ? children : null}
      </SheetContent>
    </Sheet>
  );
}

/**
 * "Sort by": the order menu; "Distance" is disabled (and says why) without a place.
 * `onSort` gets undefined for the default order (relevance).
 */
export function SortSelect({
  sort,
  hasPlace,
  onSort,
}: {
  sort: SearchSort;
  hasPlace: boolean;
  onSort: (sort: SearchSort | undefined) => void;
}) {
  return (
    <div className="ml-auto flex items-center gap-2">
      <label htmlFor="search-sort" className="text-sm text-muted">
        Sort by
      </label>
      <Select
        value={sort}
        onValueChange={(value) => onSort(value === 'relevance' ? undefined : (value as SearchSort))}
      >
        <SelectTrigger id="search-sort" className="w-48">
          {/* Named here, not copied from the chosen item after mount: in the server's HTML too. */}
          <SelectValue>{SORT_LABELS[sort]}</SelectValue>
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
  );
}

/**
 * The active filters as removable chips (area defaults marked "(your area)"), with "Clear all"
 * once the person chose more than one. Nothing when there are no chips.
 */
export function ActiveFilterChips({
  chips,
  onFiltersChange,
}: {
  chips: ActiveFilter[];
  onFiltersChange: (filters: SearchFilters) => void;
}) {
  if (chips.length === 0) return null;
  const chosen = chips.filter((c) => !c.applied);
  return (
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
  );
}

/** Says which words of the query no pro mentions (the API searched without them). */
export function IgnoredWordsNote({ ignoredWords }: { ignoredWords: string[] }) {
  if (ignoredWords.length === 0) return null;
  return (
    <p className="text-sm text-muted">
      No pro mentions {ignoredWords.map((word) => `“${word}”`).join(', ')}
      {', so we searched without '}
      {ignoredWords.length === 1 ? 'it' : 'them'}.
    </p>
  );
}

/** "Distances show once you set your location", linking to `href`. */
export function SetPlaceHint({ href }: { href: string }) {
  return (
    <p className="text-sm text-muted">
      Distances show once you{' '}
      <Link
        href={href}
        className="rounded-xs font-medium text-link underline-offset-4 outline-none hover:underline focus-visible:ring-2 focus-visible:ring-ring"
      >
        set your location
      </Link>
      .
    </p>
  );
}

/**
 * Under "No pros match": categories with pros (each starts a new search in it) and, when the
 * person chose filters, "Clear all filters".
 */
export function NoResultsAction({
  suggestions,
  canClear,
  onFiltersChange,
}: {
  suggestions: VendorSearchPage['suggestedCategories'];
  canClear: boolean;
  onFiltersChange: (filters: SearchFilters) => void;
}) {
  return (
    <div className="flex flex-col items-center gap-4">
      {suggestions.length > 0 ? (
        <ul aria-label="Categories with pros" className="flex flex-wrap justify-center gap-2">
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
      {canClear ? (
        <Button variant="link" onClick={() => onFiltersChange({})}>
          Clear all filters
        </Button>
      ) : null}
    </div>
  );
}
