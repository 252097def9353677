import { ImageIcon } from 'lucide-react';
import { cn } from './utils';

/*
 * Cards that link somewhere make the whole card clickable with a stretched link on the title
 * (`after:absolute after:inset-0`), so the accessible name stays short and nothing is nested
 * inside the <a>. The link's focus ring is drawn around the card (`card-focus-ring` in
 * styles/preset.css, keyed on the `card-link` class): a ring on the link's `::after` would be
 * clipped by the card's `overflow-hidden` (issue #12).
 */
export const stretched =
  'card-link outline-none after:absolute after:inset-0 after:rounded-[inherit] after:content-[""]';
export const cardBase =
  'group card-focus-ring relative flex overflow-hidden rounded-lg border border-border bg-surface-raised text-fg transition-shadow duration-base hover:shadow-md';

/** Cover picture of a card (decorative) with a placeholder when missing. */
export function CardImage({ src, className }: { src?: string | null; className?: string }) {
  return (
    <div className={cn('relative aspect-[4/3] w-full overflow-hidden bg-surface-muted', className)}>
      {src ? (
        <img
          src={src}
          alt=""
          loading="lazy"
          decoding="async"
          className="size-full object-cover transition-transform duration-base group-hover:scale-105"
        />
      ) : (
        <div className="flex size-full items-center justify-center text-muted">
          <ImageIcon aria-hidden="true" className="size-8" />
        </div>
      )}
    </div>
  );
}

/** Formats a distance: "850 m" under 1 km, else "3.2 km". */
export function formatDistance(km: number, locale?: string): string {
  if (km < 1) return `${new Intl.NumberFormat(locale).format(Math.round(km * 1000))} m`;
  return `${new Intl.NumberFormat(locale, { maximumFractionDigits: 1 }).format(km)} km`;
}

/** Formats minutes as "45 min", "1 h", "1 h 30 min". */
export function formatDuration(minutes: number): string {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  if (h === 0) return `${m} min`;
  return m === 0 ? `${h} h` : `${h} h ${m} min`;
}
