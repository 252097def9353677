import { MESSAGES } from '@vetted/api-client';
import type { VendorService } from '@vetted/contract';
import { Badge, Button, EmptyState, PageHeader, ServiceCard, Skeleton } from '@vetted/ui';
import { Archive, CalendarClock, PackageOpen, Plus } from 'lucide-react';
import { Link } from 'wouter';
import { ErrorState } from '../../components/error-state';
import { formatDate } from '../../lib/format';
import { placeholders } from '../../lib/placeholders';

/** The state a pro's service is in, as its badge says it. */
export function serviceState(service: VendorService): 'active' | 'inactive' | 'archived' {
  if (service.archivedAt) return 'archived';
  return service.active ? 'active' : 'inactive';
}

/** Badge of a service's state: Active, Inactive (hidden by the pro) or Archived (kept for orders). */
export function ServiceStateBadge({ service }: { service: VendorService }) {
  const state = serviceState(service);
  if (state === 'archived') {
    return (
      <Badge variant="outline">
        <Archive aria-hidden="true" />
        Archived
      </Badge>
    );
  }
  return state === 'active' ? (
    <Badge variant="success">Active</Badge>
  ) : (
    <Badge variant="secondary">Inactive</Badge>
  );
}

/** "2 upcoming orders", "1 upcoming order" or "No upcoming orders". */
export function upcomingOrdersText(count: number): string {
  if (count === 0) return 'No upcoming orders';
  return count === 1 ? '1 upcoming order' : `${count} upcoming orders`;
}

export interface VendorServicesViewProps {
  /** The pro's services (`GET /v1/vendor/services`), archived last. */
  services?: VendorService[];
  isLoading?: boolean;
  error?: Error | null;
  onRetry?: () => void;
  /** Only this category's services (`?category=`); null for all. */
  category?: { slug: string; name: string } | null;
  /** Link of "New service" (the editor with `id=new`, in `category` when set). */
  newServiceHref: string;
  /** Link of one service's editor. */
  serviceHref: (id: string) => string;
  /** Link back to every service, shown while `category` filters. */
  allServicesHref: string;
}

/**
 * `/vendor/services`: the pro's services as cards — cover, title, category, price,
 * duration, an Active / Inactive / Archived badge and the upcoming orders — each opening its
 * editor; "New service"; an empty state for a pro without services. Archived services (deleted
 * while they had orders) are listed apart: kept for those orders, not bookable.
 */
export function VendorServicesView({
  services,
  isLoading,
  error,
  onRetry,
  category,
  newServiceHref,
  serviceHref,
  allServicesHref,
}: VendorServicesViewProps) {
  const list = (services ?? []).filter((s) => !category || s.category.slug === category.slug);
  const current = list.filter((s) => !s.archivedAt);
  const archived = list.filter((s) => s.archivedAt);

  const newButton = (
    <Button asChild>
      <Link href={newServiceHref}>
        <Plus aria-hidden="true" />
        New service
      </Link>
    </Button>
  );

  const card = (s: VendorService) => (
    <li key={s.id} className="grid">
      <ServiceCard
        title={s.title}
        description={s.description}
        price={s.price}
        durationMinutes={s.durationMinutes}
        imageUrl={s.coverImageUrl}
        href={serviceHref(s.id)}
        footer={
          <div className="flex flex-wrap items-center gap-2 text-xs text-muted">
            <ServiceStateBadge service={s} />
            <Badge variant="secondary">{s.category.name}</Badge>
            {s.archivedAt ? (
              <span>Archived {formatDate(s.archivedAt)}</span>
            ) : (
              <span className="inline-flex items-center gap-1">
                <CalendarClock aria-hidden="true" className="size-3.5" />
                {upcomingOrdersText(s.upcomingOrderCount)}
              </span>
            )}
          </div>
        }
      />
    </li>
  );

  return (
    <div className="flex flex-col gap-6">
      <PageHeader
        title="Services"
        description={
          category
            ? `Your services in ${category.name}.`
            : 'What customers can book from you. Inactive services stay here, hidden from customers.'
        }
        actions={
          <>
            {category ? (
              <Button asChild variant="outline">
                <Link href={allServicesHref}>All services</Link>
              </Button>
            ) : null}
            {newButton}
          </>
        }
      />
      {error && !services ? (
        <ErrorState
          title={MESSAGES.errorFetchingVendorServices}
          message={error.message}
          onRetry={onRetry}
        />
      ) : isLoading || !services ? (
        <div
          className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3"
          role="status"
          aria-busy="true"
          aria-label="Loading your services"
        >
          {placeholders(3).map((key) => (
            <Skeleton key={key} className="h-72" />
          ))}
        </div>
      ) : list.length === 0 ? (
        <EmptyState
          icon={<PackageOpen />}
          title={category ? `No services in ${category.name} yet` : 'No services yet'}
          description="Add what you offer with a price, a duration and photos. Customers can book your active services once your profile is approved."
          action={newButton}
        />
      ) : (
        <>
          {current.length > 0 ? (
            <section aria-labelledby="current-services">
              <h2 id="current-services" className="sr-only">
                Your services
              </h2>
              <ul aria-label="Your services" className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
                {current.map(card)}
              </ul>
            </section>
          ) : null}
          {archived.length > 0 ? (
            <section aria-labelledby="archived-services" className="flex flex-col gap-3">
              <div>
                <h2 id="archived-services" className="text-lg font-semibold">
                  Archived
                </h2>
                <p className="text-sm text-muted">
                  Deleted while they had orders: kept for those orders, hidden from customers and no
                  longer bookable.
                </p>
              </div>
              <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">{archived.map(card)}</ul>
            </section>
          ) : null}
        </>
      )}
    </div>
  );
}
