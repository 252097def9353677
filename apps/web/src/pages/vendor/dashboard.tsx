import { Container } from '@vetted/ui';
import { useMe } from '../../hooks/use-me';
import { useNotificationActions, useNotifications } from '../../hooks/use-notifications';
import { useOrders } from '../../hooks/use-orders';
import { errorMessage } from '../../lib/errors';
import { computeStats, VendorDashboardView } from './dashboard-view';
import { toast } from '../../lib/toast';

/** `/vendor`: the vendor's dashboard. */
export function VendorDashboardPage() {
  const { data: me } = useMe();
  const recent = useOrders({ pageSize: 50 });
  const paid = useOrders({ status: 'paid', pageSize: 5 });
  const upcoming = useOrders({ status: 'accepted', pageSize: 1 });
  const notifications = useNotifications(1, 5);
  const { markRead } = useNotificationActions();

  const stats =
    recent.data && paid.data && upcoming.data
      ? computeStats(recent.data.items, paid.data.total, upcoming.data.total)
      : undefined;

  return (
    <Container>
      <VendorDashboardView
        name={me?.fullName}
        stats={stats}
        statsLoading={recent.isLoading || paid.isLoading || upcoming.isLoading}
        statsError={recent.error ?? upcoming.error}
        onRetryStats={() => {
          void recent.mutate();
          void upcoming.mutate();
        }}
        incoming={paid.data}
        incomingLoading={paid.isLoading}
        incomingError={paid.error}
        onRetryIncoming={() => paid.mutate()}
        notifications={notifications.data}
        notificationsLoading={notifications.isLoading}
        notificationsError={notifications.error}
        onRetryNotifications={() => notifications.mutate()}
        onOpenNotification={(id, read) => {
          if (!read) markRead(id).catch((err) => toast.error(errorMessage(err)));
        }}
      />
    </Container>
  );
}
