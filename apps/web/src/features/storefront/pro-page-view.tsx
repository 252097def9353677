import { MESSAGES } from '@vetted/api-client';
import type { PublicPro, Review, Service } from '@vetted/contract';
import { buildLink, ROUTES } from '@vetted/session';
import { Breadcrumbs, type DistanceUnit, Gallery } from '@vetted/ui';
import { ErrorState } from '../../components/error-state';
import { errorStatus } from '../../lib/errors';
import { GetQuotesCallout } from '../quotes';
import { ReviewsView } from '../reviews';
import { ProHeader } from './pro-header';
import { ProNotListed, ProPageSkeleton, ProServices } from './pro-page-parts';

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
      <ProHeader pro={pro} distanceUnit={distanceUnit} />
      <ProServices pro={pro} bookHref={bookHref} />
      <GetQuotesCallout categorySlug={primary?.slug} vendor={pro} />

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
