import type { Plan } from '@vetted/contract';
import { EmptyState } from '@vetted/ui';
import { ChevronRight, Repeat } from 'lucide-react';
import type * as React from 'react';
import { Link } from 'wouter';
import { formatDateTime } from '../../lib/format';
import { PlanLoadError, PlansListSkeleton } from './load-states';
import { PlanStatusBadge } from './plan-status-badge';
import { FREQUENCY_WORDS, nextVisit } from './plan-words';

export interface PlansListViewProps {
  data?: Plan[];
  isLoading?: boolean;
  error?: Error | null;
  onRetry?: () => void;
  /** Whose plans: customers see the pro's name, pros the customer's. */
  perspective: 'customer' | 'vendor';
  /** Where a row leads (the plan's page). */
  hrefFor: (plan: Plan) => string;
  /** "Now" (ms since epoch) deciding the next visit; the device clock in the app. */
  now: number;
  emptyTitle: string;
  emptyDescription: string;
  /** A way out of the empty state (e.g. a link to search). */
  emptyAction?: React.ReactNode;
}

/**
 * A list of plans: the service, the other party, how often and at what local time, the next
 * visit (in the pro's time zone) and the status. Loading shows skeleton rows; an error says
 * what failed with "Try again"; no plans shows the empty state.
 */
export function PlansListView(props: PlansListViewProps) {
  const { data, isLoading, error, onRetry } = props;
  if (error && !data) return <PlanLoadError error={error} onRetry={onRetry} />;
  if (isLoading && !data) return <PlansListSkeleton />;
  if (!data?.length) {
    return (
      <EmptyState
        icon={<Repeat />}
        title={props.emptyTitle}
        description={props.emptyDescription}
        action={props.emptyAction}
      />
    );
  }
  return (
    <ul className="flex flex-col gap-3">
      {data.map((plan) => (
        <li key={plan.id}>
          <PlanRow plan={plan} {...props} />
        </li>
      ))}
    </ul>
  );
}

/** One plan as a card-like link. */
function PlanRow({
  plan,
  perspective,
  hrefFor,
  now,
}: { plan: Plan } & Pick<PlansListViewProps, 'perspective' | 'hrefFor' | 'now'>) {
  const next = nextVisit(plan, now);
  const other = perspective === 'customer' ? plan.vendor.businessName : plan.customer.fullName;
  return (
    <Link
      href={hrefFor(plan)}
      className="group flex items-center gap-4 rounded-lg border border-border bg-surface-raised p-4 outline-none transition-shadow hover:shadow-md focus-visible:ring-2 focus-visible:ring-ring"
    >
      <span
        aria-hidden="true"
        className="hidden size-11 shrink-0 items-center justify-center rounded-md bg-primary-soft text-link sm:flex"
      >
        <Repeat className="size-5" />
      </span>
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <div className="flex flex-wrap items-center gap-2">
          <span className="font-semibold">{plan.service.title}</span>
          <PlanStatusBadge status={plan.status} perspective={perspective} />
        </div>
        <span className="text-sm text-muted">
          {other} · {FREQUENCY_WORDS[plan.frequency]} at {plan.localTime}
        </span>
        <span className="text-sm">
          {next
            ? `Next visit: ${formatDateTime(next.startsAt, plan.timeZone, true)}`
            : 'No visit to come'}
        </span>
      </div>
      <ChevronRight aria-hidden="true" className="size-4 shrink-0 text-muted" />
    </Link>
  );
}
