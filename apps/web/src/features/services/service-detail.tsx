import { buildLink, ROUTES } from '@vetted/session';
import { Container, EmptyState, Button } from '@vetted/ui';
import { SearchX } from 'lucide-react';
import { Link, useParams, useSearchParams } from 'wouter';
import { usePageTitle } from '../../lib/hooks/use-page-title';
import { useService, useServiceGallery } from './use-service';
import { SLOT_DAYS, useSlots } from './use-slots';
import { addDays, todayIn } from '../../lib/format';
import { useSession } from '../../lib/session';
import { MessageButton } from '../conversations';
import { ServiceDetailView } from './service-detail-view';
import { useServiceWaitlist } from './waitlist';

/** `/user/services/vendor/:id/service?serviceId=&from=&startsAt=`. */
export function ServiceDetailPage() {
  const { id } = useParams<{ id: string }>();
  const [params, setParams] = useSearchParams();
  const serviceId = params.get('serviceId');
  const from = params.get('from') ?? undefined;
  const selected = params.get('startsAt') ?? undefined;
  const service = useService(serviceId);
  const gallery = useServiceGallery(serviceId);
  const slots = useSlots(serviceId, from);
  const waitlist = useServiceWaitlist(serviceId, id, slots.data);
  const { role } = useSession();
  usePageTitle(
    service.data ? `${service.data.title} by ${service.data.vendor.businessName}` : undefined,
  );

  if (!serviceId) return <MissingService vendorId={id} />;

  const setParam = (changes: Record<string, string | null>) => {
    const next = new URLSearchParams(params);
    for (const [k, v] of Object.entries(changes)) {
      if (v === null) next.delete(k);
      else next.set(k, v);
    }
    setParams(next, { replace: true });
  };
  const firstDay = slots.data?.days[0]?.date;

  return (
    <Container>
      <ServiceDetailView
        service={service.data}
        isLoading={service.isLoading}
        error={service.error}
        onRetry={() => service.mutate()}
        gallery={gallery.data}
        slots={slots.data}
        slotsLoading={slots.isLoading}
        slotsError={slots.error}
        onRetrySlots={() => slots.mutate()}
        selected={selected}
        onSelect={(startsAt) => setParam({ startsAt })}
        canGoBack={Boolean(from)}
        onPrevWeek={() => {
          if (!firstDay) return;
          const prev = addDays(firstDay, -SLOT_DAYS);
          // Going back past today (the pro's, whose days the slots are) simply returns to the
          // default (today onwards).
          setParam({ from: prev <= todayIn(slots.data?.timeZone) ? null : prev });
        }}
        onNextWeek={() => firstDay && setParam({ from: addDays(firstDay, SLOT_DAYS) })}
        vendorHref={buildLink(ROUTES.user.vendor, { params: { id } })}
        messageAction={
          role === 'customer' || role === null ? (
            <MessageButton target={{ vendorId: id }} size="sm" label="Message the pro" />
          ) : null
        }
        dayEmptyAction={waitlist.dayEmptyAction}
        waitlistOffers={waitlist.offers}
        galleryHref={buildLink(ROUTES.user.vendorServiceGallery, {
          params: { id },
          query: { serviceId },
        })}
        checkoutHref={
          selected
            ? buildLink(ROUTES.user.vendorServiceCheckout, {
                params: { id },
                query: { serviceId, startsAt: selected },
              })
            : null
        }
      />
    </Container>
  );
}

export function MissingService({ vendorId }: { vendorId: string }) {
  return (
    <Container>
      <EmptyState
        icon={<SearchX />}
        title="Which service?"
        description="This link is missing the service. Pick one from the pro's page."
        action={
          <Button asChild>
            <Link href={buildLink(ROUTES.user.vendor, { params: { id: vendorId } })}>
              See services
            </Link>
          </Button>
        }
      />
    </Container>
  );
}
