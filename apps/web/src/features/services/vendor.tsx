import { buildLink, ROUTES } from '@vetted/session';
import { Container } from '@vetted/ui';
import { useParams } from 'wouter';
import { useVendorReviews } from '../reviews';
import { usePageTitle } from '../../lib/hooks/use-page-title';
import { useVendor, useVendorServices } from './use-vendor';
import { distanceKm } from '../../lib/format';
import { useSavedLocation } from '../../lib/location';
import { useSession } from '../../lib/session';
import { MessageButton } from '../conversations';
import { ReviewsView } from '../reviews';
import { VendorView } from './vendor-view';

/** `/user/services/vendor/:id`. */
export function UserVendorPage() {
  const { id } = useParams<{ id: string }>();
  const location = useSavedLocation();
  const vendor = useVendor(id);
  const services = useVendorServices(id);
  const { role } = useSession();
  const reviews = useVendorReviews(id);
  usePageTitle(vendor.data?.businessName);
  const distance = vendor.data && location ? distanceKm(location, vendor.data) : null;
  return (
    <Container>
      <VendorView
        // The header's rating from the reviews' breakdown once loaded: the vendor detail is
        // cached for a while, the reviews are not (a review just posted counts at once).
        vendor={
          vendor.data && reviews.breakdown
            ? {
                ...vendor.data,
                ratingAverage: reviews.breakdown.average,
                ratingCount: reviews.breakdown.count,
              }
            : vendor.data
        }
        isLoading={vendor.isLoading}
        error={vendor.error}
        onRetry={() => vendor.mutate()}
        services={services.data}
        servicesLoading={services.isLoading}
        servicesError={services.error}
        onRetryServices={() => services.mutate()}
        distanceKm={distance}
        // Customers message pros; a signed-out visitor is sent to log in (MessageButton).
        actions={
          role === 'customer' || role === null ? <MessageButton target={{ vendorId: id }} /> : null
        }
        reviews={
          vendor.data ? (
            <ReviewsView
              perspective="public"
              businessName={vendor.data.businessName}
              breakdown={reviews.breakdown}
              reviews={reviews.items}
              total={reviews.total}
              isLoading={reviews.isLoading}
              error={reviews.error}
              onRetry={() => reviews.mutate()}
              hasMore={reviews.hasMore}
              isLoadingMore={reviews.isLoadingMore}
              onLoadMore={() => void reviews.loadMore()}
            />
          ) : null
        }
        serviceHref={(s) =>
          buildLink(ROUTES.user.vendorService, { params: { id }, query: { serviceId: s.id } })
        }
      />
    </Container>
  );
}
