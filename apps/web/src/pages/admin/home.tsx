import { MESSAGES } from '@vetted/api-client';
import { Container, PageHeader, Skeleton, StatCard } from '@vetted/ui';
import { ErrorState } from '../../components/error-state';
import { useCategories } from '../../hooks/use-categories';
import { useMe } from '../../hooks/use-me';
import { useVendors } from '../../hooks/use-vendors';

/** `/admin`: a welcome and marketplace counts (vetting tools are not in the API yet). */
export function AdminHomePage() {
  const { data: me } = useMe();
  const categories = useCategories();
  const vendors = useVendors({ pageSize: 1 });
  const error = categories.error ?? vendors.error;
  return (
    <Container className="flex flex-col gap-8">
      <PageHeader
        title={me ? `Welcome, ${me.fullName.split(' ')[0]}` : 'Admin'}
        description="Marketplace overview."
      />
      {error ? (
        <ErrorState
          title={MESSAGES.errorLoadingData}
          message={error.message}
          onRetry={() => {
            void categories.mutate();
            void vendors.mutate();
          }}
        />
      ) : !categories.data || !vendors.data ? (
        <div className="grid gap-4 sm:grid-cols-3" aria-busy="true">
          <Skeleton className="h-28" />
          <Skeleton className="h-28" />
          <Skeleton className="h-28" />
        </div>
      ) : (
        <div className="grid gap-4 sm:grid-cols-3">
          <StatCard
            label="Approved vendors"
            value={vendors.data.total}
            hint="Listed and bookable"
          />
          <StatCard label="Categories" value={categories.data.length} />
          <StatCard
            label="Categories with vendors"
            value={categories.data.filter((c) => c.vendorCount > 0).length}
          />
        </div>
      )}
    </Container>
  );
}
