import type { VendorSearchPage } from '@vetted/contract';
import { type DistanceUnit, formatDistance, formatMoney } from '@vetted/ui';
import { formatDate } from '../../lib/format';
import type { SearchFilters } from './search-params';

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
export interface ActiveFilter {
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
