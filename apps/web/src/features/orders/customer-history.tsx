import { buildLink, ROUTES } from '@vetted/session';
import { Button, Container, PageHeader } from '@vetted/ui';
import { Link, useSearchParams } from 'wouter';
import { useOrders } from './use-orders';
import { OrderListView } from './order-list-view';

/** `/user/history`: the customer's orders, newest first, paginated. */
export function UserHistoryPage() {
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const { data, error, isLoading, mutate } = useOrders({ page, pageSize: 10 });
  return (
    <Container className="flex flex-col gap-6">
      <PageHeader title="Orders" description="Your bookings, newest first." />
      <OrderListView
        perspective="customer"
        data={data}
        isLoading={isLoading}
        error={error}
        onRetry={() => mutate()}
        hrefFor={(o) => buildLink(ROUTES.user.historyOrder, { query: { id: o.id } })}
        onPageChange={(p) => setParams({ page: String(p) })}
        emptyTitle="No orders yet"
        emptyDescription="Book a vetted pro and your orders will show up here."
        emptyAction={
          <Button asChild>
            <Link href={ROUTES.user.services}>Browse services</Link>
          </Button>
        }
      />
    </Container>
  );
}
