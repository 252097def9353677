import type { AdminOrderSummary, OrderStatus } from '@vetted/contract';
import { buildLink, ROUTES } from '@vetted/session';
import {
  FormField,
  ORDER_STATUS,
  OrderStatusBadge,
  Price,
  SearchInput,
  TableCell,
  TableHead,
  TableRow,
} from '@vetted/ui';
import { ClipboardList } from 'lucide-react';
import { formatDateTime } from '../../lib/format';
import { AdminLink } from './admin-link';
import {
  AdminListPage,
  AdminTable,
  FilterSelect,
  type FilteredListProps,
  ListEmpty,
  optionsFrom,
  searchInputProps,
} from './list-parts';
import { PagedList } from './paged-list';

/** The status filter: one order status, or any. */
export type OrderStatusFilter = OrderStatus | 'all';

const STATUS_OPTIONS = optionsFrom(ORDER_STATUS, (entry) => entry.label);

/** The orders page: its `query` matches a reference (e.g. VT-7K2M9Q), customer or pro. */
export type AdminOrdersViewProps = FilteredListProps<AdminOrderSummary, OrderStatusFilter>;

/**
 * `/admin/orders`: every order, newest first, searched by reference, customer or pro
 * and filtered by status, paged. Each reference links to the order's page (timeline, payments,
 * provider events, ledger postings, refunds).
 */
export function AdminOrdersView({
  isLoading,
  query,
  onQueryChange,
  status,
  onStatusChange,
  ...list
}: AdminOrdersViewProps) {
  return (
    <AdminListPage
      title="Orders"
      description="Find an order by reference; see its payments and issue refunds."
    >
      <div className="grid gap-3 sm:grid-cols-[minmax(0,1fr)_14rem] sm:items-end">
        <FormField label="Search">
          <SearchInput
            placeholder="Reference, customer or pro"
            {...searchInputProps(query, onQueryChange)}
          />
        </FormField>
        <FilterSelect
          label="Status"
          value={status}
          onChange={onStatusChange}
          allLabel="Any status"
          options={STATUS_OPTIONS}
        />
      </div>
      <PagedList
        {...list}
        loadingLabel="Loading orders"
        empty={
          <ListEmpty
            filtered={query.trim() !== '' || status !== 'all'}
            noMatch={{
              title: 'No orders match',
              description:
                'Search by a reference such as VT-7K2M9Q, a customer or a pro, or clear the status filter.',
            }}
            none={{
              icon: <ClipboardList />,
              title: 'No orders yet',
              description: 'Bookings show up here as customers make them.',
            }}
          />
        }
        summary={(page) => `${page.total} ${page.total === 1 ? 'order' : 'orders'}, newest first.`}
      >
        {(page) => <OrdersTable orders={page.items} busy={isLoading} />}
      </PagedList>
    </AdminListPage>
  );
}

/** The orders of one page, each reference linked to the order's page. */
function OrdersTable({ orders, busy }: { orders: AdminOrderSummary[]; busy?: boolean }) {
  return (
    <AdminTable
      label="Orders"
      caption="Orders, newest first"
      busy={busy}
      columns={[
        'Reference',
        'Service',
        'Customer',
        'Pro',
        'Starts',
        'Status',
        { label: 'Total', className: 'text-right' },
      ]}
    >
      {orders.map((order) => (
        <TableRow key={order.id}>
          <TableHead scope="row">
            <AdminLink
              href={buildLink(ROUTES.admin.orderDetail, { params: { id: order.id } })}
              className="font-mono"
            >
              {order.reference}
            </AdminLink>
          </TableHead>
          <TableCell className="min-w-40">{order.serviceTitle}</TableCell>
          <TableCell className="min-w-32">{order.customerName}</TableCell>
          <TableCell className="min-w-32">{order.vendorName}</TableCell>
          <TableCell className="whitespace-nowrap">
            <time dateTime={order.startsAt}>{formatDateTime(order.startsAt)}</time>
          </TableCell>
          <TableCell>
            <OrderStatusBadge status={order.status} />
          </TableCell>
          <TableCell className="text-right">
            <Price amount={order.total.amount} currency={order.total.currency} />
          </TableCell>
        </TableRow>
      ))}
    </AdminTable>
  );
}
