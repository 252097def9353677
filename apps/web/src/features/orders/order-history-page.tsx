import { Container, PageHeader } from '@vetted/ui';
import { useSearchParams } from 'wouter';
import { OrderListView, type OrderListViewProps } from './order-list-view';
import { useOrders } from './use-orders';

export type OrderHistoryPageProps = Pick<
  OrderListViewProps,
  'perspective' | 'hrefFor' | 'emptyTitle' | 'emptyDescription' | 'emptyAction'
> & {
  /** The line under the "Orders" title. */
  description: string;
};

/**
 * An "Orders" page: this person's orders, newest first, 10 a page; the page number is the URL's
 * `?page=` (1 when missing or not a number).
 */
export function OrderHistoryPage({ description, ...list }: OrderHistoryPageProps) {
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const { data, error, isLoading, mutate } = useOrders({ page, pageSize: 10 });
  return (
    <Container className="flex flex-col gap-6">
      <PageHeader title="Orders" description={description} />
      <OrderListView
        {...list}
        data={data}
        isLoading={isLoading}
        error={error}
        onRetry={() => mutate()}
        onPageChange={(p) => setParams({ page: String(p) })}
      />
    </Container>
  );
}
