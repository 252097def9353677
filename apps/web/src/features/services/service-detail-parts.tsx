import {
  CANCELLATION_POLICY,
  type GalleryImage,
  hoursText,
  type ServiceDetail,
} from '@vetted/contract';
import { Badge, Button, Price, RatingStars, Skeleton } from '@vetted/ui';
import { Clock, Images, ShieldCheck } from 'lucide-react';
import type * as React from 'react';
import { Link } from 'wouter';
import { formatDuration } from '../../lib/format';

/** The service page while the service loads: title, picture and text lines, the booking card. */
export function ServiceDetailSkeleton() {
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

export interface ServiceSummaryProps {
  service: ServiceDetail;
  /** Link of the pro's page. */
  vendorHref: string;
  /** After the rating, e.g. "Message" (customers only). */
  messageAction?: React.ReactNode;
}

/** Category, title, then price, duration, the pro (linked) and their rating on one line. */
export function ServiceSummary({ service, vendorHref, messageAction }: ServiceSummaryProps) {
  return (
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
  );
}

/** The first photos as links into the gallery (`#photo-<n>`, 1-based). */
function PhotoPreview({ images, galleryHref }: { images: GalleryImage[]; galleryHref: string }) {
  // One large photo and four small ones when there are five or more; an even grid otherwise.
  const mosaic = images.length >= 5;
  const preview = images.slice(0, mosaic ? 5 : 4);
  return (
    <ul className={mosaic ? 'grid grid-cols-4 gap-2' : 'grid grid-cols-2 gap-2 sm:grid-cols-4'}>
      {preview.map((img, i) => (
        <li key={img.id} className={mosaic && i === 0 ? 'col-span-2 row-span-2' : undefined}>
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
  );
}

export interface ServicePhotosProps {
  service: ServiceDetail;
  /** The service's gallery; undefined or empty: the cover image, else "No photos yet." */
  gallery?: GalleryImage[];
  /** Link of the full gallery page. */
  galleryHref: string;
}

/** "Photos": a preview of the gallery with "View all photos (n)", or the cover image. */
export function ServicePhotos({ service, gallery, galleryHref }: ServicePhotosProps) {
  const all = gallery ?? [];
  return (
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
      {all.length > 0 ? (
        <PhotoPreview images={all} galleryHref={galleryHref} />
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
  );
}

/** "About this service": the description and the free-cancellation promise (the contract's policy). */
export function ServiceAbout({ description }: { description: ServiceDetail['description'] }) {
  return (
    <section aria-labelledby="service-about" className="flex flex-col gap-2">
      <h2 id="service-about" className="text-lg font-semibold">
        About this service
      </h2>
      <p className="leading-relaxed whitespace-pre-line">{description}</p>
      <p className="mt-2 flex items-start gap-2 rounded-md bg-success-soft p-3 text-sm text-success">
        <ShieldCheck aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
        Free cancellation until the pro accepts your booking, and up to{' '}
        {hoursText(CANCELLATION_POLICY.fullRefundNoticeMs)} before it starts.
      </p>
    </section>
  );
}
