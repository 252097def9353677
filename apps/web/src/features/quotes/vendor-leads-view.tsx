import { MESSAGES } from '@vetted/api-client';
import type { QuoteLeadStatus, VendorLead } from '@vetted/contract';
import { Badge, Button, EmptyState, Price, Skeleton } from '@vetted/ui';
import { Camera, ChevronRight, Inbox, Send } from 'lucide-react';
import { Link } from 'wouter';
import { ErrorState } from '../../components/error-state';
import { formatDate } from '../../lib/format';
import { placeholders } from '../../lib/placeholders';
import { LeadStatusBadge } from './quote-status-badge';
import { closesWords, QUOTE_STATUS } from './quote-words';

export interface VendorLeadsViewProps {
  data?: VendorLead[];
  isLoading?: boolean;
  error?: Error | null;
  onRetry?: () => void;
  /** The status filter shown (`?status=`); undefined lists every lead. */
  status?: QuoteLeadStatus;
  /** Chooses another filter (undefined: all). */
  onStatusChange: (status: QuoteLeadStatus | undefined) => void;
  /** Where a row leads (the lead's page). */
  hrefFor: (lead: VendorLead) => string;
  /** "Now" (ms since epoch) for "Closes in …"; the device clock in the app. */
  now: number;
}

/** The filters in order, with their words (the badges say "New lead"; a filter just "New"). */
const FILTERS: Array<{ value: QuoteLeadStatus | undefined; label: string }> = [
  { value: undefined, label: 'All' },
  { value: 'new', label: 'New' },
  { value: 'quoted', label: 'Quoted' },
  { value: 'declined', label: 'Declined' },
  { value: 'not_chosen', label: 'Not chosen' },
  { value: 'closed', label: 'Closed' },
];

/** Why the list is empty, by filter. */
const EMPTY: Record<QuoteLeadStatus | 'all', string> = {
  all: 'When a customer in your area asks for a quote in your category, or asks you directly, it shows up here.',
  new: 'No request is waiting for your quote.',
  quoted: 'No quote of yours is waiting for a customer.',
  declined: 'You have not declined any request.',
  not_chosen: 'No customer chose another pro over you.',
  closed: 'No request closed without a booking.',
};

/**
 * The pro's leads: a filter by status (All, New, Quoted, Declined, Not chosen, Closed), then one
 * row per lead — category, the job's first line, the customer's first name and area, the dates
 * asked for, budget, photo count, "Sent to you only" for a direct request, the pro's quote
 * (total, status, a counter-offer waiting) and the time left. Skeleton while loading, the
 * error with "Try again", and an empty state per filter.
 */
export function VendorLeadsView(props: VendorLeadsViewProps) {
  const { status, onStatusChange } = props;
  return (
    <div className="flex flex-col gap-4">
      <fieldset className="flex flex-wrap gap-2">
        <legend className="sr-only">Show leads</legend>
        {FILTERS.map((f) => (
          <Button
            key={f.label}
            size="sm"
            variant={f.value === status ? 'primary' : 'outline'}
            aria-pressed={f.value === status}
            onClick={() => onStatusChange(f.value)}
          >
            {f.label}
          </Button>
        ))}
      </fieldset>
      <LeadRows {...props} />
    </div>
  );
}

/** The list under the filter, or its loading, error or empty state. */
function LeadRows({ data, isLoading, error, onRetry, status, hrefFor, now }: VendorLeadsViewProps) {
  if (error && !data) {
    return (
      <ErrorState
        title={MESSAGES.errorLoadingData}
        message={error.message}
        error={error}
        onRetry={onRetry}
      />
    );
  }
  if (isLoading && !data) {
    return (
      <div
        role="status"
        aria-busy="true"
        aria-label="Loading leads"
        className="flex flex-col gap-3"
      >
        {placeholders(3).map((key) => (
          <Skeleton key={key} className="h-32 rounded-lg" />
        ))}
      </div>
    );
  }
  if (!data?.length) {
    return (
      <EmptyState
        icon={<Inbox />}
        title={
          status ? `No leads: ${FILTERS.find((f) => f.value === status)?.label}` : 'No leads yet'
        }
        description={EMPTY[status ?? 'all']}
      />
    );
  }
  return (
    <ul className="flex flex-col gap-3">
      {data.map((lead) => (
        <li key={lead.id}>
          <LeadRow lead={lead} href={hrefFor(lead)} now={now} />
        </li>
      ))}
    </ul>
  );
}

/** One lead as a card-like link to its page. */
function LeadRow({ lead, href, now }: { lead: VendorLead; href: string; now: number }) {
  const open = lead.status === 'new' || lead.status === 'quoted';
  const counter = lead.quote?.counter?.status === 'pending' ? lead.quote.counter : null;
  return (
    <Link
      href={href}
      data-lead={lead.id}
      className="group flex items-center gap-4 rounded-lg border border-border bg-surface-raised p-4 outline-none transition-shadow hover:shadow-md focus-visible:ring-2 focus-visible:ring-ring"
    >
      <div className="flex min-w-0 flex-1 flex-col gap-1.5">
        <div className="flex flex-wrap items-center gap-2">
          <span className="font-semibold">{lead.category.name}</span>
          <LeadStatusBadge status={lead.status} />
          {lead.direct ? (
            <Badge variant="outline">
              <Send aria-hidden="true" /> Sent to you only
            </Badge>
          ) : null}
          {counter ? <Badge variant="warning">Counter-offer</Badge> : null}
        </div>
        <span className="line-clamp-2 text-sm break-words">{lead.preview}</span>
        <span className="text-sm text-muted">
          {lead.customer.firstName} · {lead.area} · Dates:{' '}
          {lead.windows.map((w) => formatDate(w.from)).join(', ')}
        </span>
        <span className="flex flex-wrap gap-x-3 gap-y-1 text-sm text-muted">
          {lead.budget ? (
            <span>
              Budget <Price amount={lead.budget.amount} currency={lead.budget.currency} />
            </span>
          ) : (
            <span>No budget given</span>
          )}
          <span className="inline-flex items-center gap-1">
            <Camera aria-hidden="true" className="size-3.5" />
            {lead.photoCount === 1 ? '1 photo' : `${lead.photoCount} photos`}
          </span>
          {lead.quote ? (
            <span className="text-fg">
              Your quote{' '}
              <Price amount={lead.quote.total.amount} currency={lead.quote.total.currency} /> ·{' '}
              {QUOTE_STATUS[lead.quote.status].label}
            </span>
          ) : null}
          {counter ? (
            <span className="text-fg">
              They offer <Price amount={counter.amount.amount} currency={counter.amount.currency} />
            </span>
          ) : null}
          {open ? <span>{closesWords(lead.closesAt, now)}</span> : null}
        </span>
      </div>
      <ChevronRight aria-hidden="true" className="size-4 shrink-0 text-muted" />
    </Link>
  );
}
