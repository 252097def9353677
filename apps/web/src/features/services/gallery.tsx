import { MESSAGES } from '@vetted/api-client';
import { buildLink, ROUTES } from '@vetted/session';
import { Breadcrumbs, Container, Gallery, PageHeader, Skeleton } from '@vetted/ui';
import { useParams, useSearchParams } from 'wouter';
import { ErrorState } from '../../components/error-state';
import { useService, useServiceGallery } from './use-service';
import { MissingService } from './service-detail';
import { placeholders } from '../../lib/placeholders';

/** `/user/services/vendor/:id/service/gallery?serviceId=`: every photo, with a lightbox. */
export function ServiceGalleryPage() {
  const { id } = useParams<{ id: string }>();
  const [params] = useSearchParams();
  const serviceId = params.get('serviceId');
  const service = useService(serviceId);
  const gallery = useServiceGallery(serviceId);
  if (!serviceId) return <MissingService vendorId={id} />;
  const serviceHref = buildLink(ROUTES.user.vendorService, {
    params: { id },
    query: { serviceId },
  });
  return (
    <Container className="flex flex-col gap-6">
      <Breadcrumbs
        items={[
          {
            label: service.data?.vendor.businessName ?? 'Pro',
            href: buildLink(ROUTES.user.vendor, { params: { id } }),
          },
          { label: service.data?.title ?? 'Service', href: serviceHref },
          { label: 'Photos' },
        ]}
      />
      <PageHeader
        title={service.data ? `${service.data.title} — photos` : 'Photos'}
        description="Select a photo to see it full size. Use the arrow keys to move between photos."
      />
      {gallery.error && !gallery.data ? (
        <ErrorState
          title={MESSAGES.errorLoadingData}
          message={gallery.error.message}
          onRetry={() => gallery.mutate()}
        />
      ) : !gallery.data ? (
        <div
          className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4"
          role="status"
          aria-busy="true"
          aria-label="Loading photos"
        >
          {placeholders(8).map((id) => (
            <Skeleton key={id} className="aspect-square" />
          ))}
        </div>
      ) : (
        <Gallery
          images={gallery.data.map((img) => ({
            id: img.id,
            src: img.url,
            thumbSrc: img.thumbUrl,
            alt: img.alt,
            width: img.width,
            height: img.height,
          }))}
        />
      )}
    </Container>
  );
}
