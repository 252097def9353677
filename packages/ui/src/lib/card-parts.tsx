import { ImageIcon } from 'lucide-react';
import { numberFormat } from './number-format';
import { cn } from './utils';

/*
 * Cards that link somewhere make the whole card clickable with a stretched link on the title
 * (`after:absolute after:inset-0`), so the accessible name stays short and nothing is nested
 * inside the <a>. The link's focus ring is drawn around the card (`card-focus-ring` in
 * styles/preset.css, keyed on the `card-link` class): a ring on the link's `::after` would be
 * clipped by the card's `overflow-hidden`.
 */
export const stretched =
  'card-link outline-none after:absolute after:inset-0 after:rounded-[inherit] after:content-[""]';
export const cardBase =
  'group card-focus-ring relative flex overflow-hidden rounded-lg border border-border bg-surface-raised text-fg transition-shadow duration-base hover:shadow-md';

/** Cover picture of a card (decorative) with a placeholder when missing. */
export function CardImage({
  src,
  className,
  priority = false,
}: {
  src?: string | null;
  className?: string;
  /**
   * The picture is likely the page's largest paint (the first card of a results page): fetched at
   * once with `fetchpriority="high"` instead of lazily once layout finds it on screen.
   */
  priority?: boolean;
}) {
  return (
    <div className={cn('relative aspect-[4/3] w-full overflow-hidden bg-surface-muted', className)}>
      {src ? (
        <img
          src={src}
          alt=""
          loading={priority ? 'eager' : 'lazy'}
          fetchPriority={priority ? 'high' : undefined}
          decoding="async"
          // Dimmed in dark mode: a bright picture would glare on the dark page.
          className="size-full object-cover transition-transform duration-base group-hover:scale-105 dark:brightness-90"
        />
      ) : (
        <div className="flex size-full items-center justify-center text-muted">
          <ImageIcon aria-hidden="true" className="size-8" />
        </div>
      )}
    </div>
  );
}

/** The unit distances are shown in (Intl.NumberFormat's unit identifiers). */
export type DistanceUnit = 'kilometer' | 'mile';

/** Kilometres in a statute mile (international mile, exact). */
const KM_PER_MILE = 1.609344;

/**
 * The unit a person in `country` (ISO 3166-1 alpha-2) reads distances in: miles in the US and
 * the UK (road signs in miles), kilometres elsewhere and when the country is unknown.
 */
export function distanceUnitFor(country: string | null | undefined): DistanceUnit {
  return country === 'US' || country === 'GB' ? 'mile' : 'kilometer';
}

/**
 * Formats a distance given in km through Intl.NumberFormat's unit style: "850 m" under 1 km,
 * else "3.2 km"; in miles "0.5 mi", "2.4 mi", "12 mi" (one decimal under 10).
 */
export function formatDistance(
  km: number,
  locale?: string,
  unit: DistanceUnit = 'kilometer',
): string {
  const format = (value: number, u: 'meter' | DistanceUnit, digits: number) =>
    numberFormat(locale, {
      style: 'unit',
      unit: u,
      unitDisplay: 'short',
      maximumFractionDigits: digits,
    }).format(value);
  if (unit === 'mile') {
    const miles = Math.max(km / KM_PER_MILE, 0.1);
    return format(miles, 'mile', miles < 10 ? 1 : 0);
  }
  if (km < 1) return format(Math.round(km * 1000), 'meter', 0);
  return format(km, 'kilometer', 1);
}

/** Formats minutes as "45 min", "1 h", "1 h 30 min". */
export function formatDuration(minutes: number): string {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  if (h === 0) return `${m} min`;
  return m === 0 ? `${h} h` : `${h} h ${m} min`;
}
