import { MESSAGES } from '@vetted/api-client';
import {
  type BreadcrumbItem,
  Breadcrumbs,
  Card,
  CardContent,
  CardHeader,
  cn,
  Skeleton,
} from '@vetted/ui';
import type * as React from 'react';
import { ErrorState } from '../../components/error-state';

/*
 * The parts every admin detail page (order, vendor, user) is built from: the page's states,
 * its title, its cards and their facts.
 */

/**
 * An admin detail page: breadcrumbs above the error (with Retry) while nothing is loaded, a
 * `skeleton` announced as `loadingLabel` while loading, else the breadcrumbs and `children` of
 * the loaded `data`.
 */
export function AdminDetailPage<T>({
  crumbs,
  data,
  isLoading,
  error,
  onRetry,
  loadingLabel,
  skeleton,
  children,
}: {
  /** The trail: the list page, then this item. */
  crumbs: BreadcrumbItem[];
  data?: T;
  isLoading?: boolean;
  error?: Error | null;
  onRetry?: () => void;
  /** Accessible name of the loading state, e.g. "Loading order". */
  loadingLabel: string;
  /** The placeholders shown while loading. */
  skeleton: React.ReactNode;
  /** The page below the breadcrumbs. */
  children: (data: T) => React.ReactNode;
}) {
  const trail = <Breadcrumbs items={crumbs} />;
  if (error && !data) {
    return (
      <div className="flex flex-col gap-6">
        {trail}
        <ErrorState title={MESSAGES.errorLoadingData} message={error.message} onRetry={onRetry} />
      </div>
    );
  }
  if (isLoading || !data) {
    return (
      <div className="flex flex-col gap-6" role="status" aria-busy="true" aria-label={loadingLabel}>
        {skeleton}
      </div>
    );
  }
  return (
    <div className="flex flex-col gap-6">
      {trail}
      {children(data)}
    </div>
  );
}

/**
 * The loading placeholders of a page with a main column and a 360 px side column: the
 * breadcrumbs, the title, then one block per column (`main` and `side` give their heights).
 */
export function SplitSkeleton({ main, side }: { main: string; side: string }) {
  return (
    <>
      <Skeleton className="h-4 w-40" />
      <Skeleton className="h-9 w-72 max-w-full" />
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,1fr)_360px]">
        <Skeleton className={cn(main, 'rounded-lg')} />
        <Skeleton className={cn(side, 'rounded-lg')} />
      </div>
    </>
  );
}

/** A detail page's title (`h1`) with its status badge beside it. */
export function DetailTitle({ title, badge }: { title: string; badge: React.ReactNode }) {
  return (
    <div className="flex flex-wrap items-center gap-3">
      <h1 className="text-2xl font-bold tracking-tight break-words sm:text-3xl">{title}</h1>
      {badge}
    </div>
  );
}

/** A card of a detail page with its `h2` title (and a line under it), then its content. */
export function SectionCard({
  title,
  description,
  contentClassName,
  children,
}: {
  title: string;
  /** Shown under the title. */
  description?: React.ReactNode;
  contentClassName?: string;
  children: React.ReactNode;
}) {
  return (
    <Card>
      <CardHeader>
        <h2 className="text-base leading-snug font-semibold">{title}</h2>
        {description}
      </CardHeader>
      <CardContent className={contentClassName}>{children}</CardContent>
    </Card>
  );
}

/**
 * One term and its value in a `dl`, side by side: a 7rem term column unless `className` sets
 * another (`grid-cols-[8rem_minmax(0,1fr)]`) or adds to it.
 */
export function Fact({
  term,
  className,
  children,
}: {
  term: string;
  className?: string;
  children: React.ReactNode;
}) {
  return (
    <div className={cn('grid grid-cols-[7rem_minmax(0,1fr)] gap-2', className)}>
      <dt className="text-muted">{term}</dt>
      <dd className="break-words">{children}</dd>
    </div>
  );
}
