import { MESSAGES } from '@vetted/api-client';
import type { NotificationPage, Order, Paged } from '@vetted/contract';
import { Button, formatMoney, Skeleton, StatCard } from '@vetted/ui';
import type * as React from 'react';
import { Link } from 'wouter';
import { ErrorState } from '../../components/error-state';
import { NotificationsView } from '../shared/notifications-view';
import { OrderListView } from '../shared/order-list-view';

export interface DashboardStats {
  newOrders: number;
  upcoming: number;
  earned: { amount: number; currency: string } | null;
}

/** Figures from the vendor's recent orders (the server has no stats endpoint yet). */
export function computeStats(
  recent: Order[],
  paidTotal: number,
  upcomingTotal: number,
): DashboardStats {
  const completed = recent.filter((o) => o.status === 'completed');
  const currency = completed[0]?.subtotal.currency ?? recent[0]?.subtotal.currency;
  return {
    newOrders: paidTotal,
    upcoming: upcomingTotal,
    earned: currency
      ? { amount: completed.reduce((sum, o) => sum + o.subtotal.amount, 0), currency }
      : null,
  };
}

export interface VendorDashboardViewProps {
  name?: string;
  stats?: DashboardStats;
  statsLoading?: boolean;
  statsError?: Error | null;
  onRetryStats?: () => void;
  incoming?: Paged<Order>;
  incomingLoading?: boolean;
  incomingError?: Error | null;
  onRetryIncoming?: () => void;
  notifications?: NotificationPage;
  notificationsLoading?: boolean;
  notificationsError?: Error | null;
  onRetryNotifications?: () => void;
  onOpenNotification?: (id: string, read: boolean) => void;
  now?: Date;
}

function Panel({
  id,
  title,
  action,
  children,
}: {
  id: string;
  title: string;
  action?: React.ReactNode;
  children: React.ReactNode;
}) {
  return (
    <section aria-labelledby={id} className="flex flex-col gap-4">
      <div className="flex items-center justify-between gap-2">
        <h2 id={id} className="text-xl font-semibold tracking-tight">
          {title}
        </h2>
        {action}
      </div>
      {children}
    </section>
  );
}

/** Vendor dashboard: stats, bookings awaiting a response, latest notifications. */
export function VendorDashboardView(props: VendorDashboardViewProps) {
  const { stats } = props;
  return (
    <div className="flex flex-col gap-8">
      <div className="flex flex-col gap-1">
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">
          {props.name ? `Welcome back, ${props.name.split(' ')[0]}` : 'Dashboard'}
        </h1>
        <p className="text-sm text-muted">Here is what is happening with your bookings.</p>
      </div>
      {props.statsError && !stats ? (
        <ErrorState
          title={MESSAGES.errorLoadingData}
          message={props.statsError.message}
          onRetry={props.onRetryStats}
        />
      ) : props.statsLoading || !stats ? (
        <div
          className="grid gap-4 sm:grid-cols-3"
          role="status"
          aria-busy="true"
          aria-label="Loading figures"
        >
          <Skeleton className="h-28 rounded-lg" />
          <Skeleton className="h-28 rounded-lg" />
          <Skeleton className="h-28 rounded-lg" />
        </div>
      ) : (
        <div className="grid gap-4 sm:grid-cols-3">
          <StatCard
            label="New paid orders"
            value={stats.newOrders}
            hint="Waiting for you to accept"
          />
          <StatCard label="Upcoming jobs" value={stats.upcoming} hint="Accepted, not yet started" />
          <StatCard
            className="col-span-2 sm:col-span-1"
            label="Earned"
            value={stats.earned ? formatMoney(stats.earned.amount, stats.earned.currency) : '—'}
            hint="Completed jobs among your recent orders"
          />
        </div>
      )}
      <div className="grid grid-cols-1 gap-8 xl:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <Panel
          id="dash-incoming"
          title="Needs your response"
          action={
            <Button asChild variant="link">
              <Link href="/vendor/history">All orders</Link>
            </Button>
          }
        >
          <OrderListView
            perspective="vendor"
            data={props.incoming}
            isLoading={props.incomingLoading}
            error={props.incomingError}
            onRetry={props.onRetryIncoming}
            skeletonRows={3}
            hrefFor={(o) => `/vendor/history/order?id=${encodeURIComponent(o.id)}`}
            emptyTitle="No new bookings"
            emptyDescription="New paid bookings that need accepting will appear here."
          />
        </Panel>
        <Panel
          id="dash-notifications"
          title="Latest notifications"
          action={
            <Button asChild variant="link">
              <Link href="/vendor/notification">See all</Link>
            </Button>
          }
        >
          <NotificationsView
            data={props.notifications}
            isLoading={props.notificationsLoading}
            error={props.notificationsError}
            onRetry={props.onRetryNotifications}
            onOpen={(n) => props.onOpenNotification?.(n.id, n.readAt !== null)}
            now={props.now}
          />
        </Panel>
      </div>
    </div>
  );
}
