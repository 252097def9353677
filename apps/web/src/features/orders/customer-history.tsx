import { buildLink, ROUTES } from '@vetted/session';
import { Button } from '@vetted/ui';
import { Link } from 'wouter';
import { OrderHistoryPage } from './order-history-page';

/** `/user/history`: the customer's orders, newest first, paginated. */
export function UserHistoryPage() {
  return (
    <OrderHistoryPage
      perspective="customer"
      description="Your bookings, newest first."
      hrefFor={(o) => buildLink(ROUTES.user.historyOrder, { query: { id: o.id } })}
      emptyTitle="No orders yet"
      emptyDescription="Book a vetted pro and your orders will show up here."
      emptyAction={
        <Button asChild>
          <Link href={ROUTES.user.services}>Browse services</Link>
        </Button>
      }
    />
  );
}
