import { MESSAGES } from '@vetted/api-client';
import { Skeleton } from '@vetted/ui';
import { ErrorState } from '../../components/error-state';
import { placeholders } from '../../lib/placeholders';

/*
 * The plan pages' placeholder states. Kept here rather than imported from the orders feature,
 * whose order page imports this feature (the plan line), so the two never import each other.
 */

/** A plan read failed: "Error loading data" with the server's message and, when useful, retry. */
export function PlanLoadError({ error, onRetry }: { error: Error; onRetry?: () => void }) {
  return (
    <ErrorState
      title={MESSAGES.errorLoadingData}
      message={error.message}
      error={error}
      onRetry={onRetry}
    />
  );
}

/** Skeleton rows standing in for a list of plans (`rows` of them), announced as busy. */
export function PlansListSkeleton({ rows = 3 }: { rows?: number }) {
  return (
    <div role="status" aria-busy="true" aria-label="Loading plans" className="flex flex-col gap-3">
      {placeholders(rows).map((key) => (
        <Skeleton key={key} className="h-24 rounded-lg" />
      ))}
    </div>
  );
}

/** The skeleton of a plan's page under its heading, announced as busy. */
export function PlanDetailSkeleton() {
  return (
    <div role="status" aria-busy="true" aria-label="Loading plan" className="flex flex-col gap-6">
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-[1fr_360px]">
        <Skeleton className="h-72 rounded-lg" />
        <Skeleton className="h-72 rounded-lg" />
      </div>
    </div>
  );
}
