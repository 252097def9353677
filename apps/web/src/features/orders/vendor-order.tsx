import { ROUTES } from '@vetted/session';
import { Container } from '@vetted/ui';
import { useSearchParams } from 'wouter';
import { useOrder } from './use-order';
import { usePageTitle } from '../../lib/hooks/use-page-title';
import { MessageButton } from '../conversations';
import { VendorOrderActions } from './order-actions';
import { OrderDetailView } from './order-detail-view';

/** `/vendor/history/order?id=`: accept / decline / start / complete. */
export function VendorOrderPage() {
  const [params] = useSearchParams();
  const { data, error, isLoading, mutate } = useOrder(params.get('id'));
  usePageTitle(data ? `Order ${data.reference}` : undefined);
  return (
    <Container>
      <OrderDetailView
        perspective="vendor"
        order={data}
        isLoading={isLoading || !params.get('id')}
        error={params.get('id') ? error : new Error('This link is missing the order id.')}
        onRetry={() => mutate()}
        backHref={ROUTES.vendor.history}
        backLabel="Orders"
        timeZone={data?.vendor.timeZone}
        actions={
          data ? (
            <VendorOrderActions
              order={data}
              mutate={mutate}
              message={<MessageButton target={{ orderId: data.id }} label="Message the customer" />}
            />
          ) : null
        }
      />
    </Container>
  );
}
