import { MESSAGES } from '@vetted/api-client';
import {
  CANCELLATION_POLICY,
  type GalleryImage,
  hoursText,
  type ServiceDetail,
  type Slots,
} from '@vetted/contract';
import {
  Badge,
  Breadcrumbs,
  Button,
  Card,
  Price,
  RatingStars,
  Skeleton,
  SlotPicker,
} from '@vetted/ui';
import { ChevronLeft, ChevronRight, Clock, Images, ShieldCheck } from 'lucide-react';
import type * as React from 'react';
import { Link } from 'wouter';
import { ErrorState } from '../../components/error-state';
import { formatDuration, formatLongDateTime } from '../../lib/format';
import { placeholders } from '../../lib/placeholders';

export interface ServiceDetailViewProps {
  service?: ServiceDetail;
  isLoading?: boolean;
  error?: Error | null;
  onRetry?: () => void;
  gallery?: GalleryImage[];
  slots?: Slots;
  slotsLoading?: boolean;
  slotsError?: Error | null;
  onRetrySlots?: () => void;
  /** Chosen slot's `startsAt`. */
  selected?: string;
  onSelect: (startsAt: string) => void;
  onPrevWeek?: () => void;
  onNextWeek: () => void;
  /** False on the first week. */
  canGoBack: boolean;
  vendorHref: string;
  galleryHref: string;
  /** Checkout link for the chosen slot; null until a slot is chosen. */
  checkoutHref: string | null;
  /** Next to the pro's name, e.g. "Message" (customers only). */
  messageAction?: React.ReactNode;
  /**
   * Under a day without free times in the slot picker, e.g. "Join the waitlist";
   * called with the day and whether it has slots at all.
   */
  dayEmptyAction?: (date: string, hasSlots: boolean) => React.ReactNode;
  /** Above the slot picker, e.g. a time the waitlist holds for this customer. */
  waitlistOffers?: React.ReactNode;
}

