import type { AdminVendorSummary } from '@vetted/contract';
import { buildLink, ROUTES } from '@vetted/session';
import {
  SearchInput,
  TableCell,
  TableHead,
  TableRow,
  Tabs,
  TabsContent,
  TabsList,
  TabsTrigger,
} from '@vetted/ui';
import { ShieldCheck } from 'lucide-react';
import { formatDate } from '../../lib/format';
import { AdminLink } from './admin-link';
import {
  AdminListPage,
  AdminTable,
  type EmptyWords,
  type FilteredListProps,
  ListEmpty,
  searchInputProps,
} from './list-parts';
import { PagedList } from './paged-list';
import { VETTING_STATUS, type VettingStatus, VettingStatusBadge } from './status-badges';

/** The tab of `/admin/vendors`: one vetting status, or every vendor. */
export type VendorStatusFilter = VettingStatus | 'all';

/** The tabs in order: the vetting queue first (the default). */
export const VENDOR_TABS: { value: VendorStatusFilter; label: string }[] = [
  { value: 'pending', label: 'Pending' },
  { value: 'approved', label: 'Approved' },
  { value: 'rejected', label: 'Rejected' },
  { value: 'suspended', label: 'Suspended' },
  { value: 'draft', label: 'Draft' },
  { value: 'all', label: 'All' },
];

/** Empty state of each tab without a search. */
const EMPTY: Record<VendorStatusFilter, EmptyWords> = {
  pending: {
    title: 'Nobody is waiting for review',
    description: 'Pros who submit their profile for review show up here, oldest first.',
  },
  approved: {
    title: 'No approved vendors yet',
    description: 'Vendors you approve are listed in search and can take bookings.',
  },
  rejected: {
    title: 'No rejected vendors',
    description: 'Vendors you reject show up here until they fix their profile and resubmit.',
  },
  suspended: {
    title: 'No suspended vendors',
    description: 'Vendors you suspend show up here until you reinstate them.',
  },
  draft: {
    title: 'No vendors in draft',
    description: 'Pros who signed up but have not submitted for review show up here.',
  },
  all: { title: 'No vendors yet', description: 'Pros who sign up show up here.' },
};

/** The vendors page: `status` is the tab shown; `query` matches a business name or owner email. */
export type AdminVendorsViewProps = FilteredListProps<AdminVendorSummary, VendorStatusFilter>;

/**
 * `/admin/vendors`: vendors by vetting status — the vetting queue (pending, oldest
 * submission first) by default — with a search by business or email and paging. Each row: the
 * business (linked to its page), owner, category, city, submission date and document count.
 */
export function AdminVendorsView({
  isLoading,
  status,
  onStatusChange,
  query,
  onQueryChange,
  ...list
}: AdminVendorsViewProps) {
  const tabLabel = VENDOR_TABS.find((t) => t.value === status)?.label ?? '';
  const listLabel = status === 'all' ? 'Vendors' : `${tabLabel} vendors`;

  const body = (
    <PagedList
      {...list}
      loadingLabel={`Loading ${listLabel.toLowerCase()}`}
      empty={
        <ListEmpty
          filtered={query.trim() !== ''}
          noMatch={{
            title: 'No vendors match',
            description: `No ${status === 'all' ? '' : `${tabLabel.toLowerCase()} `}vendors match “${query.trim()}”. Search by business name or owner email.`,
          }}
          none={{ icon: <ShieldCheck />, ...EMPTY[status] }}
        />
      }
      summary={(page) =>
        status === 'pending'
          ? `${page.total} waiting for review, oldest submission first.`
          : `${page.total} ${page.total === 1 ? 'vendor' : 'vendors'}.`
      }
    >
      {(page) => (
        <VendorTable vendors={page.items} status={status} caption={listLabel} busy={isLoading} />
      )}
    </PagedList>
  );

  return (
    <AdminListPage
      title="Vendors"
      description="Vet new pros, and suspend or reinstate listed ones."
    >
      <Tabs value={status} onValueChange={(value) => onStatusChange(value as VendorStatusFilter)}>
        <div className="flex flex-col gap-3 md:flex-row md:items-center md:justify-between">
          <TabsList aria-label="Vetting status">
            {VENDOR_TABS.map((tab) => (
              <TabsTrigger key={tab.value} value={tab.value}>
                {tab.label}
              </TabsTrigger>
            ))}
          </TabsList>
          <SearchInput
            aria-label="Search vendors by business or email"
            placeholder="Business or email"
            {...searchInputProps(query, onQueryChange)}
            className="md:w-72"
          />
        </div>
        {VENDOR_TABS.map((tab) => (
          <TabsContent key={tab.value} value={tab.value} tabIndex={-1}>
            {tab.value === status ? body : null}
          </TabsContent>
        ))}
      </Tabs>
    </AdminListPage>
  );
}

/** The vendors of one page; the rejected and suspended tabs add the reason they were told. */
function VendorTable({
  vendors,
  status,
  caption,
  busy,
}: {
  vendors: AdminVendorSummary[];
  status: VendorStatusFilter;
  caption: string;
  busy?: boolean;
}) {
  const withReason = status === 'rejected' || status === 'suspended';
  return (
    <AdminTable
      label={caption}
      caption={caption}
      busy={busy}
      columns={[
        'Business',
        'Owner',
        'Category',
        'City',
        'Submitted',
        { label: 'Documents', className: 'text-right' },
        ...(status === 'all' ? ['Status'] : []),
        ...(withReason ? ['Reason'] : []),
      ]}
    >
      {vendors.map((vendor) => (
        <TableRow key={vendor.id}>
          <TableHead scope="row" className="max-w-64 min-w-40">
            <AdminLink
              href={buildLink(ROUTES.admin.vendorDetail, { params: { id: vendor.id } })}
              className="break-words"
            >
              {vendor.businessName}
            </AdminLink>
          </TableHead>
          <TableCell>
            <span className="block font-medium">{vendor.ownerName}</span>
            <span className="block text-xs text-muted">{vendor.ownerEmail}</span>
          </TableCell>
          <TableCell>
            {vendor.primaryCategory?.name ?? <span className="text-muted">Not chosen</span>}
          </TableCell>
          <TableCell className="whitespace-nowrap">
            {vendor.city}, {vendor.country}
          </TableCell>
          <TableCell className="whitespace-nowrap">
            {vendor.submittedAt ? (
              <time dateTime={vendor.submittedAt}>{formatDate(vendor.submittedAt)}</time>
            ) : (
              <span className="text-muted">Not submitted</span>
            )}
          </TableCell>
          <TableCell className="text-right tabular-nums">{vendor.documentCount}</TableCell>
          {status === 'all' ? (
            <TableCell>
              <VettingStatusBadge status={vendor.vettingStatus} />
            </TableCell>
          ) : null}
          {withReason ? (
            <TableCell className="max-w-72 min-w-48 text-sm">
              {vendor.vettingReason ?? (
                <span className="text-muted">{VETTING_STATUS[vendor.vettingStatus].label}</span>
              )}
            </TableCell>
          ) : null}
        </TableRow>
      ))}
    </AdminTable>
  );
}
