import { MESSAGES } from '@vetted/api-client';
import type { Plan } from '@vetted/contract';
import { buildLink, ROUTES } from '@vetted/session';
import { Button, Container, PageHeader } from '@vetted/ui';
import { Link, useParams } from 'wouter';
import { errorMessage } from '../../lib/errors';
import { usePageTitle } from '../../lib/hooks/use-page-title';
import { toast } from '../../lib/toast';
import { PlanDetailSkeleton, PlanLoadError } from './load-states';
import { PlanDetailView } from './plan-detail-view';
import { PlansListView } from './plans-list-view';
import { api } from '../../lib/vetted-api';
import { usePlan, usePlans, usePlanWrite, useVendorPlans } from './use-plans';
import { VendorPlansView } from './vendor-plans-view';

/** Reports a failed plan write with the API's message, then rejects again (dialogs stay open). */
function reported(title: string) {
  return (error: unknown): never => {
    toast.error(title, { description: errorMessage(error) });
    throw error;
  };
}

/** `/user/plans`: the customer's plans, newest first. */
export function UserPlansPage() {
  const { data, error, isLoading, mutate } = usePlans();
  return (
    <Container className="flex flex-col gap-6">
      <PageHeader title="Plans" description="Your repeating bookings: same pro, same time." />
      <PlansListView
        data={data}
        error={error}
        isLoading={isLoading}
        onRetry={() => mutate()}
        perspective="customer"
        now={Date.now()}
        hrefFor={(p) => buildLink(ROUTES.user.plan, { params: { id: p.id } })}
        emptyTitle="No plans yet"
        emptyDescription="Book a pro every week or every few weeks: choose “How often?” when you book."
        emptyAction={
          <Button asChild>
            <Link href={ROUTES.user.services}>Find a pro</Link>
          </Button>
        }
      />
    </Container>
  );
}

/** `/vendor/plans`: the pro's plans, those awaiting an answer first. */
export function VendorPlansPage() {
  const { data, error, isLoading, mutate } = useVendorPlans();
  const write = async (next: Promise<Plan>, title: string) => {
    await next.catch(reported(title));
    await mutate();
  };
  return (
    <Container className="flex flex-col gap-6">
      <PageHeader
        title="Plans"
        description="Customers who book you every week or every few weeks."
      />
      <VendorPlansView
        data={data}
        error={error}
        isLoading={isLoading}
        onRetry={() => mutate()}
        now={Date.now()}
        hrefFor={(p) => buildLink(ROUTES.vendor.plan, { params: { id: p.id } })}
        onAccept={(id) => write(api.plans.accept(id), 'Could not accept the plan')}
        onDecline={(id, reason) =>
          write(api.plans.decline(id, { reason }), 'Could not decline the plan')
        }
      />
    </Container>
  );
}

/** `/user/plans/:id`: one plan of the customer. */
export function UserPlanPage() {
  return <PlanPage perspective="customer" />;
}

/** `/vendor/plans/:id`: one plan of the pro. */
export function VendorPlanPage() {
  return <PlanPage perspective="vendor" />;
}

/** A plan's page for either side: loads it and wires its writes (each reported on failure). */
function PlanPage({ perspective }: { perspective: 'customer' | 'vendor' }) {
  const { id } = useParams<{ id: string }>();
  const { data, error, isLoading, mutate } = usePlan(id);
  const { run, isMutating } = usePlanWrite(id);
  usePageTitle(data ? `Plan: ${data.service.title}` : undefined);
  const area = perspective === 'customer' ? ROUTES.user : ROUTES.vendor;
  const act = (write: () => Promise<Plan>, title: string) => async () => {
    await run(write).catch(reported(title));
  };
  return (
    <Container>
      {data ? (
        <PlanDetailView
          plan={data}
          perspective={perspective}
          now={Date.now()}
          backHref={area.plans}
          busy={isMutating}
          orderHref={(orderId) => buildLink(area.historyOrder, { query: { id: orderId } })}
          onSkip={(startsAt) => act(() => api.plans.skip(id, { startsAt }), 'Could not skip')()}
          onPause={act(() => api.plans.pause(id), 'Could not pause the plan')}
          onResume={act(() => api.plans.resume(id), 'Could not resume the plan')}
          onCancel={act(() => api.plans.cancel(id), 'Could not cancel the plan')}
        />
      ) : (
        <div className="flex flex-col gap-6">
          <PageHeader title="Plan" />
          {error ? (
            <PlanLoadError error={error} onRetry={() => mutate()} />
          ) : isLoading ? (
            <PlanDetailSkeleton />
          ) : (
            <PlanLoadError error={new Error(MESSAGES.errorLoadingData)} />
          )}
        </div>
      )}
    </Container>
  );
}
