import { MESSAGES } from '@vetted/api-client';
import { Skeleton } from '@vetted/ui';
import { ErrorState } from '../../components/error-state';
import { placeholders } from '../../lib/placeholders';

/*
 * The quote pages' placeholder states (the customer's and the pro's): a failed read, the list
 * skeleton and the request page's skeleton.
 */

/** A quotes read failed: "Error loading data" with the server's message and, when useful, retry. */
export function QuotesLoadError({ error, onRetry }: { error: Error; onRetry?: () => void }) {
  return (
    <ErrorState
      title={MESSAGES.errorLoadingData}
      message={error.message}
      error={error}
      onRetry={onRetry}
    />
  );
}

/** Skeleton rows standing in for a list of requests or leads (`rows` of them), announced as busy. */
export function QuotesListSkeleton({
  rows = 3,
  label = 'Loading quote requests',
}: {
  rows?: number;
  label?: string;
}) {
  return (
    <div role="status" aria-busy="true" aria-label={label} className="flex flex-col gap-3">
      {placeholders(rows).map((key) => (
        <Skeleton key={key} className="h-24 rounded-lg" />
      ))}
    </div>
  );
}

/** The skeleton of a request's page: the summary, then three quote cards side by side. */
export function QuoteRequestSkeleton({ label = 'Loading quote request' }: { label?: string }) {
  return (
    <div role="status" aria-busy="true" aria-label={label} className="flex flex-col gap-6">
      <Skeleton className="h-40 rounded-lg" />
      <div className="grid grid-cols-1 gap-4 md:grid-cols-2 xl:grid-cols-3">
        {placeholders(3).map((key) => (
          <Skeleton key={key} className="h-96 rounded-lg" />
        ))}
      </div>
    </div>
  );
}
