import type { PublicPro } from '@vetted/contract';
import { type DistanceUnit, formatDistance, RatingStars, useLocale } from '@vetted/ui';
import { BadgeCheck, CalendarDays, MapPin } from 'lucide-react';
import { publicDate, vettingPhrase } from '../../lib/public-page-text';

/** Initials of a business name for a picture-less pro: "Demo Plumbing Co." → "DC". */
function initialsOf(name: string): string {
  const words = name.split(/\s+/).filter((w) => /[\p{L}\p{N}]/u.test(w));
  const first = words[0]?.[0] ?? '?';
  const last = words.length > 1 ? (words[words.length - 1]?.[0] ?? '') : '';
  return `${first}${last}`.toUpperCase();
}

/**
 * The pro's picture: their photo (round), else the cover image (its own 3:2 shape, so words in
 * it are never cut), else their initials. A plain `<img>`, shown by the server's HTML too.
 */
function ProPhoto({ pro }: { pro: PublicPro }) {
  if (pro.avatarUrl) {
    return (
      <img
        src={pro.avatarUrl}
        alt={pro.businessName}
        data-slot="pro-photo"
        className="size-20 shrink-0 rounded-full border border-border object-cover sm:size-24 dark:brightness-90"
      />
    );
  }
  if (pro.coverImageUrl) {
    return (
      <img
        src={pro.coverImageUrl}
        alt={pro.businessName}
        data-slot="pro-photo"
        className="aspect-[3/2] h-20 w-auto shrink-0 self-start rounded-lg border border-border object-cover sm:h-24 dark:brightness-90"
      />
    );
  }
  return (
    <span
      data-slot="pro-photo"
      className="flex size-20 shrink-0 items-center justify-center rounded-full bg-primary-soft text-2xl font-semibold text-link sm:size-24"
    >
      <span aria-hidden="true">{initialsOf(pro.businessName)}</span>
    </span>
  );
}

/**
 * The rating (a link to `#reviews` once there is one), the service area — its radius in
 * `distanceUnit`, formatted in the page's locale — and the year the pro joined.
 */
function ProFacts({ pro, distanceUnit }: { pro: PublicPro; distanceUnit: DistanceUnit }) {
  const locale = useLocale();
  const radius = formatDistance(pro.serviceArea.radiusKm, locale, distanceUnit);
  return (
    <div className="flex flex-wrap items-center gap-x-5 gap-y-2 pt-1 text-sm text-muted">
      {pro.rating.count > 0 ? (
        <a
          href="#reviews"
          className="rounded-sm underline-offset-4 outline-none hover:underline focus-visible:ring-2 focus-visible:ring-ring"
        >
          <RatingStars value={pro.rating.average} count={pro.rating.count} />
        </a>
      ) : (
        <RatingStars value={pro.rating.average} count={pro.rating.count} />
      )}
      <span className="inline-flex items-center gap-1">
        <MapPin aria-hidden="true" className="size-4 shrink-0" />
        Serves within {radius} of {pro.serviceArea.city}, {pro.serviceArea.country}
      </span>
      <span className="inline-flex items-center gap-1">
        <CalendarDays aria-hidden="true" className="size-4 shrink-0" />
        Member since {pro.memberSince.slice(0, 4)}
      </span>
    </div>
  );
}

/**
 * The head of a pro's public page: picture, categories, name, tagline, rating, service area,
 * joining year, what the vetting checked (and when it was approved) and the bio.
 */
export function ProHeader({ pro, distanceUnit }: { pro: PublicPro; distanceUnit: DistanceUnit }) {
  return (
    <header className="flex flex-col gap-5 rounded-xl border border-border bg-surface-raised p-5 sm:p-6">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-start sm:gap-6">
        <ProPhoto pro={pro} />
        <div className="flex min-w-0 flex-1 flex-col gap-1.5">
          {pro.categories.length > 0 ? (
            <p className="text-sm font-medium text-link">
              {pro.categories.map((c) => c.name).join(' · ')}
            </p>
          ) : null}
          <h1 className="text-2xl font-bold tracking-tight break-words sm:text-3xl">
            {pro.businessName}
          </h1>
          {pro.tagline ? <p className="text-muted">{pro.tagline}</p> : null}
          <ProFacts pro={pro} distanceUnit={distanceUnit} />
        </div>
      </div>
      <p
        data-slot="vetting"
        className="flex items-start gap-2 rounded-lg bg-success-soft px-3 py-2 text-sm text-success"
      >
        <BadgeCheck aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
        <span>
          <strong className="font-semibold">{vettingPhrase(pro.vetting.checks)}</strong>
          {pro.vetting.approvedAt ? ` · approved ${publicDate(pro.vetting.approvedAt)}` : null}
        </span>
      </p>
      {pro.bio ? <p className="max-w-3xl leading-relaxed whitespace-pre-line">{pro.bio}</p> : null}
    </header>
  );
}
