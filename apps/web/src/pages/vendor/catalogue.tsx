import { MESSAGES } from '@vetted/api-client';
import { buildLink, ROUTES } from '@vetted/session';
import {
  Badge,
  Breadcrumbs,
  Button,
  Card,
  CategoryCard,
  Container,
  EmptyState,
  Gallery,
  PageHeader,
  Price,
  ServiceCard,
  Skeleton,
  SlotPicker,
} from '@vetted/ui';
import { Clock, Hourglass, PackageOpen, SearchX } from 'lucide-react';
import { Link, useSearchParams } from 'wouter';
import { CategoryIcon } from '../../components/category-icon';
import { ErrorState } from '../../components/error-state';
import { useCategories } from '../../hooks/use-categories';
import { useMe } from '../../hooks/use-me';
import { useService, useServiceGallery } from '../../hooks/use-service';
import { useSlots } from '../../hooks/use-slots';
import { useVendor, useVendorServices } from '../../hooks/use-vendor';
import { errorStatus } from '../../lib/errors';
import { formatDuration } from '../../lib/format';

/** Shown while the vendor profile is not yet public (pending vetting: the API answers 404). */
function AwaitingVetting() {
  return (
    <EmptyState
      icon={<Hourglass />}
      title="Your profile is being reviewed"
      description="Our team is vetting your profile. Once approved, your categories and services are listed here and customers can book you."
      action={
        <Button asChild variant="outline">
          <Link href={ROUTES.vendor.messagesSupport}>Contact support</Link>
        </Button>
      }
    />
  );
}

/** The signed-in vendor's public profile and its services. */
function useMyVendor() {
  const me = useMe();
  const vendorId = me.data?.vendorId ?? null;
  const vendor = useVendor(vendorId);
  const services = useVendorServices(vendorId);
  return { me, vendorId, vendor, services };
}

/** `/vendor/category`: the categories this vendor is listed in. */
export function VendorCategoriesPage() {
  const { me, vendor } = useMyVendor();
  const categories = useCategories();
  const mine = vendor.data?.categories ?? [];
  const loading = me.isLoading || vendor.isLoading || categories.isLoading;
  return (
    <Container className="flex flex-col gap-6">
      <PageHeader title="Categories" description="Where customers find you on Vetted." />
      {me.error ? (
        <ErrorState
          title={MESSAGES.errorFetchingProfile}
          message={me.error.message}
          onRetry={() => me.mutate()}
        />
      ) : errorStatus(vendor.error) === 404 || (me.data && !me.data.vendorId) ? (
        <AwaitingVetting />
      ) : vendor.error || categories.error ? (
        <ErrorState
          title={MESSAGES.errorLoadingServiceCategory}
          message={(vendor.error ?? categories.error)?.message}
          onRetry={() => {
            void vendor.mutate();
            void categories.mutate();
          }}
        />
      ) : loading || !vendor.data ? (
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-busy="true">
          <Skeleton className="h-28" />
          <Skeleton className="h-28" />
        </div>
      ) : mine.length === 0 ? (
        <EmptyState
          icon={<PackageOpen />}
          title="No categories yet"
          description="Add a service to be listed in its category."
        />
      ) : (
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {mine.map((ref) => {
            const full = categories.data?.find((c) => c.slug === ref.slug);
            return (
              <li key={ref.slug} className="grid">
                <CategoryCard
                  name={ref.name}
                  description={full?.description}
                  icon={<CategoryIcon name={full?.icon ?? 'wrench'} />}
                  count={full?.vendorCount}
                  href={buildLink(ROUTES.vendor.services, { query: { category: ref.slug } })}
                />
              </li>
            );
          })}
        </ul>
      )}
    </Container>
  );
}

