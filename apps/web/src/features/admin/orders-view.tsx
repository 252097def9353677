import type { AdminOrderSummary, OrderStatus, Paged } from '@vetted/contract';
import { buildLink, ROUTES } from '@vetted/session';
import {
  EmptyState,
  FormField,
  ORDER_STATUS,
  OrderStatusBadge,
  PageHeader,
  Price,
  SearchInput,
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
  Table,
  TableBody,
  TableCaption,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '@vetted/ui';
import { ClipboardList, SearchX } from 'lucide-react';
import { formatDateTime } from '../../lib/format';
import { AdminLink } from './admin-link';
import { PagedList } from './paged-list';

/** The status filter: one order status, or any. */
export type OrderStatusFilter = OrderStatus | 'all';

export interface AdminOrdersViewProps {
  data?: Paged<AdminOrderSummary>;
  isLoading?: boolean;
  error?: Error | null;
  onRetry?: () => void;
  /** Search by reference (e.g. VT-7K2M9Q), customer or pro. */
  query: string;
  onQueryChange: (query: string) => void;
  status: OrderStatusFilter;
  onStatusChange: (status: OrderStatusFilter) => void;
  onPageChange: (page: number) => void;
}

/**
 * `/admin/orders`: every order, newest first, searched by reference, customer or pro
 * and filtered by status, paged. Each reference links to the order's page (timeline, payments,
 * provider events, ledger postings, refunds).
 */
export function AdminOrdersView({
  data,
  isLoading,
  error,
  onRetry,
  query,
  onQueryChange,
  status,
  onStatusChange,
  onPageChange,
}: AdminOrdersViewProps) {
  const filtered = query.trim() !== '' || status !== 'all';
  const body = (
    <PagedList
      data={data}
      error={error}
      onRetry={onRetry}
      loadingLabel="Loading orders"
      empty={
        filtered ? (
          <EmptyState
            icon={<SearchX />}
            title="No orders match"
            description="Search by a reference such as VT-7K2M9Q, a customer or a pro, or clear the status filter."
          />
        ) : (
          <EmptyState
            icon={<ClipboardList />}
            title="No orders yet"
            description="Bookings show up here as customers make them."
          />
        )
      }
      summary={(page) => `${page.total} ${page.total === 1 ? 'order' : 'orders'}, newest first.`}
      onPageChange={onPageChange}
    >
      {(page) => (
        <Table label="Orders" aria-busy={isLoading || undefined}>
          <TableCaption className="sr-only">Orders, newest first</TableCaption>
          <TableHeader>
            <TableRow>
              <TableHead>Reference</TableHead>
              <TableHead>Service</TableHead>
              <TableHead>Customer</TableHead>
              <TableHead>Pro</TableHead>
              <TableHead>Starts</TableHead>
              <TableHead>Status</TableHead>
              <TableHead className="text-right">Total</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {page.items.map((order) => (
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
          </TableBody>
        </Table>
      )}
    </PagedList>
  );

  return (
    <div className="flex flex-col gap-6">
      <PageHeader
        title="Orders"
        description="Find an order by reference; see its payments and issue refunds."
      />
      <div className="grid gap-3 sm:grid-cols-[minmax(0,1fr)_14rem] sm:items-end">
        <FormField label="Search">
          <SearchInput
            placeholder="Reference, customer or pro"
            value={query}
            onChange={(e) => onQueryChange(e.currentTarget.value)}
            onClear={() => onQueryChange('')}
          />
        </FormField>
        <FormField label="Status">
          <Select value={status} onValueChange={(v) => onStatusChange(v as OrderStatusFilter)}>
            <SelectTrigger>
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              <SelectItem value="all">Any status</SelectItem>
              {(Object.keys(ORDER_STATUS) as OrderStatus[]).map((s) => (
                <SelectItem key={s} value={s}>
                  {ORDER_STATUS[s].label}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </FormField>
      </div>
      {body}
    </div>
  );
}