/** Service detail: facts, gallery preview, slot picker and the way to checkout. */
export function ServiceDetailView({
  service,
  isLoading,
  error,
  onRetry,
  gallery,
  slots,
  slotsLoading,
  slotsError,
  onRetrySlots,
  selected,
  onSelect,
  onPrevWeek,
  onNextWeek,
  canGoBack,
  vendorHref,
  galleryHref,
  checkoutHref,
  messageAction,
  dayEmptyAction,
  waitlistOffers,
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
  if (isLoading || !service) {
    return (
      <div
        className="grid grid-cols-1 gap-8 lg:grid-cols-[1fr_380px]"
        role="status"
        aria-busy="true"
        aria-label="Loading service"
      >
        <div className="flex flex-col gap-4">
          <Skeleton className="h-8 w-72 max-w-full" />
          <Skeleton className="aspect-video w-full rounded-xl" />
          <Skeleton className="h-4 w-full" />
          <Skeleton className="h-4 w-2/3" />
        </div>
        <Skeleton className="h-96 rounded-xl" />
      </div>
    );
  }
  const all = gallery ?? [];
  // One large photo and four small ones when there are five or more; an even grid otherwise.
  const mosaic = all.length >= 5;
  const preview = all.slice(0, mosaic ? 5 : 4);
  const timeZone = slots?.timeZone;
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
          <div className="flex flex-col gap-3">
            <Badge variant="secondary">{service.category.name}</Badge>
            <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{service.title}</h1>
            <div className="flex flex-wrap items-center gap-x-5 gap-y-2 text-sm text-muted">
              <Price
                amount={service.price.amount}
                currency={service.price.currency}
                className="text-xl font-bold text-fg"
              />
              <span className="inline-flex items-center gap-1">
                <Clock aria-hidden="true" className="size-4" />
                {formatDuration(service.durationMinutes)}
              </span>
              <Link
                href={vendorHref}
                className="inline-flex items-center gap-2 font-medium text-link hover:underline"
              >
                {service.vendor.businessName}
              </Link>
              <RatingStars
                value={service.vendor.ratingAverage}
                count={service.vendor.ratingCount}
                size="sm"
              />
              {messageAction}
            </div>
          </div>

          <section aria-labelledby="service-photos" className="flex flex-col gap-3">
            <div className="flex items-center justify-between">
              <h2 id="service-photos" className="text-lg font-semibold">
                Photos
              </h2>
              {service.imageCount > 0 ? (
                <Button asChild variant="link">
                  <Link href={galleryHref}>
                    <Images aria-hidden="true" />
                    View all photos ({service.imageCount})
                  </Link>
                </Button>
              ) : null}
            </div>
            {preview.length > 0 ? (
              <ul
                className={
                  mosaic ? 'grid grid-cols-4 gap-2' : 'grid grid-cols-2 gap-2 sm:grid-cols-4'
                }
              >
                {preview.map((img, i) => (
                  <li
                    key={img.id}
                    className={mosaic && i === 0 ? 'col-span-2 row-span-2' : undefined}
                  >
                    <Link
                      href={`${galleryHref}#photo-${i + 1}`}
                      className="block overflow-hidden rounded-md outline-none focus-visible:ring-2 focus-visible:ring-ring"
                    >
                      <img
                        src={img.thumbUrl}
                        alt={img.alt}
                        width={img.width}
                        height={img.height}
                        loading="lazy"
                        className="aspect-[3/2] size-full object-cover transition-transform hover:scale-105 dark:brightness-90"
                      />
                    </Link>
                  </li>
                ))}
              </ul>
            ) : service.coverImageUrl ? (
              <img
                src={service.coverImageUrl}
                alt=""
                className="aspect-[3/2] w-full rounded-xl object-cover dark:brightness-90"
              />
            ) : (
              <p className="text-sm text-muted">No photos yet.</p>
            )}
          </section>

          <section aria-labelledby="service-about" className="flex flex-col gap-2">
            <h2 id="service-about" className="text-lg font-semibold">
              About this service
            </h2>
            <p className="leading-relaxed whitespace-pre-line">{service.description}</p>
            <p className="mt-2 flex items-start gap-2 rounded-md bg-success-soft p-3 text-sm text-success">
              <ShieldCheck aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
              Free cancellation until the pro accepts your booking, and up to{' '}
              {hoursText(CANCELLATION_POLICY.fullRefundNoticeMs)} before it starts.
            </p>
          </section>
        </div>

        <Card className="gap-4 lg:sticky lg:top-24">
          <h2 className="text-lg font-semibold">Choose a time</h2>
          {waitlistOffers}
          {slotsError && !slots ? (
            <ErrorState
              title={MESSAGES.errorLoadingData}
              message={slotsError.message}
              onRetry={onRetrySlots}
            />
          ) : slotsLoading && !slots ? (
            <div
              className="flex flex-col gap-3"
              role="status"
              aria-busy="true"
              aria-label="Loading times"
            >
              <Skeleton className="h-14 w-full" />
              <div className="grid grid-cols-3 gap-2">
                {placeholders(9).map((id) => (
                  <Skeleton key={id} className="h-10" />
                ))}
              </div>
            </div>
          ) : slots ? (
            <SlotPicker
              key={slots.days[0]?.date}
              days={slots.days}
              timeZone={slots.timeZone}
              value={selected}
              onChange={onSelect}
              dayEmptyAction={dayEmptyAction}
              // The picker's time grid goes to 6 columns at md; this card is ~400px wide on lg+.
              className="lg:[&_ul]:grid-cols-3"
            />
          ) : null}
          <div className="flex items-center justify-between">
            <Button variant="ghost" size="sm" onClick={onPrevWeek} disabled={!canGoBack}>
              <ChevronLeft aria-hidden="true" /> Previous week
            </Button>
            <Button variant="ghost" size="sm" onClick={onNextWeek}>
              Next week <ChevronRight aria-hidden="true" />
            </Button>
          </div>
          <div className="border-t border-border pt-4" aria-live="polite">
            {selected ? (
              <p className="mb-3 text-sm">
                <span className="text-muted">Selected: </span>
                <span className="font-medium">{formatLongDateTime(selected, timeZone)}</span>
              </p>
            ) : (
              <p className="mb-3 text-sm text-muted">Pick a day and a start time.</p>
            )}
            {checkoutHref ? (
              <Button asChild size="lg" className="w-full">
                <Link href={checkoutHref}>Continue to checkout</Link>
              </Button>
            ) : (
              <Button size="lg" className="w-full" disabled>
                Continue to checkout
              </Button>
            )}
          </div>
        </Card>
      </div>
    </div>
  );
}
