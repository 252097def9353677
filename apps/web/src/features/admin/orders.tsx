import type { OrderStatus } from '@vetted/contract';
import { Container, ORDER_STATUS } from '@vetted/ui';
import { useAdminOrders } from './use-admin-orders';
import { useListParams } from './list-params';
import { AdminOrdersView, type OrderStatusFilter } from './orders-view';

/** `?status=` as a filter: a known order status, else any. */
function statusFrom(value: string | null): OrderStatusFilter {
  return value && Object.hasOwn(ORDER_STATUS, value) ? (value as OrderStatus) : 'all';
}

/**
 * `/admin/orders?q=&status=&page=`: orders by reference, customer or pro and status;
 * see `AdminOrdersView`. Search, filter and page live in the URL.
 */
export function AdminOrdersPage() {
  const list = useListParams();
  const status = statusFrom(list.filter('status'));
  const orders = useAdminOrders({
    q: list.q || undefined,
    status: status === 'all' ? undefined : status,
    page: list.page,
  });
  return (
    <Container>
      <AdminOrdersView
        data={orders.data}
        isLoading={orders.isLoading}
        error={orders.error}
        onRetry={() => orders.mutate()}
        query={list.draft}
        onQueryChange={list.setDraft}
        status={status}
        onStatusChange={(next) => list.setFilters({ status: next === 'all' ? null : next })}
        onPageChange={list.setPage}
      />
    </Container>
  );
}
