import { MESSAGES } from '@vetted/api-client';
import type { Service } from '@vetted/contract';
import { EmptyState, ServiceCard, Skeleton } from '@vetted/ui';
import { PackageOpen } from 'lucide-react';
import { ErrorState } from '../../components/error-state';

/** Three card-sized placeholders in the services grid. */
function ServiceCardSkeletons() {
  return (
    <>
      <Skeleton className="h-56" />
      <Skeleton className="h-56" />
      <Skeleton className="h-56" />
    </>
  );
}

/** The vendor page while the vendor loads: banner, name, a line, three service cards. */
export function VendorSkeleton() {
  return (
    <div className="flex flex-col gap-6" role="status" aria-busy="true" aria-label="Loading vendor">
      <Skeleton className="h-48 w-full rounded-xl" />
      <Skeleton className="h-8 w-64" />
      <Skeleton className="h-4 w-96 max-w-full" />
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        <ServiceCardSkeletons />
      </div>
    </div>
  );
}

export interface VendorServicesProps {
  /** The vendor's services; undefined while loading. */
  services?: Service[];
  isLoading?: boolean;
  /** Shown with a retry while there are no services to show. */
  error?: Error | null;
  onRetry?: () => void;
  /** Link of a service card. */
  serviceHref: (service: Service) => string;
}

/** The "Services" section of a vendor's page: a card grid, with loading, empty and error states. */
export function VendorServices({
  services,
  isLoading,
  error,
  onRetry,
  serviceHref,
}: VendorServicesProps) {
  return (
    <section aria-labelledby="vendor-services" className="flex flex-col gap-4">
      <h2 id="vendor-services" className="text-xl font-semibold tracking-tight">
        Services
      </h2>
      {error && !services ? (
        <ErrorState
          title={MESSAGES.errorFetchingVendorServices}
          message={error.message}
          onRetry={onRetry}
        />
      ) : isLoading || !services ? (
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-busy="true">
          <ServiceCardSkeletons />
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
  );
}
