import { ROUTES } from '@vetted/session';
import { MessageButton } from '../conversations';
import { VendorChangeOrdersSection } from '../quotes';
import { VendorOrderActions } from './order-actions';
import { OrderPage } from './order-page';

/** `/vendor/history/order?id=`: accept / decline / start / complete, and extras to propose. */
export function VendorOrderPage() {
  return (
    <OrderPage
      perspective="vendor"
      backHref={ROUTES.vendor.history}
      actions={(order, mutate) => (
        <VendorOrderActions
          order={order}
          mutate={mutate}
          message={<MessageButton target={{ orderId: order.id }} label="Message the customer" />}
        />
      )}
      extras={(order, mutate) => <VendorChangeOrdersSection order={order} mutate={mutate} />}
    />
  );
}
