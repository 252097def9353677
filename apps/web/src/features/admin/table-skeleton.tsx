import { Skeleton } from '@vetted/ui';
import { placeholders } from '../../lib/placeholders';

/** A table's loading state: `rows` bars under a header bar, announced as `label` (busy). */
export function TableSkeleton({ label, rows = 5 }: { label: string; rows?: number }) {
  return (
    <div role="status" aria-busy="true" aria-label={label} className="flex flex-col gap-2">
      <Skeleton className="h-8 w-full rounded-md" />
      {placeholders(rows).map((key) => (
        <Skeleton key={key} className="h-12 w-full rounded-md" />
      ))}
    </div>
  );
}
