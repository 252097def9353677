import { zodResolver } from '@hookform/resolvers/zod';
import type { Category, VendorSearchPage, VendorSummary } from '@vetted/contract';
import {
  Button,
  FilterChip,
  FormField,
  formatMoney,
  Input,
  PageHeader,
  RadioGroup,
  RadioGroupItem,
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
import { Controller, useForm } from 'react-hook-form';
import { Link } from 'wouter';
import { z } from 'zod';
import { formatDate } from '../../lib/format';
import { VendorListView } from '../user/vendor-list-view';
import type { SearchFilters, SearchSort } from './search-params';

const SORT_LABELS: Record<SearchSort, string> = {
  relevance: 'Best match',
  distance: 'Distance',
  rating: 'Rating',
  price: 'Price: low to high',
};

/** Radius choices of the filter panel, km (the API's area default is 50). */
const RADII = [5, 10, 25, 50, 100] as const;
/** Minimum-rating choices of the filter panel. */
const RATINGS = [4.5, 4, 3] as const;

/** Digits after the point of `currency` (USD 2, JPY 0), as Intl knows them. */
function minorDigits(currency: string): number {
  return (
    new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions()
      .maximumFractionDigits ?? 2
  );
}

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

/** A price typed in major units ("49.99"), or blank. */
const priceText = z
  .string()
  .trim()
  .refine(
    (s) => s === '' || /^\d{1,7}(\.\d{1,2})?$/.test(s),
    'Enter an amount such as 50 or 49.99',
  );

/** The filter panel's fields as typed; prices in major units of the search's currency. */
const filterFormSchema = z
  .object({
    category: z.string(),
    minPrice: priceText,
    maxPrice: priceText,
    minRating: z.string(),
    date: z.string().refine((s) => s === '' || !Number.isNaN(Date.parse(s)), 'Pick a date'),
    radiusKm: z.string(),
  })
  // The contract's rule (vendorListQuerySchema), worded for this form.
  .refine(
    (v) => v.minPrice === '' || v.maxPrice === '' || Number(v.minPrice) <= Number(v.maxPrice),
    {
      path: ['minPrice'],
      message: 'The minimum must not be more than the maximum',
    },
  );
type FilterForm = z.infer<typeof filterFormSchema>;

export interface FilterPanelProps {
  /** Prefix of the field ids (the panel shows twice: in the sidebar and in the mobile sheet). */
  idPrefix: string;
  filters: SearchFilters;
  categories?: Category[];
  /** Currency prices are typed in; null: the price fields are off (no place, no currency). */
  currency: string | null;
  /** The customer has a place: the distance field shows. */
  hasPlace: boolean;
  /** Today as `YYYY-MM-DD` (the earliest date to pick); unknown while hydrating. */
  today?: string;
  onApply: (filters: SearchFilters) => void;
}

/**
 * The filters of a search as a form (category, price range, minimum rating, open on a date,
 * distance): "Show results" applies them all at once.
 */
export function FilterPanel({
  idPrefix,
  filters,
  categories,
  currency,
  hasPlace,
  today,
  onApply,
}: FilterPanelProps) {
  const digits = currency ? minorDigits(currency) : 2;
  const major = (minor: number | undefined) =>
    minor === undefined ? '' : String(minor / 10 ** digits);
  const values: FilterForm = {
    category: filters.category ?? 'any',
    minPrice: major(filters.minPrice),
    maxPrice: major(filters.maxPrice),
    minRating: filters.minRating === undefined ? 'any' : String(filters.minRating),
    date: filters.date ?? '',
    radiusKm: filters.radiusKm === undefined ? 'auto' : String(filters.radiusKm),
  };
  const {
    register,
    control,
    handleSubmit,
    formState: { errors },
  } = useForm<FilterForm>({ resolver: zodResolver(filterFormSchema), values });
  const minor = (text: string) =>
    text === '' ? undefined : Math.round(Number(text) * 10 ** digits);
  const submit = handleSubmit((v) =>
    onApply({
      ...filters,
      category: v.category === 'any' ? undefined : v.category,
      minPrice: currency ? minor(v.minPrice) : undefined,
      maxPrice: currency ? minor(v.maxPrice) : undefined,
      currency:
        currency && (v.minPrice || v.maxPrice) ? (filters.currency ?? currency) : filters.currency,
      minRating: v.minRating === 'any' ? undefined : Number(v.minRating),
      date: v.date || undefined,
      radiusKm: v.radiusKm === 'auto' ? undefined : Number(v.radiusKm),
      area: v.radiusKm === 'auto' ? filters.area : undefined,
    }),
  );
  const id = (name: string) => `${idPrefix}-${name}`;
  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-5" aria-label="Filters">
      <FormField label="Category" id={id('category')}>
        <Controller
          control={control}
          name="category"
          render={({ field }) => (
            <Select value={field.value} onValueChange={field.onChange}>
              <SelectTrigger>
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                <SelectItem value="any">All categories</SelectItem>
                {categories?.map((c) => (
                  <SelectItem key={c.slug} value={c.slug}>
                    {c.name}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          )}
        />
      </FormField>
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1 text-sm font-medium">
          Price{currency ? ` (${currency})` : ''}
        </legend>
        {currency ? (
          <div className="grid grid-cols-2 gap-3">
            <FormField label="Minimum" id={id('min-price')} error={errors.minPrice?.message}>
              <Input inputMode="decimal" placeholder="0" {...register('minPrice')} />
            </FormField>
            <FormField label="Maximum" id={id('max-price')} error={errors.maxPrice?.message}>
              <Input inputMode="decimal" placeholder="Any" {...register('maxPrice')} />
            </FormField>
          </div>
        ) : (
          <p className="text-sm text-muted">
            Set your location to filter by price: prices are compared in your local currency.
          </p>
        )}
      </fieldset>
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1 text-sm font-medium">Rating</legend>
        <Controller
          control={control}
          name="minRating"
          render={({ field }) => (
            <RadioGroup value={field.value} onValueChange={field.onChange} aria-label="Rating">
              {[
                ['any', 'Any rating'] as const,
                ...RATINGS.map((r) => [String(r), `${r}★ and up`] as const),
              ].map(([value, text]) => (
                <label
                  key={value}
                  className="flex items-center gap-2 text-sm"
                  htmlFor={id(`rating-${value}`)}
                >
                  <RadioGroupItem value={value} id={id(`rating-${value}`)} />
                  {text}
                </label>
              ))}
            </RadioGroup>
          )}
        />
      </fieldset>
      <FormField
        label="Open on"
        id={id('date')}
        hint="Pros with opening hours that day of the week."
        error={errors.date?.message}
      >
        <Input type="date" min={today} {...register('date')} />
      </FormField>
      {hasPlace ? (
        <FormField label="Distance" id={id('radius')}>
          <Controller
            control={control}
            name="radiusKm"
            render={({ field }) => (
              <Select value={field.value} onValueChange={field.onChange}>
                <SelectTrigger>
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  <SelectItem value="auto">Your area</SelectItem>
                  {RADII.map((r) => (
                    <SelectItem key={r} value={String(r)}>
                      Within {r} km
                    </SelectItem>
                  ))}
                  <SelectItem value="20000">Anywhere</SelectItem>
                </SelectContent>
              </Select>
            )}
          />
        </FormField>
      ) : null}
      <Button type="submit">Show results</Button>
    </form>
  );
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
    const label = `Within ${radius} km`;
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
}

/**
 * `/search` (issue #9): the search field keeps the query; active filters as removable chips
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
}: SearchViewProps) {
  const [sheetOpen, setSheetOpen] = React.useState(false);
  const categoryName = (slug: string) => categories?.find((c) => c.slug === slug)?.name ?? slug;
  const chips = activeFilters(filters, data?.applied, categoryName);
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
          {!hasPlace ? (
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
          ) : null}
          <div aria-busy={isValidating || undefined}>
            <VendorListView
              data={data}
              isLoading={isLoading}
              error={error}
              onRetry={onRetry}
              hrefFor={hrefFor}
              onPageChange={onPageChange}
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
