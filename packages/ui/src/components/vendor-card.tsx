import { MapPin, MessageCircleReply } from 'lucide-react';
import type * as React from 'react';
import {
  CardImage,
  cardBase,
  type DistanceUnit,
  distanceUnitFor,
  formatDistance,
  stretched,
} from '../lib/card-parts';
import { useLocale } from './locale';
import { cn } from '../lib/utils';
import { useLinkComponent } from './link';
import { formatMoney, type Money } from './price';
import { RatingStars } from './rating-stars';

type VendorCardProps = Omit<React.ComponentProps<'article'>, 'children'> & {
  name: string;
  category?: string;
  city?: string;
  /** Average rating 0–5. */
  ratingAverage: number;
  /** Number of reviews. */
  ratingCount: number;
  /** Distance from the searcher; hidden when null or omitted. */
  distanceKm?: number | null;
  /**
   * Unit the distance is shown in (see `distanceUnitFor`).
   * @defaultValue 'kilometer'
   */
  distanceUnit?: DistanceUnit;
  /** Cheapest service price. */
  startingPrice?: Money;
  /** Cover picture (decorative: the name is the card's text). */
  imageUrl?: string | null;
  /**
   * Fetch the cover at once with high priority: for the first card of a results page, whose
   * picture is usually the largest paint. Every other card's picture loads lazily.
   * @defaultValue false
   */
  imagePriority?: boolean;
  /** How quickly the pro answers, e.g. "Usually replies within 2 hours"; hidden when omitted. */
  responseLabel?: string | null;
  href: string;
};

/** A vendor in search results and listings. */
function VendorCard({
  name,
  category,
  city,
  ratingAverage,
  ratingCount,
  distanceKm,
  distanceUnit = 'kilometer',
  startingPrice,
  imageUrl,
  imagePriority = false,
  responseLabel,
  href,
  className,
  ...props
}: VendorCardProps) {
  const Link = useLinkComponent();
  const locale = useLocale();
  return (
    <article data-slot="vendor-card" className={cn(cardBase, 'flex-col', className)} {...props}>
      <CardImage src={imageUrl} priority={imagePriority} />
      <div className="flex flex-1 flex-col gap-2 p-4">
        {category ? <p className="text-xs font-medium text-link">{category}</p> : null}
        <h3 className="font-semibold">
          <Link href={href} className={stretched}>
            {name}
          </Link>
        </h3>
        <RatingStars value={ratingAverage} count={ratingCount} size="sm" />
        {responseLabel ? (
          <p className="inline-flex items-center gap-1 text-xs text-muted">
            <MessageCircleReply aria-hidden="true" className="size-3.5" />
            {responseLabel}
          </p>
        ) : null}
        <div className="mt-auto flex flex-wrap items-center gap-x-3 gap-y-1 pt-1 text-sm text-muted">
          {city || distanceKm != null ? (
            <span className="inline-flex items-center gap-1">
              <MapPin aria-hidden="true" className="size-3.5" />
              {[city, distanceKm != null ? formatDistance(distanceKm, locale, distanceUnit) : null]
                .filter(Boolean)
                .join(' · ')}
            </span>
          ) : null}
          {startingPrice ? (
            <span className="ml-auto text-fg">
              <span className="text-muted">From </span>
              <span className="font-semibold tabular-nums">
                {formatMoney(startingPrice.amount, startingPrice.currency, locale)}
              </span>
            </span>
          ) : null}
        </div>
      </div>
    </article>
  );
}

export { distanceUnitFor, formatDistance, VendorCard };
export type { DistanceUnit, VendorCardProps };