/** `/vendor/services`: the vendor's services (optionally one category). */
export function VendorServicesPage() {
  const [params] = useSearchParams();
  const category = params.get('category');
  const { me, vendor, services } = useMyVendor();
  const list = (services.data ?? []).filter((s) => !category || s.category.slug === category);
  return (
    <Container className="flex flex-col gap-6">
      <PageHeader
        title="Services"
        description={
          category
            ? `Your services in ${list[0]?.category.name ?? category}.`
            : 'What customers can book from you.'
        }
        actions={
          vendor.data ? (
            <Button asChild variant="outline">
              <Link href={buildLink(ROUTES.user.vendor, { params: { id: vendor.data.id } })}>
                Public page
              </Link>
            </Button>
          ) : null
        }
      />
      {me.error ? (
        <ErrorState
          title={MESSAGES.errorFetchingProfile}
          message={me.error.message}
          onRetry={() => me.mutate()}
        />
      ) : me.data && !me.data.vendorId ? (
        <AwaitingVetting />
      ) : services.error ? (
        <ErrorState
          title={MESSAGES.errorFetchingVendorServices}
          message={services.error.message}
          onRetry={() => services.mutate()}
        />
      ) : !services.data ? (
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-busy="true">
          <Skeleton className="h-56" />
          <Skeleton className="h-56" />
          <Skeleton className="h-56" />
        </div>
      ) : list.length === 0 ? (
        <EmptyState
          icon={<PackageOpen />}
          title="No services yet"
          description="Services you publish appear here and on your public page."
        />
      ) : (
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {list.map((s) => (
            <li key={s.id} className="grid">
              <ServiceCard
                title={s.title}
                description={s.description}
                price={s.price}
                durationMinutes={s.durationMinutes}
                imageUrl={s.coverImageUrl}
                href={buildLink(ROUTES.vendor.serviceDetail, { query: { serviceId: s.id } })}
              />
            </li>
          ))}
        </ul>
      )}
    </Container>
  );
}

/** `/vendor/services/service?serviceId=`: one of the vendor's services, as customers see it. */
export function VendorServicePage() {
  const [params] = useSearchParams();
  const serviceId = params.get('serviceId');
  const service = useService(serviceId);
  const gallery = useServiceGallery(serviceId);
  const slots = useSlots(serviceId);
  if (!serviceId) {
    return (
      <Container>
        <EmptyState
          icon={<SearchX />}
          title="Which service?"
          description="This link is missing the service."
          action={
            <Button asChild>
              <Link href={ROUTES.vendor.services}>Your services</Link>
            </Button>
          }
        />
      </Container>
    );
  }
  const s = service.data;
  return (
    <Container className="flex flex-col gap-6">
      <Breadcrumbs
        items={[
          { label: 'Services', href: ROUTES.vendor.services },
          { label: s?.title ?? 'Service' },
        ]}
      />
      {service.error && !s ? (
        <ErrorState
          title={MESSAGES.errorLoadingService}
          message={service.error.message}
          onRetry={() => service.mutate()}
        />
      ) : !s ? (
        <div className="flex flex-col gap-4" aria-busy="true">
          <Skeleton className="h-8 w-64" />
          <Skeleton className="h-40 w-full" />
        </div>
      ) : (
        <>
          <PageHeader
            title={s.title}
            description={
              <span className="inline-flex flex-wrap items-center gap-3">
                <Badge variant="secondary">{s.category.name}</Badge>
                <Price
                  amount={s.price.amount}
                  currency={s.price.currency}
                  className="font-semibold text-fg"
                />
                <span className="inline-flex items-center gap-1">
                  <Clock aria-hidden="true" className="size-4" />{' '}
                  {formatDuration(s.durationMinutes)}
                </span>
              </span>
            }
          />
          <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,1fr)_380px] lg:items-start">
            <div className="flex flex-col gap-6">
              <Card>
                <h2 className="text-lg font-semibold">Description</h2>
                <p className="leading-relaxed whitespace-pre-line">{s.description}</p>
              </Card>
              <Card>
                <h2 className="text-lg font-semibold">Photos</h2>
                {gallery.data ? (
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
                ) : (
                  <Skeleton className="h-32" />
                )}
              </Card>
            </div>
            <Card>
              <h2 className="text-lg font-semibold">Your availability</h2>
              <p className="-mt-2 text-xs text-muted">
                What customers can book this week; taken slots are struck through.
              </p>
              {slots.data ? (
                <SlotPicker
                  days={slots.data.days}
                  timeZone={slots.data.timeZone}
                  onChange={() => undefined}
                />
              ) : slots.error ? (
                <ErrorState
                  title={MESSAGES.errorLoadingData}
                  message={slots.error.message}
                  onRetry={() => slots.mutate()}
                />
              ) : (
                <Skeleton className="h-48" />
              )}
            </Card>
          </div>
        </>
      )}
    </Container>
  );
}
