import { ROUTES } from '@vetted/session';
import { useSearchParams } from 'wouter';
import { PayOrderDialog } from '../checkout';
import { MessageButton } from '../conversations';
import { CustomerChangeOrdersSection } from '../quotes';
import { CustomerOrderActions } from './order-actions';
import { OrderPage } from './order-page';

/** `/user/history/order?id=`: one order with timeline, payment, cancel and the pro's extras. */
export function UserOrderPage() {
  // `&pay=1` (an accepted quote's order) opens "Pay now" at once.
  const [params] = useSearchParams();
  const pay = params.get('pay') === '1';
  return (
    <OrderPage
      perspective="customer"
      backHref={ROUTES.user.history}
      actions={(order, mutate) => (
        <CustomerOrderActions
          order={order}
          mutate={mutate}
          message={<MessageButton target={{ orderId: order.id }} label="Message the pro" />}
          primary={<PayOrderDialog order={order} mutate={mutate} autoOpen={pay} />}
        />
      )}
      extras={(order, mutate) => <CustomerChangeOrdersSection order={order} mutate={mutate} />}
    />
  );
}
