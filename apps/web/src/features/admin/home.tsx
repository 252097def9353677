import { Container } from '@vetted/ui';
import { useAdminOverview } from './use-admin-overview';
import { useMe } from '../../lib/hooks/use-me';
import { AdminOverviewView } from './overview-view';

/** `/admin`: the overview of the admin console; see `AdminOverviewView`. */
export function AdminHomePage() {
  const { data: me } = useMe();
  const overview = useAdminOverview();
  return (
    <Container>
      <AdminOverviewView
        data={overview.data}
        isLoading={overview.isLoading}
        error={overview.error}
        onRetry={() => overview.mutate()}
        firstName={me?.fullName.split(' ')[0]}
      />
    </Container>
  );
}
