import { MESSAGES } from '@vetted/api-client';
import type { PublicPro, Review, Service } from '@vetted/contract';
import { buildLink, ROUTES } from '@vetted/session';
import {
  Breadcrumbs,
  Button,
  type DistanceUnit,
  EmptyState,
  formatDistance,
  formatMoney,
  useLocale,
  Gallery,
  RatingStars,
  Skeleton,
  useLinkComponent,
} from '@vetted/ui';
import { BadgeCheck, CalendarDays, Clock, MapPin, PackageOpen, SearchX } from 'lucide-react';
import { ErrorState } from '../../components/error-state';
import { errorStatus } from '../../lib/errors';
import { formatDuration } from '../../lib/format';
import { publicDate, vettingPhrase } from '../../lib/public-page-text';
import { ReviewsView } from '../reviews';

/** Answers that mean the pro is not (or no longer) listed: not found, gone. */
const NOT_LISTED = new Set([404, 410]);

export interface ProPageViewProps {
  /** `GET /v1/pros/{slug}`; undefined while loading. */
  pro?: PublicPro;
  /** The profile's error: 404 / 410 show "This pro isn't listed", others a retry. */
  error?: Error | null;
  onRetry?: () => void;
  /** Reviews of the pages after the first (`GET /v1/pros/{slug}/reviews`), newest first. */
  moreReviews?: Review[];
  /** Further review pages exist ("Show more reviews"). */
  hasMoreReviews?: boolean;
  isLoadingMoreReviews?: boolean;
  moreReviewsError?: Error | null;
  onLoadMoreReviews?: () => void;
  /**
   * Where a service's **Book** leads (sign-in first for a visitor), or null to show no Book
   * link (a signed-in pro or admin cannot book).
   */
  bookHref: (service: Service) => string | null;
  /** Unit of the service area's radius (`useViewerDistanceUnit`). @defaultValue 'kilometer' */
  distanceUnit?: DistanceUnit;
  /** Reference time for the reviews' relative dates (stories). */
  now?: Date;
}

/**
 * Where **Book** leads for a service: the in-app service page (spec §2 link building) for a
 * customer; for a signed-out visitor the login page with `redirect` to it, so after the code
 * they land on the service; nothing for a pro or an admin (who cannot book).
 */
export function bookHrefFor(
  role: string | null,
  service: Pick<Service, 'id' | 'vendorId'>,
): string | null {
  const target = buildLink(ROUTES.user.vendorService, {
    params: { id: service.vendorId },
    query: { serviceId: service.id },
  });
  if (role === 'customer') return target;
  if (role === null) return buildLink(ROUTES.login, { query: { redirect: target } });
  return null;
}

/**
 * A pro's public page (`/pros/:slug`), readable by visitors and search engines: photo, name,
 * tagline, what the vetting checked, rating with its breakdown and the reviews, services with
 * prices and a Book link each, the services' pictures, the service area and the year they
 * joined. Renders everything from `pro` alone (no effects), so the server can render it; every
 * link is a real `<a href>`. Loading skeleton, not-listed and error states included.
 */
