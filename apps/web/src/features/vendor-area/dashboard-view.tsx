import { MESSAGES } from '@vetted/api-client';
import type { Earnings, NotificationPage, Order, Paged } from '@vetted/contract';
import { ROUTES } from '@vetted/session';
import { Button, Skeleton, StatCard } from '@vetted/ui';
import type * as React from 'react';
import { Link } from 'wouter';
import { ErrorState } from '../../components/error-state';
import { NotificationsView } from '../account';
import { OrderListView } from '../orders';
import { EarningsBalances } from './earnings-view';

/** Counts of the vendor's orders by status (each a list's `total` from the API). */
export interface DashboardStats {
  /** Paid orders waiting for the pro to accept. */
  newOrders: number;
  /** Accepted orders not started yet. */
  upcoming: number;
}

export interface VendorDashboardViewProps {
  name?: string;
  stats?: DashboardStats;
  statsLoading?: boolean;
  statsError?: Error | null;
  onRetryStats?: () => void;
  /** `GET /v1/vendor/earnings`: the figures per currency from the ledger. */
  earnings?: Earnings;
  earningsLoading?: boolean;
  earningsError?: Error | null;
  onRetryEarnings?: () => void;
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
          className="grid grid-cols-2 gap-4"
          role="status"
          aria-busy="true"
          aria-label="Loading figures"
        >
          <Skeleton className="h-28 rounded-lg" />
          <Skeleton className="h-28 rounded-lg" />
        </div>
      ) : (
        <div className="grid grid-cols-2 gap-4">
          <StatCard
            label="New paid orders"
            value={stats.newOrders}
            hint="Waiting for you to accept"
          />
          <StatCard label="Upcoming jobs" value={stats.upcoming} hint="Accepted, not yet started" />
        </div>
      )}
      <Panel
        id="dash-earnings"
        title="Earnings"
        action={
          <Button asChild variant="link">
            <Link href={ROUTES.vendor.earnings}>Earnings and payouts</Link>
          </Button>
        }
      >
        <DashboardEarnings
          earnings={props.earnings}
          isLoading={props.earningsLoading}
          error={props.earningsError}
          onRetry={props.onRetryEarnings}
        />
      </Panel>
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

/** The dashboard's earnings: the ledger's figures per currency, or what will show there. */
function DashboardEarnings({
  earnings,
  isLoading,
  error,
  onRetry,
}: {
  earnings?: Earnings;
  isLoading?: boolean;
  error?: Error | null;
  onRetry?: () => void;
}) {
  if (error && !earnings) {
    return (
      <ErrorState title={MESSAGES.errorLoadingData} message={error.message} onRetry={onRetry} />
    );
  }
  if (isLoading || !earnings) {
    return (
      <div
        className="grid grid-cols-2 gap-3 lg:grid-cols-4"
        role="status"
        aria-busy="true"
        aria-label="Loading earnings"
      >
        {[0, 1, 2, 3].map((i) => (
          <Skeleton key={i} className="h-28 rounded-lg" />
        ))}
      </div>
    );
  }
  if (earnings.currencies.length === 0) {
    return (
      <p className="text-sm text-muted">
        No earnings yet. When a customer pays for a booking, your share shows here as pending.
      </p>
    );
  }
  return (
    <EarningsBalances
      balances={earnings.currencies}
      holdDays={earnings.holdDays}
      headingLevel="h3"
    />
  );
}
