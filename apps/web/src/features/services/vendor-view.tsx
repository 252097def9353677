import { MESSAGES } from '@vetted/api-client';
import type { Service, VendorDetail } from '@vetted/contract';
import { Badge, Breadcrumbs, EmptyState, RatingStars, ServiceCard, Skeleton } from '@vetted/ui';
import { BadgeCheck, CalendarDays, MapPin, PackageOpen } from 'lucide-react';
import type * as React from 'react';
import { ErrorState } from '../../components/error-state';
import { formatDistance, formatMonthYear } from '../../lib/format';

export interface VendorViewProps {
  vendor?: VendorDetail;
  services?: Service[];
  isLoading?: boolean;
  error?: Error | null;
  servicesLoading?: boolean;
  servicesError?: Error | null;
  onRetry?: () => void;
  onRetryServices?: () => void;
  /** Distance from the person's saved location, when known. */
  distanceKm?: number | null;
  serviceHref: (service: Service) => string;
  /** Buttons in the header, e.g. "Message" (customers only). */
  actions?: React.ReactNode;
  /** The reviews section under the services (`ReviewsView`). */
  reviews?: React.ReactNode;
}

/** A vendor's public page: header (name, rating, city, vetted badge, bio) and services. */
export function VendorView({
  vendor,
  services,
  isLoading,
  error,
  servicesLoading,
  servicesError,
  onRetry,
  onRetryServices,
  distanceKm,
  serviceHref,
  actions,
  reviews,
}: VendorViewProps) {
  if (error && !vendor) {
    return (
      <ErrorState
        title={MESSAGES.errorLoadingData}
        message={error.message}
        error={error}
        onRetry={onRetry}
      />
    );
  }
  if (isLoading || !vendor) {
    return (
      <div
        className="flex flex-col gap-6"
        role="status"
        aria-busy="true"
        aria-label="Loading vendor"
      >
        <Skeleton className="h-48 w-full rounded-xl" />
        <Skeleton className="h-8 w-64" />
        <Skeleton className="h-4 w-96 max-w-full" />
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          <Skeleton className="h-56" />
          <Skeleton className="h-56" />
          <Skeleton className="h-56" />
        </div>
      </div>
    );
  }
  const distance = formatDistance(distanceKm ?? vendor.distanceKm);
  return (
    <div className="flex flex-col gap-8">
      <Breadcrumbs
        items={[
          { label: 'Services', href: '/user/services' },
          {
            label: vendor.primaryCategory.name,
            href: `/user/services?category=${encodeURIComponent(vendor.primaryCategory.slug)}`,
          },
          { label: vendor.businessName },
        ]}
      />
      <header className="overflow-hidden rounded-xl border border-border bg-surface-raised">
        <div className="relative h-36 overflow-hidden bg-gradient-to-br from-primary-700 to-primary-400 sm:h-48">
          {vendor.coverImageUrl ? (
            <>
              {/* The banner is far wider than the picture (3:2, with words in it): the picture
                  is shown whole, over a blurred, cropped copy of itself filling the banner. */}
              <img
                src={vendor.coverImageUrl}
                alt=""
                className="absolute inset-0 size-full scale-110 object-cover opacity-70 blur-xl dark:brightness-75"
              />
              <img
                src={vendor.coverImageUrl}
                alt=""
                data-slot="vendor-cover"
                className="relative mx-auto h-full w-auto max-w-full object-contain dark:brightness-90"
              />
            </>
          ) : null}
        </div>
        <div className="flex flex-col gap-4 p-5 sm:p-6">
          <div className="flex flex-col gap-2 sm:flex-row sm:items-start sm:justify-between">
            <div className="flex flex-col gap-1.5">
              <p className="text-sm font-medium text-link">{vendor.primaryCategory.name}</p>
              <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">
                {vendor.businessName}
              </h1>
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
          <div className="flex flex-wrap items-center gap-x-5 gap-y-2 text-sm text-muted">
            {reviews && vendor.ratingCount > 0 ? (
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
            <span className="inline-flex items-center gap-1">
              <CalendarDays aria-hidden="true" className="size-4" />
              Member since {formatMonthYear(vendor.memberSince)}
            </span>
          </div>
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
      <section aria-labelledby="vendor-services" className="flex flex-col gap-4">
        <h2 id="vendor-services" className="text-xl font-semibold tracking-tight">
          Services
        </h2>
        {servicesError && !services ? (
          <ErrorState
            title={MESSAGES.errorFetchingVendorServices}
            message={servicesError.message}
            onRetry={onRetryServices}
          />
        ) : servicesLoading || !services ? (
          <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-busy="true">
            <Skeleton className="h-56" />
            <Skeleton className="h-56" />
            <Skeleton className="h-56" />
          </div>
        ) : services.length === 0 ? (
          <EmptyState
            icon={<PackageOpen />}
            title="No services listed yet"
            description="This pro has not published any services. Check back soon."
          />
        ) : (
          <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {services.map((s) => (
              <li key={s.id} className="grid">
                <ServiceCard
                  title={s.title}
                  description={s.description}
                  price={s.price}
                  durationMinutes={s.durationMinutes}
                  imageUrl={s.coverImageUrl}
                  href={serviceHref(s)}
                />
              </li>
            ))}
          </ul>
        )}
      </section>
      {reviews}
    </div>
  );
}
