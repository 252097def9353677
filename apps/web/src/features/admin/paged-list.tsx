import { MESSAGES } from '@vetted/api-client';
import type { Paged } from '@vetted/contract';
import { Pagination } from '@vetted/ui';
import type * as React from 'react';
import { ErrorState } from '../../components/error-state';
import { TableSkeleton } from './table-skeleton';

export interface PagedListProps<T> {
  /** The page shown; kept while the next one loads. */
  data?: Paged<T>;
  /** Shown (with Retry) only when there is no page to keep showing. */
  error?: Error | null;
  onRetry?: () => void;
  /** Accessible name of the loading skeleton, e.g. "Loading orders". */
  loadingLabel: string;
  /** What an empty page shows (an EmptyState). */
  empty: React.ReactNode;
  /** The count line above the table, announced politely; none when omitted. */
  summary?: (data: Paged<T>) => React.ReactNode;
  onPageChange: (page: number) => void;
  /** The table of a non-empty page. */
  children: (data: Paged<T>) => React.ReactNode;
}

/**
 * The body of an admin list page (vendors, users, orders, audit log): the error state
 * while nothing is loaded, a table skeleton while loading, `empty` for an empty page, else the
 * count line, the table and the pagination.
 */
export function PagedList<T>({
  data,
  error,
  onRetry,
  loadingLabel,
  empty,
  summary,
  onPageChange,
  children,
}: PagedListProps<T>) {
  if (error && !data) {
    return (
      <ErrorState title={MESSAGES.errorLoadingData} message={error.message} onRetry={onRetry} />
    );
  }
  if (!data) return <TableSkeleton label={loadingLabel} />;
  if (data.items.length === 0) return <>{empty}</>;
  return (
    <div className="flex flex-col gap-4">
      {summary ? (
        <p className="text-sm text-muted" aria-live="polite">
          {summary(data)}
        </p>
      ) : null}
      {children(data)}
      <Pagination
        page={data.page}
        totalPages={data.totalPages}
        onPageChange={onPageChange}
        className="self-center"
      />
    </div>
  );
}
