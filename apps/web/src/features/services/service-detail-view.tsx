import { MESSAGES } from '@vetted/api-client';
import type { GalleryImage, ServiceDetail } from '@vetted/contract';
import { Breadcrumbs } from '@vetted/ui';
import type * as React from 'react';
import { ErrorState } from '../../components/error-state';
import { BookingCard, type BookingCardProps } from './service-booking-card';
import {
  ServiceAbout,
  ServiceDetailSkeleton,
  ServicePhotos,
  ServiceSummary,
} from './service-detail-parts';

export interface ServiceDetailViewProps extends BookingCardProps {
  service?: ServiceDetail;
  isLoading?: boolean;
  error?: Error | null;
  onRetry?: () => void;
  gallery?: GalleryImage[];
  vendorHref: string;
  galleryHref: string;
  /** Next to the pro's name, e.g. "Message" (customers only). */
  messageAction?: React.ReactNode;
}

/** Service detail: facts, gallery preview, slot picker and the way to checkout. */
export function ServiceDetailView({
  service,
  isLoading,
  error,
  onRetry,
  gallery,
  vendorHref,
  galleryHref,
  messageAction,
  ...booking
}: ServiceDetailViewProps) {
  if (error && !service) {
    return (
      <ErrorState
        title={MESSAGES.errorLoadingService}
        message={error.message}
        error={error}
        onRetry={onRetry}
      />
    );
  }
  if (isLoading || !service) return <ServiceDetailSkeleton />;
  return (
    <div className="flex flex-col gap-6">
      <Breadcrumbs
        items={[
          { label: 'Services', href: '/user/services' },
          { label: service.vendor.businessName, href: vendorHref },
          { label: service.title },
        ]}
      />
      <div className="grid grid-cols-1 gap-8 lg:grid-cols-[minmax(0,1fr)_400px] lg:items-start">
        <div className="flex flex-col gap-6">
          <ServiceSummary service={service} vendorHref={vendorHref} messageAction={messageAction} />
          <ServicePhotos service={service} gallery={gallery} galleryHref={galleryHref} />
          <ServiceAbout description={service.description} />
        </div>
        <BookingCard {...booking} />
      </div>
    </div>
  );
}
