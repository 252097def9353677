import { MESSAGES } from '@vetted/api-client';
import type { Service, VendorDetail } from '@vetted/contract';
import { Breadcrumbs } from '@vetted/ui';
import type * as React from 'react';
import { ErrorState } from '../../components/error-state';
import { GetQuotesCallout } from '../quotes';
import { VendorHeader } from './vendor-header';
import { VendorServices, VendorSkeleton } from './vendor-services';

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
  if (isLoading || !vendor) return <VendorSkeleton />;
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
      <VendorHeader
        vendor={vendor}
        distanceKm={distanceKm}
        actions={actions}
        linkReviews={Boolean(reviews)}
      />
      <VendorServices
        services={services}
        isLoading={servicesLoading}
        error={servicesError}
        onRetry={onRetryServices}
        serviceHref={serviceHref}
      />
      <GetQuotesCallout categorySlug={vendor.primaryCategory.slug} vendor={vendor} />
      {reviews}
    </div>
  );
}
