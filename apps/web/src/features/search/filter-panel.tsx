import type { Category } from '@vetted/contract';
import {
  Button,
  type DistanceUnit,
  FormField,
  formatDistance,
  Input,
  RadioGroup,
  RadioGroupItem,
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from '@vetted/ui';
import { Controller, type Resolver, useForm } from 'react-hook-form';
import { minorDigits } from '../../lib/money';
import type { FilterForm } from './filter-form-schema';
import type { SearchFilters } from './search-params';

/**
 * Radius choices of the filter panel in the person's unit (the API's area default is 50 km):
 * round numbers of km, or of miles (sent as km, to 0.1 km).
 */
const RADII: Record<DistanceUnit, readonly number[]> = {
  kilometer: [5, 10, 25, 50, 100],
  mile: [3, 5, 15, 30, 60],
};
const KM_PER_MILE = 1.609344;
/** The radius choices of `unit` as `[km value, label]`. */
function radiusChoices(unit: DistanceUnit): [string, string][] {
  return RADII[unit].map((r) => {
    const km = unit === 'mile' ? Math.round(r * KM_PER_MILE * 10) / 10 : r;
    return [String(km), `Within ${formatDistance(km, 'en', unit)}`];
  });
}
/** Minimum-rating choices of the filter panel. */
const RATINGS = [4.5, 4, 3] as const;

/*
 * The form's rules (a zod schema) load with the first validation, on "Show results": zod is the
 * largest code a results page would otherwise evaluate before it can be used (measured ~40 ms of
 * a mid-range phone's main thread). Focusing a field of the form fetches them ahead.
 */
const loadRules = () => import('./filter-form-schema');

/** Validates with the form's schema, loaded on first use. */
const filterResolver: Resolver<FilterForm> = async (values, context, options) =>
  (await loadRules()).filterFormResolver(values, context, options);

export interface FilterPanelProps {
  /** Prefix of the field ids (the panel shows twice: in the sidebar and in the mobile sheet). */
  idPrefix: string;
  filters: SearchFilters;
  categories?: Category[];
  /** Currency prices are typed in; null: the price fields are off (no place, no currency). */
  currency: string | null;
  /** The customer has a place: the distance field shows. */
  hasPlace: boolean;
  /** Unit of the distance choices. @defaultValue 'kilometer' */
  distanceUnit?: DistanceUnit;
  /** Today as `YYYY-MM-DD` (the earliest date to pick); unknown while hydrating. */
  today?: string;
  onApply: (filters: SearchFilters) => void;
}

/**
 * The search's `filters` with the panel's fields `v` applied; prices typed in major units of
 * `currency` become minor units (null `currency`: the price fields were off).
 */
function appliedFilters(v: FilterForm, filters: SearchFilters, currency: string | null) {
  const digits = currency ? minorDigits(currency) : 2;
  const minor = (text: string) =>
    text === '' || !currency ? undefined : Math.round(Number(text) * 10 ** digits);
  return {
    ...filters,
    category: v.category === 'any' ? undefined : v.category,
    minPrice: minor(v.minPrice),
    maxPrice: minor(v.maxPrice),
    currency:
      currency && (v.minPrice || v.maxPrice) ? (filters.currency ?? currency) : filters.currency,
    minRating: v.minRating === 'any' ? undefined : Number(v.minRating),
    date: v.date || undefined,
    radiusKm: v.radiusKm === 'auto' ? undefined : Number(v.radiusKm),
    area: v.radiusKm === 'auto' ? filters.area : undefined,
  } satisfies SearchFilters;
}

/** The category select's words for `slug` ("All categories" for `any`). */
function categoryLabel(
  slug: string,
  categories: readonly { slug: string; name: string }[] | undefined,
) {
  return slug === 'any'
    ? 'All categories'
    : (categories?.find((c) => c.slug === slug)?.name ?? slug);
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
  distanceUnit = 'kilometer',
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
  } = useForm<FilterForm>({ resolver: filterResolver, values });
  const submit = handleSubmit((v) => onApply(appliedFilters(v, filters, currency)));
  const id = (name: string) => `${idPrefix}-${name}`;
  return (
    <form
      noValidate
      onSubmit={submit}
      onFocus={() => void loadRules()}
      className="flex flex-col gap-5"
      aria-label="Filters"
    >
      <FormField label="Category" id={id('category')}>
        <Controller
          control={control}
          name="category"
          render={({ field }) => (
            <Select value={field.value} onValueChange={field.onChange}>
              <SelectTrigger>
                {/* Named here, not copied from the chosen item after mount: the server's HTML
                    shows it too, so hydration does not pop the text in. */}
                <SelectValue>{categoryLabel(field.value, categories)}</SelectValue>
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
                  {radiusChoices(distanceUnit).map(([km, label]) => (
                    <SelectItem key={km} value={km}>
                      {label}
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
