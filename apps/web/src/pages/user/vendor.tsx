import { buildLink, ROUTES } from '@vetted/session';
import { Container } from '@vetted/ui';
import { useParams } from 'wouter';
import { useVendor, useVendorServices } from '../../hooks/use-vendor';
import { distanceKm } from '../../lib/format';
import { useSavedLocation } from '../../lib/location';
import { useSession } from '../../lib/session';
import { MessageButton } from '../shared/message-button';
import { VendorView } from './vendor-view';

/** `/user/services/vendor/:id`. */
export function UserVendorPage() {
  const { id } = useParams<{ id: string }>();
  const location = useSavedLocation();
  const vendor = useVendor(id);
  const services = useVendorServices(id);
  const { role } = useSession();
  const distance = vendor.data && location ? distanceKm(location, vendor.data) : null;
  return (
    <Container>
      <VendorView
        vendor={vendor.data}
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
        serviceHref={(s) =>
          buildLink(ROUTES.user.vendorService, { params: { id }, query: { serviceId: s.id } })
        }
      />
    </Container>
  );
}
