import { MESSAGES } from '@vetted/api-client';
import type { AdminOverview } from '@vetted/contract';
import { ROUTES } from '@vetted/session';
import { PageHeader, Price, Skeleton, StatCard } from '@vetted/ui';
import {
  ChevronRight,
  ClipboardList,
  History,
  LifeBuoy,
  ShieldCheck,
  UsersRound,
} from 'lucide-react';
import type * as React from 'react';
import { Link } from 'wouter';
import { ErrorState } from '../../components/error-state';
import { placeholders } from '../../lib/placeholders';
import { AdminLink } from './admin-link';

export interface AdminOverviewViewProps {
  data?: AdminOverview;
  isLoading?: boolean;
  error?: Error | null;
  onRetry?: () => void;
  /** The admin's first name, for the greeting; "Admin" without it. */
  firstName?: string;
}

/** The console's sections, linked from the overview (the mobile bar shows only five). */
const QUICK_LINKS: { href: string; title: string; description: string; icon: React.ReactNode }[] = [
  {
    href: ROUTES.admin.vendors,
    title: 'Vetting queue',
    description: 'Review pending pros, their documents and services.',
    icon: <ShieldCheck />,
  },
  {
    href: ROUTES.admin.users,
    title: 'Users',
    description: 'Find a person by name or email; suspend or reinstate.',
    icon: <UsersRound />,
  },
  {
    href: ROUTES.admin.orders,
    title: 'Orders and payments',
    description: 'Find an order by reference; payments, ledger and refunds.',
    icon: <ClipboardList />,
  },
  {
    href: ROUTES.admin.support,
    title: 'Support desk',
    description: 'Chats with customers and pros.',
    icon: <LifeBuoy />,
  },
  {
    href: ROUTES.admin.audit,
    title: 'Audit log',
    description: 'Every admin decision: who, what and when.',
    icon: <History />,
  },
];

/**
 * `/admin`: the counts that matter — pending vettings (linked to the queue), open
 * support chats (linked to the desk), today's bookings, approved vendors, GMV of the last 30 days
 * per currency (minor units, from the API) — and links to every section of the console.
 */
export function AdminOverviewView({
  data,
  isLoading,
  error,
  onRetry,
  firstName,
}: AdminOverviewViewProps) {
  return (
    <div className="flex flex-col gap-8">
      <PageHeader
        title={firstName ? `Welcome, ${firstName}` : 'Admin'}
        description="What needs you today, and how the marketplace is doing."
      />
      <section aria-labelledby="overview-figures" className="flex flex-col gap-4">
        <h2 id="overview-figures" className="sr-only">
          Figures
        </h2>
        {error && !data ? (
          <ErrorState title={MESSAGES.errorLoadingData} message={error.message} onRetry={onRetry} />
        ) : isLoading || !data ? (
          <div
            className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3"
            role="status"
            aria-busy="true"
            aria-label="Loading figures"
          >
            {placeholders(5).map((key) => (
              <Skeleton key={key} className="h-32 rounded-lg" />
            ))}
          </div>
        ) : (
          <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            <StatCard
              label="Pending vettings"
              value={data.pendingVettings}
              hint={
                data.pendingVettings > 0 ? (
                  <AdminLink href={ROUTES.admin.vendors}>Open the vetting queue</AdminLink>
                ) : (
                  'Nobody is waiting for review.'
                )
              }
            />
            <StatCard
              label="Open support chats"
              value={data.openSupportChats}
              hint={
                data.openSupportChats > 0 ? (
                  <AdminLink href={ROUTES.admin.support}>Open the support desk</AdminLink>
                ) : (
                  'All chats are resolved.'
                )
              }
            />
            <StatCard
              label="Today’s bookings"
              value={data.todaysBookings}
              hint="Paid or further along, starting today (UTC)."
            />
            <StatCard
              label="Approved vendors"
              value={data.approvedVendors}
              hint="Listed and bookable."
            />
            <StatCard
              label="GMV, last 30 days"
              value={
                data.gmv30d.length === 0 ? (
                  'None yet'
                ) : (
                  <span className="flex flex-col">
                    {data.gmv30d.map((money) => (
                      <Price key={money.currency} amount={money.amount} currency={money.currency} />
                    ))}
                  </span>
                )
              }
              hint="Captured order totals, per currency; tips not included."
            />
          </div>
        )}
      </section>
      <section aria-labelledby="overview-links" className="flex flex-col gap-4">
        <h2 id="overview-links" className="text-lg font-semibold">
          Quick links
        </h2>
        <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
          {QUICK_LINKS.map((link) => (
            <li key={link.href}>
              <Link
                href={link.href}
                className="group flex h-full items-center gap-4 rounded-lg border border-border bg-surface-raised p-4 outline-none transition-shadow hover:shadow-md focus-visible:ring-2 focus-visible:ring-ring"
              >
                <span
                  aria-hidden="true"
                  className="flex size-10 shrink-0 items-center justify-center rounded-md bg-primary-soft text-link [&_svg]:size-5"
                >
                  {link.icon}
                </span>
                <span className="flex min-w-0 flex-1 flex-col gap-0.5">
                  <span className="font-semibold">{link.title}</span>
                  <span className="text-sm text-muted">{link.description}</span>
                </span>
                <ChevronRight
                  aria-hidden="true"
                  className="size-4 shrink-0 text-muted transition-transform group-hover:translate-x-0.5"
                />
              </Link>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
