import { MESSAGES } from '@vetted/api-client';
import type { Paged, VendorSummary } from '@vetted/contract';
import { type DistanceUnit, EmptyState, Pagination, Skeleton, VendorCard } from '@vetted/ui';
import { SearchX } from 'lucide-react';
import type * as React from 'react';
import { ErrorState } from '../../components/error-state';
import { placeholders } from '../../lib/placeholders';

export interface VendorListViewProps {
  data?: Paged<VendorSummary>;
  isLoading?: boolean;
  error?: Error | null;
  onRetry?: () => void;
  /** Link of a vendor card. */
  hrefFor: (vendor: VendorSummary) => string;
  onPageChange?: (page: number) => void;
  /** Shown in the empty state (e.g. "Clear filters"). */
  emptyAction?: React.ReactNode;
  emptyTitle?: string;
  emptyDescription?: string;
  /** Shows "n pros found" above the grid. @defaultValue true */
  showCount?: boolean;
  /** Unit of the cards' distances (`distanceUnitFor` the searcher's country). @defaultValue 'kilometer' */
  distanceUnit?: DistanceUnit;
}

/** A grid of vendor cards with loading, empty, error states and pagination. */
export function VendorListView({
  data,
  isLoading,
  error,
  onRetry,
  hrefFor,
  onPageChange,
  emptyAction,
  emptyTitle = 'No pros match your search',
  emptyDescription = 'Try another word, a different category or a wider area.',
  showCount = true,
  distanceUnit = 'kilometer',
}: VendorListViewProps) {
  if (error && !data) {
    return (
      <ErrorState title={MESSAGES.errorLoadingData} message={error.message} onRetry={onRetry} />
    );
  }
  if (isLoading && !data) {
    return (
      <div
        className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3"
        role="status"
        aria-busy="true"
        aria-label="Loading pros"
      >
        {placeholders(6).map((id) => (
          <div key={id} className="flex flex-col gap-3 rounded-lg border border-border p-0">
            <Skeleton className="aspect-[4/3] w-full rounded-b-none" />
            <div className="flex flex-col gap-2 p-4">
              <Skeleton className="h-3 w-20" />
              <Skeleton className="h-5 w-40" />
              <Skeleton className="h-4 w-28" />
            </div>
          </div>
        ))}
      </div>
    );
  }
  if (!data || data.items.length === 0) {
    return (
      <EmptyState
        icon={<SearchX />}
        title={emptyTitle}
        description={emptyDescription}
        action={emptyAction}
      />
    );
  }
  return (
    <div className="flex flex-col gap-6">
      {showCount ? (
        <p className="text-sm text-muted" aria-live="polite">
          {data.total} {data.total === 1 ? 'pro' : 'pros'} found
        </p>
      ) : null}
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {data.items.map((v, i) => (
          <li key={v.id} className="grid">
            <VendorCard
              name={v.businessName}
              category={v.primaryCategory.name}
              city={v.city}
              ratingAverage={v.ratingAverage}
              ratingCount={v.ratingCount}
              distanceKm={v.distanceKm}
              distanceUnit={distanceUnit}
              startingPrice={v.startingPrice ?? undefined}
              imageUrl={v.coverImageUrl}
              // The first card's picture is the results page's largest paint on a phone.
              imagePriority={i === 0}
              responseLabel={v.responseTime?.label}
              href={hrefFor(v)}
            />
          </li>
        ))}
      </ul>
      {onPageChange ? (
        <Pagination
          page={data.page}
          totalPages={data.totalPages}
          onPageChange={onPageChange}
          className="self-center"
        />
      ) : null}
    </div>
  );
}
