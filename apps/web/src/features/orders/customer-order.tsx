import { ROUTES } from '@vetted/session';
import { Container } from '@vetted/ui';
import { useSearchParams } from 'wouter';
import { useOrder } from './use-order';
import { usePageTitle } from '../../lib/hooks/use-page-title';
import { MessageButton } from '../conversations';
import { CustomerOrderActions } from './order-actions';
import { OrderDetailView } from './order-detail-view';
import { PayOrderDialog } from '../checkout';

/** `/user/history/order?id=`: one order with timeline, payment and cancel. */
export function UserOrderPage() {
  const [params] = useSearchParams();
  const { data, error, isLoading, mutate } = useOrder(params.get('id'));
  usePageTitle(data ? `Order ${data.reference}` : undefined);
  return (
    <Container>
      <OrderDetailView
        perspective="customer"
        order={data}
        isLoading={isLoading || !params.get('id')}
        error={params.get('id') ? error : new Error('This link is missing the order id.')}
        onRetry={() => mutate()}
        backHref={ROUTES.user.history}
        backLabel="Orders"
        timeZone={data?.vendor.timeZone}
        actions={
          data ? (
            <CustomerOrderActions
              order={data}
              mutate={mutate}
              message={<MessageButton target={{ orderId: data.id }} label="Message the pro" />}
              primary={<PayOrderDialog order={data} mutate={mutate} />}
            />
          ) : null
        }
      />
    </Container>
  );
}
