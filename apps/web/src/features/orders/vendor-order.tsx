import { ROUTES } from '@vetted/session';
import { MessageButton } from '../conversations';
import { VendorOrderActions } from './order-actions';
import { OrderPage } from './order-page';

/** `/vendor/history/order?id=`: accept / decline / start / complete. */
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
    />
  );
}
