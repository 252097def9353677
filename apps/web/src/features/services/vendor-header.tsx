import type { VendorDetail } from '@vetted/contract';
import { Badge, RatingStars } from '@vetted/ui';
import { BadgeCheck, CalendarDays, MapPin, MessageCircleReply } from 'lucide-react';
import type * as React from 'react';
import { formatDistance, formatMonthYear } from '../../lib/format';

/** The banner: the cover picture whole, over a blurred copy of itself; a gradient without one. */
function VendorCover({ coverImageUrl }: { coverImageUrl: VendorDetail['coverImageUrl'] }) {
  return (
    <div className="relative h-36 overflow-hidden bg-gradient-to-br from-primary-700 to-primary-400 sm:h-48">
      {coverImageUrl ? (
        <>
          {/* The banner is far wider than the picture (3:2, with words in it): the picture
              is shown whole, over a blurred, cropped copy of itself filling the banner. */}
          <img
            src={coverImageUrl}
            alt=""
            className="absolute inset-0 size-full scale-110 object-cover opacity-70 blur-xl dark:brightness-75"
          />
          <img
            src={coverImageUrl}
            alt=""
            data-slot="vendor-cover"
            className="relative mx-auto h-full w-auto max-w-full object-contain dark:brightness-90"
          />
        </>
      ) : null}
    </div>
  );
}

/**
 * Rating (a link to `#reviews` when `linkReviews` and there is one), city with the distance
 * (`distanceKm`, else the vendor's own; nothing when neither is known) and the month the pro joined.
 */
function VendorFacts({
  vendor,
  distanceKm,
  linkReviews,
}: {
  vendor: VendorDetail;
  distanceKm: number | null | undefined;
  linkReviews: boolean;
}) {
  const distance = formatDistance(distanceKm ?? vendor.distanceKm);
  return (
    <div className="flex flex-wrap items-center gap-x-5 gap-y-2 text-sm text-muted">
      {linkReviews && vendor.ratingCount > 0 ? (
        // Jumps to the reviews below.
        <a
          href="#reviews"
          className="rounded-sm underline-offset-4 outline-none hover:underline focus-visible:ring-2 focus-visible:ring-ring"
        >
          <RatingStars value={vendor.ratingAverage} count={vendor.ratingCount} />
        </a>
      ) : (
        <RatingStars value={vendor.ratingAverage} count={vendor.ratingCount} />
      )}
      <span className="inline-flex items-center gap-1">
        <MapPin aria-hidden="true" className="size-4" />
        {vendor.city}
        {distance ? ` · ${distance}` : ''}
      </span>
      {vendor.responseTime ? (
        <span className="inline-flex items-center gap-1">
          <MessageCircleReply aria-hidden="true" className="size-4" />
          {vendor.responseTime.label}
        </span>
      ) : null}
      <span className="inline-flex items-center gap-1">
        <CalendarDays aria-hidden="true" className="size-4" />
        Member since {formatMonthYear(vendor.memberSince)}
      </span>
    </div>
  );
}

export interface VendorHeaderProps {
  vendor: VendorDetail;
  /** Distance in km from the person's saved place; else the vendor's own `distanceKm` shows. */
  distanceKm: number | null | undefined;
  /** Buttons beside the vetted badge, e.g. "Message". */
  actions?: React.ReactNode;
  /** The rating links to the reviews section (`#reviews`) below. */
  linkReviews: boolean;
}

/**
 * The head of a vendor's page: cover banner, category, name, tagline, vetted badge, actions,
 * rating, city, joining month, bio and (when more than one) the categories.
 */
export function VendorHeader({ vendor, distanceKm, actions, linkReviews }: VendorHeaderProps) {
  return (
    <header className="overflow-hidden rounded-xl border border-border bg-surface-raised">
      <VendorCover coverImageUrl={vendor.coverImageUrl} />
      <div className="flex flex-col gap-4 p-5 sm:p-6">
        <div className="flex flex-col gap-2 sm:flex-row sm:items-start sm:justify-between">
          <div className="flex flex-col gap-1.5">
            <p className="text-sm font-medium text-link">{vendor.primaryCategory.name}</p>
            <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{vendor.businessName}</h1>
            {vendor.tagline ? <p className="text-muted">{vendor.tagline}</p> : null}
          </div>
          <div className="flex flex-wrap items-center gap-3 sm:flex-col sm:items-end">
            {vendor.vettingStatus === 'approved' ? (
              <Badge variant="success" className="text-sm">
                <BadgeCheck aria-hidden="true" /> Vetted pro
              </Badge>
            ) : null}
            {actions}
          </div>
        </div>
        <VendorFacts vendor={vendor} distanceKm={distanceKm} linkReviews={linkReviews} />
        {vendor.bio ? <p className="max-w-3xl leading-relaxed">{vendor.bio}</p> : null}
        {vendor.categories.length > 1 ? (
          <ul className="flex flex-wrap gap-2" aria-label="Categories">
            {vendor.categories.map((c) => (
              <li key={c.slug}>
                <Badge variant="secondary">{c.name}</Badge>
              </li>
            ))}
          </ul>
        ) : null}
      </div>
    </header>
  );
}
