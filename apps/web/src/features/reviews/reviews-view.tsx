import { MESSAGES } from '@vetted/api-client';
import type { RatingBreakdown as Breakdown, Review } from '@vetted/contract';
import { Button, cn, EmptyState, RatingBreakdown, ReviewCard, Skeleton } from '@vetted/ui';
import { MessageSquareText } from 'lucide-react';
import type * as React from 'react';
import { ErrorState } from '../../components/error-state';

export interface ReviewsViewProps {
  /**
   * `public`: the "Reviews" section of a pro's page (an `<h2>`); `vendor`: the pro's own
   * reviews page, which has its own title (the list gets an `<h2>` "Your reviews").
   */
  perspective: 'public' | 'vendor';
  /** The pro's name, for the empty state and the replies ("Reply from …"). */
  businessName: string;
  breakdown?: Breakdown;
  /** The reviews loaded so far, newest first. */
  reviews?: Review[];
  /** How many reviews there are in all. */
  total?: number;
  isLoading?: boolean;
  error?: Error | null;
  onRetry?: () => void;
  /** More reviews to load ("Show more"). */
  hasMore?: boolean;
  /** The next page is on its way. */
  isLoadingMore?: boolean;
  onLoadMore?: () => void;
  /** Extra content under one review, e.g. the pro's reply form. */
  renderFooter?: (review: Review) => React.ReactNode;
  /** A review to mark (the pro's page opened from a notification). */
  highlightId?: string | null;
  /** Reference time for relative dates (stories). */
  now?: Date;
}

/**
 * A pro's reviews: the rating breakdown (average, stars, one bar per star level) and
 * the reviews, newest first, each with the pro's reply; "Show more" loads the next page and an
 * announcement says how many are shown. Loading, empty and error states included.
 */
export function ReviewsView({
  perspective,
  businessName,
  breakdown,
  reviews,
  total,
  isLoading,
  error,
  onRetry,
  hasMore,
  isLoadingMore,
  onLoadMore,
  renderFooter,
  highlightId,
  now,
}: ReviewsViewProps) {
  const title = perspective === 'public' ? 'Reviews' : 'Your reviews';
  const heading = (
    <h2 id="reviews-title" className="text-xl font-semibold tracking-tight">
      {title}
      {total ? (
        <>
          {' '}
          <span className="text-base font-normal text-muted">({total})</span>
        </>
      ) : null}
    </h2>
  );

  let body: React.ReactNode;
  if (error && !reviews?.length) {
    body = (
      <ErrorState title={MESSAGES.errorLoadingData} message={error.message} onRetry={onRetry} />
    );
  } else if (isLoading || !reviews || !breakdown) {
    body = (
      <div
        role="status"
        aria-busy="true"
        aria-label="Loading reviews"
        className="flex flex-col gap-6"
      >
        <div className="flex flex-col gap-5 sm:flex-row sm:items-center sm:gap-8">
          <Skeleton className="h-16 w-28" />
          <div className="flex w-full max-w-md flex-col gap-2">
            {[0, 1, 2, 3, 4].map((i) => (
              <Skeleton key={i} className="h-3 w-full" />
            ))}
          </div>
        </div>
        {[0, 1].map((i) => (
          <div key={i} className="flex gap-3">
            <Skeleton className="size-8 shrink-0 rounded-full" />
            <div className="flex w-full flex-col gap-2">
              <Skeleton className="h-4 w-32" />
              <Skeleton className="h-4 w-full max-w-lg" />
              <Skeleton className="h-4 w-2/3 max-w-md" />
            </div>
          </div>
        ))}
      </div>
    );
  } else if (reviews.length === 0) {
    body = (
      <EmptyState
        icon={<MessageSquareText />}
        title="No reviews yet"
        description={
          perspective === 'public'
            ? `${businessName} is new on Vetted. Book them and be the first to say how it went.`
            : 'When a customer reviews a completed job, it shows here and on your public page. You can reply once to each review.'
        }
      />
    );
  } else {
    body = (
      <div className="flex flex-col gap-6">
        <RatingBreakdown
          average={breakdown.average}
          count={breakdown.count}
          histogram={breakdown.histogram}
          className="rounded-lg border border-border bg-surface-raised p-5"
        />
        <ul aria-label={`${title}, newest first`} className="flex flex-col">
          {reviews.map((review) => (
            <li
              key={review.id}
              id={`review-${review.id}`}
              className={cn(
                'scroll-mt-24 border-b border-border last:border-b-0',
                review.id === highlightId && 'rounded-lg border-b-0 px-4 ring-2 ring-primary',
              )}
            >
              <ReviewCard
                authorName={review.author.name}
                authorAvatarUrl={review.author.avatarUrl}
                rating={review.rating}
                text={review.text}
                createdAt={review.createdAt}
                reply={review.reply}
                replyAuthor={businessName}
                now={now}
                className="border-b-0"
                footer={renderFooter?.(review)}
              />
            </li>
          ))}
        </ul>
        <p role="status" className="sr-only">
          {total ? `Showing ${reviews.length} of ${total} reviews` : ''}
        </p>
        {error ? (
          <p role="alert" className="text-sm font-medium text-danger">
            {MESSAGES.errorLoadingData}. {error.message}
          </p>
        ) : null}
        {hasMore ? (
          <Button
            variant="outline"
            className="self-center"
            loading={isLoadingMore}
            onClick={onLoadMore}
          >
            Show more reviews
            {total ? (
              <>
                {' '}
                <span className="text-muted">({total - reviews.length} more)</span>
              </>
            ) : null}
          </Button>
        ) : null}
      </div>
    );
  }

  return (
    <section
      id="reviews"
      aria-labelledby="reviews-title"
      className="flex scroll-mt-24 flex-col gap-4"
    >
      {heading}
      {body}
    </section>
  );
}