export function ProPageView({
  pro,
  error,
  onRetry,
  moreReviews,
  hasMoreReviews,
  isLoadingMoreReviews,
  moreReviewsError,
  onLoadMoreReviews,
  bookHref,
  distanceUnit = 'kilometer',
  now,
}: ProPageViewProps) {
  const locale = useLocale();
  if (error && !pro) {
    const status = errorStatus(error);
    if (status !== undefined && NOT_LISTED.has(status)) return <ProNotListed />;
    return (
      <ErrorState
        title={MESSAGES.errorLoadingData}
        message={error.message}
        error={error}
        onRetry={onRetry}
      />
    );
  }
  // Without data (and no error) it is on its way. SWR's `isLoading` is not asked: with the
  // server's data as fallback it still says true until the first revalidation.
  if (!pro) return <ProPageSkeleton />;

  const primary = pro.categories[0];
  const gallery = pro.services.flatMap((s) =>
    s.coverImageUrl ? [{ id: s.id, src: s.coverImageUrl, alt: s.title }] : [],
  );
  // A review posted meanwhile shifts the pages by one: show each review once.
  const seen = new Set(pro.reviews.items.map((r) => r.id));
  const reviews = [
    ...pro.reviews.items,
    ...(moreReviews ?? []).filter((r) => !seen.has(r.id) && seen.add(r.id)),
  ];
  const radius = formatDistance(pro.serviceArea.radiusKm, locale, distanceUnit);

  return (
    <div className="flex flex-col gap-8">
      <Breadcrumbs
        items={[
          { label: 'Services', href: ROUTES.services },
          ...(primary
            ? [
                {
                  label: primary.name,
                  href: buildLink(ROUTES.servicePage, { params: { category: primary.slug } }),
                },
              ]
            : []),
          { label: pro.businessName },
        ]}
      />
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
        {pro.bio ? (
          <p className="max-w-3xl leading-relaxed whitespace-pre-line">{pro.bio}</p>
        ) : null}
      </header>

      <section aria-labelledby="pro-services" className="flex flex-col gap-4">
        <h2 id="pro-services" className="text-xl font-semibold tracking-tight">
          Services
        </h2>
        {pro.services.length === 0 ? (
          <EmptyState
            icon={<PackageOpen />}
            title="No services listed yet"
            description={`${pro.businessName} has not published any services. Check back soon.`}
          />
        ) : (
          <ul className="flex flex-col gap-3">
            {pro.services.map((s) => (
              <ServiceRow key={s.id} service={s} href={bookHref(s)} />
            ))}
          </ul>
        )}
      </section>

      {gallery.length > 0 ? (
        <section aria-labelledby="pro-gallery" className="flex flex-col gap-4">
          <h2 id="pro-gallery" className="text-xl font-semibold tracking-tight">
            Photos
          </h2>
          <Gallery images={gallery} />
        </section>
      ) : null}

      <ReviewsView
        perspective="public"
        businessName={pro.businessName}
        breakdown={pro.reviews.breakdown}
        reviews={reviews}
        total={pro.reviews.total}
        error={moreReviewsError}
        hasMore={hasMoreReviews}
        isLoadingMore={isLoadingMoreReviews}
        onLoadMore={onLoadMoreReviews}
        now={now}
      />
    </div>
  );
}

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

/** One service: title, description, duration, price and its Book link. */
function ServiceRow({ service, href }: { service: Service; href: string | null }) {
  const Link = useLinkComponent();
  const locale = useLocale();
  return (
    <li className="flex flex-col gap-3 rounded-lg border border-border bg-surface-raised p-4 sm:flex-row sm:items-center sm:gap-6">
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <h3 className="font-semibold">{service.title}</h3>
        {service.description ? <p className="text-sm text-muted">{service.description}</p> : null}
        <p className="inline-flex items-center gap-1 text-sm text-muted">
          <Clock aria-hidden="true" className="size-3.5" />
          {formatDuration(service.durationMinutes)}
        </p>
      </div>
      <div className="flex items-center justify-between gap-4 sm:flex-col sm:items-end sm:gap-2">
        <p className="text-lg font-semibold tabular-nums">
          {formatMoney(service.price.amount, service.price.currency, locale)}
        </p>
        {href ? (
          <Button asChild size="sm">
            <Link href={href} aria-label={`Book ${service.title}`}>
              Book
            </Link>
          </Button>
        ) : null}
      </div>
    </li>
  );
}

/** The page while the profile loads. */
function ProPageSkeleton() {
  return (
    <div className="flex flex-col gap-8" role="status" aria-busy="true" aria-label="Loading pro">
      <Skeleton className="h-4 w-48" />
      <div className="flex flex-col gap-4 rounded-xl border border-border p-5 sm:flex-row sm:p-6">
        <Skeleton className="size-20 shrink-0 rounded-full sm:size-24" />
        <div className="flex w-full flex-col gap-2">
          <Skeleton className="h-4 w-24" />
          <Skeleton className="h-8 w-64 max-w-full" />
          <Skeleton className="h-4 w-80 max-w-full" />
          <Skeleton className="h-4 w-56 max-w-full" />
        </div>
      </div>
      <div className="flex flex-col gap-3">
        <Skeleton className="h-6 w-28" />
        <Skeleton className="h-24 w-full" />
        <Skeleton className="h-24 w-full" />
      </div>
    </div>
  );
}

/** A 404 / 410: the pro is not (or no longer) listed; ways on, all real links. */
function ProNotListed() {
  const Link = useLinkComponent();
  return (
    <div role="alert">
      <EmptyState
        icon={<SearchX />}
        title="This pro isn't listed"
        description="They may have left Vetted, or the link is out of date. Other vetted pros are a search away."
        action={
          <div className="flex flex-wrap justify-center gap-2">
            <Button asChild>
              <Link href={ROUTES.search}>Find a pro</Link>
            </Button>
            <Button asChild variant="outline">
              <Link href={ROUTES.services}>Browse services</Link>
            </Button>
          </div>
        }
      />
    </div>
  );
}
