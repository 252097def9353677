import { ROUTES } from '@vetted/session';
import { PayOrderDialog } from '../checkout';
import { MessageButton } from '../conversations';
import { CustomerOrderActions } from './order-actions';
import { OrderPage } from './order-page';

/** `/user/history/order?id=`: one order with timeline, payment and cancel. */
export function UserOrderPage() {
  return (
    <OrderPage
      perspective="customer"
      backHref={ROUTES.user.history}
      actions={(order, mutate) => (
        <CustomerOrderActions
          order={order}
          mutate={mutate}
          message={<MessageButton target={{ orderId: order.id }} label="Message the pro" />}
          primary={<PayOrderDialog order={order} mutate={mutate} />}
        />
      )}
    />
  );
}
