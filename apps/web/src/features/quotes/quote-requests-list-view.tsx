import type { QuoteRequestSummary } from '@vetted/contract';
import { EmptyState } from '@vetted/ui';
import { ChevronRight, FileText } from 'lucide-react';
import type * as React from 'react';
import { Link } from 'wouter';
import { formatDate } from '../../lib/format';
import { QuotesListSkeleton, QuotesLoadError } from './load-states';
import { QuoteRequestStatusBadge } from './quote-status-badge';
import { closesWords, quotesCountWords } from './quote-words';

export interface QuoteRequestsListViewProps {
  data?: QuoteRequestSummary[];
  isLoading?: boolean;
  error?: Error | null;
  onRetry?: () => void;
  /** Where a row leads (the request's page). */
  hrefFor: (request: QuoteRequestSummary) => string;
  /** "Now" (ms since epoch) for "Closes in …"; the device clock in the app. */
  now: number;
  /** The empty state's way forward ("Get quotes"). */
  emptyAction?: React.ReactNode;
}

/**
 * The customer's requests for quotes, newest first: category and status, the description's
 * first line, "3 quotes · from $120.00" (the API's lowest), and "Closes in …" while open.
 * Loading shows skeleton rows; an error says what failed with "Try again"; none yet shows the
 * empty state with its call to action.
 */
export function QuoteRequestsListView(props: QuoteRequestsListViewProps) {
  const { data, isLoading, error, onRetry } = props;
  if (error && !data) return <QuotesLoadError error={error} onRetry={onRetry} />;
  if (isLoading && !data) return <QuotesListSkeleton />;
  if (!data?.length) {
    return (
      <EmptyState
        icon={<FileText />}
        title="No quote requests yet"
        description="Describe a job once and pros send you prices to compare: line items, times and what you pay."
        action={props.emptyAction}
      />
    );
  }
  return (
    <ul className="flex flex-col gap-3">
      {data.map((request) => (
        <li key={request.id}>
          <RequestRow request={request} hrefFor={props.hrefFor} now={props.now} />
        </li>
      ))}
    </ul>
  );
}

/** One request as a card-like link. */
function RequestRow({
  request,
  hrefFor,
  now,
}: { request: QuoteRequestSummary } & Pick<QuoteRequestsListViewProps, 'hrefFor' | 'now'>) {
  return (
    <Link
      href={hrefFor(request)}
      className="group flex items-center gap-4 rounded-lg border border-border bg-surface-raised p-4 outline-none transition-shadow hover:shadow-md focus-visible:ring-2 focus-visible:ring-ring"
    >
      <span
        aria-hidden="true"
        className="hidden size-11 shrink-0 items-center justify-center rounded-md bg-primary-soft text-link sm:flex"
      >
        <FileText className="size-5" />
      </span>
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <div className="flex flex-wrap items-center gap-2">
          <span className="font-semibold">{request.category.name}</span>
          <QuoteRequestStatusBadge status={request.status} />
        </div>
        <span className="truncate text-sm text-muted">{request.preview}</span>
        <span className="text-sm">
          {quotesCountWords(request)}
          {request.status === 'open'
            ? ` · ${closesWords(request.closesAt, now)}`
            : ` · Sent ${formatDate(request.createdAt)}`}
        </span>
      </div>
      <ChevronRight aria-hidden="true" className="size-4 shrink-0 text-muted" />
    </Link>
  );
}
