import { buildLink, ROUTES } from '@vetted/session';
import { OrderHistoryPage } from './order-history-page';

/** `/vendor/history`: incoming and past bookings, paginated. */
export function VendorHistoryPage() {
  return (
    <OrderHistoryPage
      perspective="vendor"
      description="Bookings from your customers, newest first."
      hrefFor={(o) => buildLink(ROUTES.vendor.historyOrder, { query: { id: o.id } })}
      emptyTitle="No bookings yet"
      emptyDescription="When customers book your services, their orders show up here."
    />
  );
}
