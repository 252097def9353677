import { Container } from '@vetted/ui';
import { useAdminVendors } from './use-admin-vendors';
import { useListParams } from './list-params';
import { AdminVendorsView, VENDOR_TABS, type VendorStatusFilter } from './vendors-view';

/** The tab named by `?status=`: the vetting queue (pending) when absent or unknown. */
function statusFrom(value: string | null): VendorStatusFilter {
  return VENDOR_TABS.find((tab) => tab.value === value)?.value ?? 'pending';
}

/**
 * `/admin/vendors?status=&q=&page=`: the vetting queue and every vendor by status;
 * see `AdminVendorsView`. The tab, search and page live in the URL.
 */
export function AdminVendorsPage() {
  const list = useListParams();
  const status = statusFrom(list.filter('status'));
  const vendors = useAdminVendors({
    status: status === 'all' ? undefined : status,
    q: list.q || undefined,
    page: list.page,
  });
  return (
    <Container>
      <AdminVendorsView
        data={vendors.data}
        isLoading={vendors.isLoading}
        error={vendors.error}
        onRetry={() => vendors.mutate()}
        status={status}
        onStatusChange={(next) => list.setFilters({ status: next === 'pending' ? null : next })}
        query={list.draft}
        onQueryChange={list.setDraft}
        onPageChange={list.setPage}
      />
    </Container>
  );
}
