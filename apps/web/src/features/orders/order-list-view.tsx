import { MESSAGES } from '@vetted/api-client';
import type { Order, Paged } from '@vetted/contract';
import { paymentWords } from '@vetted/contract';
import { EmptyState, OrderStatusBadge, Pagination, Price, Skeleton } from '@vetted/ui';
import { CalendarDays, ChevronRight, ClipboardList } from 'lucide-react';
import type * as React from 'react';
import { Link } from 'wouter';
import { ErrorState } from '../../components/error-state';
import { formatDateTime } from '../../lib/format';
import { placeholders } from '../../lib/placeholders';
import { VendorEarningsBreakdown, vendorNetOf } from '../vendor-area';

/** The refunded part of a row's total, minor units (list items carry `amountRefunded`); 0 when none. */
function refunded(order: Order): number {
  return order.amountRefunded?.amount ?? 0;
}

/** "Partly refunded" instead of the status's "Refunded" when only part came back. */
function badgeLabel(order: Order): string | undefined {
  const r = refunded(order);
  return order.status === 'refunded' && r > 0 && r < order.total.amount
    ? 'Partly refunded'
    : undefined;
}

/** The money words for a refund on a row, e.g. "Partly refunded $80.00 of $168.00". */
function refundLine(order: Order): string | null {
  if (refunded(order) <= 0 || refunded(order) >= order.total.amount) return null;
  return paymentWords({
    status: 'refunded',
    amount: order.total.amount,
    amountRefunded: refunded(order),
    currency: order.total.currency,
    vendorName: order.vendor.businessName,
  });
}

export interface OrderListViewProps {
  data?: Paged<Order>;
  isLoading?: boolean;
  error?: Error | null;
  onRetry?: () => void;
  hrefFor: (order: Order) => string;
  onPageChange?: (page: number) => void;
  /** Whose orders: customers see the vendor's name, vendors the customer's. */
  perspective: 'customer' | 'vendor';
  emptyTitle?: string;
  emptyDescription?: string;
  emptyAction?: React.ReactNode;
  /** Placeholder rows while loading. */
  skeletonRows?: number;
}

/**
 * A list of orders: service, counterpart, date, status badge and money — the total for a
 * customer; for a pro, "Your earnings" with "Price − Vetted fee" under it.
 */
export function OrderListView({
  data,
  isLoading,
  error,
  onRetry,
  hrefFor,
  onPageChange,
  perspective,
  emptyTitle = 'No orders yet',
  emptyDescription,
  emptyAction,
  skeletonRows = 4,
}: OrderListViewProps) {
  if (error && !data) {
    return (
      <ErrorState title={MESSAGES.errorLoadingData} message={error.message} onRetry={onRetry} />
    );
  }
  if (isLoading && !data) {
    return (
      <ul className="flex flex-col gap-3" aria-busy="true" aria-label="Loading orders">
        {placeholders(skeletonRows).map((id) => (
          <li
            key={id}
            className="flex items-center gap-4 rounded-lg border border-border bg-surface-raised p-4"
          >
            <Skeleton className="size-11 rounded-md" />
            <div className="flex flex-1 flex-col gap-2">
              <Skeleton className="h-4 w-48 max-w-full" />
              <Skeleton className="h-3 w-32" />
            </div>
            <Skeleton className="h-6 w-20 rounded-pill" />
          </li>
        ))}
      </ul>
    );
  }
  if (!data || data.items.length === 0) {
    return (
      <EmptyState
        icon={<ClipboardList />}
        title={emptyTitle}
        description={emptyDescription}
        action={emptyAction}
      />
    );
  }
  return (
    <div className="flex flex-col gap-6">
      <ul className="flex flex-col gap-3">
        {data.items.map((order) => (
          <li key={order.id}>
            <OrderRow order={order} href={hrefFor(order)} perspective={perspective} />
          </li>
        ))}
      </ul>
      {onPageChange ? (
        <Pagination
          page={data.page}
          totalPages={data.totalPages}
          onPageChange={onPageChange}
          className="self-center"
        />
      ) : null}
    </div>
  );
}

/**
 * One order of the list, a link to its page: service, counterpart and start (in the vendor's
 * zone), the status badge, the money for this reader, any partial refund and the reference.
 */
function OrderRow({
  order,
  href,
  perspective,
}: {
  order: Order;
  href: string;
  perspective: 'customer' | 'vendor';
}) {
  return (
    <Link
      href={href}
      className="group flex items-center gap-4 rounded-lg border border-border bg-surface-raised p-4 outline-none transition-shadow hover:shadow-md focus-visible:ring-2 focus-visible:ring-ring"
    >
      <span
        aria-hidden="true"
        className="hidden size-11 shrink-0 items-center justify-center rounded-md bg-primary-soft text-link sm:flex"
      >
        <CalendarDays className="size-5" />
      </span>
      <span className="flex min-w-0 flex-1 flex-col gap-1">
        <span className="truncate font-semibold">{order.service.title}</span>
        <span className="flex flex-col text-sm text-muted sm:flex-row sm:gap-1">
          <span className="truncate">
            {perspective === 'customer' ? order.vendor.businessName : order.customer.fullName}
          </span>
          <span aria-hidden="true" className="hidden sm:inline">
            ·
          </span>
          <span className="shrink-0">{formatDateTime(order.startsAt, order.vendor.timeZone)}</span>
        </span>
        <span className="flex items-center gap-2 sm:hidden">
          <OrderStatusBadge status={order.status} label={badgeLabel(order)} />
        </span>
      </span>
      <span className="flex shrink-0 flex-col items-end gap-1.5">
        <span className="hidden sm:inline-flex">
          <OrderStatusBadge status={order.status} label={badgeLabel(order)} />
        </span>
        {perspective === 'vendor' ? (
          <>
            {/* Stacked on phones, so the service and customer keep their room. */}
            <span className="flex flex-col items-end text-right text-sm sm:block">
              <span className="text-xs text-muted sm:text-sm">Your earnings</span>{' '}
              <Price amount={vendorNetOf(order)} currency={order.total.currency} />
            </span>
            <span className="hidden sm:block">
              <VendorEarningsBreakdown order={order} />
            </span>
          </>
        ) : (
          <Price
            amount={order.total.amount}
            currency={order.total.currency}
            className="font-semibold"
          />
        )}
        {refundLine(order) ? (
          <span className="max-w-32 text-right text-xs text-muted">{refundLine(order)}</span>
        ) : null}
        <span className="text-xs text-muted">{order.reference}</span>
      </span>
      <ChevronRight
        aria-hidden="true"
        className="size-4 shrink-0 text-muted transition-transform group-hover:translate-x-0.5"
      />
    </Link>
  );
}
