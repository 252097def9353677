import { MESSAGES } from '@vetted/api-client';
import { Container } from '@vetted/ui';
import { useEarnings } from './use-earnings';
import { useMe } from '../../lib/hooks/use-me';
import { useNotificationActions, useNotifications } from '../account';
import { useOrders } from '../orders';
import { useVendorProfile, useVendorProfileActions } from './use-vendor-profile';
import { errorMessage } from '../../lib/errors';
import { toast } from '../../lib/toast';
import { VendorDashboardView } from './dashboard-view';
import { VendorOnboardingView } from './onboarding-view';

/**
 * `/vendor`: before approval, the onboarding checklist with "Submit for review";
 * once approved, the dashboard.
 */
export function VendorDashboardPage() {
  const profile = useVendorProfile();
  const { submit } = useVendorProfileActions();

  if (profile.data?.vettingStatus === 'approved') {
    return (
      <Container>
        <ApprovedDashboard />
      </Container>
    );
  }
  return (
    <Container size="md">
      <VendorOnboardingView
        profile={profile.data}
        isLoading={profile.isLoading}
        error={profile.error}
        onRetry={() => profile.mutate()}
        onSubmit={async () => {
          try {
            await submit();
            toast.success('Submitted for review', {
              description: 'We will notify you of the decision.',
            });
          } catch (err) {
            toast.error(MESSAGES.tryAgain, { description: errorMessage(err) });
            // The checklist may be out of date (e.g. a document was removed elsewhere).
            void profile.mutate();
            throw err;
          }
        }}
      />
    </Container>
  );
}

/** The approved pro's dashboard: order counts, earnings from the ledger, notifications. */
function ApprovedDashboard() {
  const { data: me } = useMe();
  const paid = useOrders({ status: 'paid', pageSize: 5 });
  const upcoming = useOrders({ status: 'accepted', pageSize: 1 });
  // The figures only: one entry is the smallest page the API serves.
  const earnings = useEarnings(1, 1);
  const notifications = useNotifications(1, 5);
  const { markRead } = useNotificationActions();

  const stats =
    paid.data && upcoming.data
      ? { newOrders: paid.data.total, upcoming: upcoming.data.total }
      : undefined;

  return (
    <VendorDashboardView
      name={me?.fullName}
      stats={stats}
      statsLoading={paid.isLoading || upcoming.isLoading}
      statsError={paid.error ?? upcoming.error}
      onRetryStats={() => {
        void paid.mutate();
        void upcoming.mutate();
      }}
      earnings={earnings.data}
      earningsLoading={earnings.isLoading}
      earningsError={earnings.error}
      onRetryEarnings={() => earnings.mutate()}
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
  );
}
