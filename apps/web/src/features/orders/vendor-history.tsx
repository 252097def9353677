import { buildLink, ROUTES } from '@vetted/session';
import { Container, PageHeader } from '@vetted/ui';
import { useSearchParams } from 'wouter';
import { useOrders } from './use-orders';
import { OrderListView } from './order-list-view';

/** `/vendor/history`: incoming and past bookings, paginated. */
export function VendorHistoryPage() {
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const { data, error, isLoading, mutate } = useOrders({ page, pageSize: 10 });
  return (
    <Container className="flex flex-col gap-6">
      <PageHeader title="Orders" description="Bookings from your customers, newest first." />
      <OrderListView
        perspective="vendor"
        data={data}
        isLoading={isLoading}
        error={error}
        onRetry={() => mutate()}
        hrefFor={(o) => buildLink(ROUTES.vendor.historyOrder, { query: { id: o.id } })}
        onPageChange={(p) => setParams({ page: String(p) })}
        emptyTitle="No bookings yet"
        emptyDescription="When customers book your services, their orders show up here."
      />
    </Container>
  );
}
