import type { CreateReviewBody, Review } from '@vetted/contract';
import { Button, Card, CardContent, CardHeader, ReviewCard } from '@vetted/ui';
import { CircleCheckBig, MessageSquareReply, Star } from 'lucide-react';
import * as React from 'react';
import { Link } from 'wouter';
import { formatDate } from '../../lib/format';
import { ReviewForm } from './review-form';

export interface OrderReviewViewProps {
  perspective: 'customer' | 'vendor';
  /** The order's review, or null while there is none. */
  review?: Review | null;
  /** True while the customer may review the order (the API decides). */
  canReview?: boolean;
  /** End of the review window (ISO), shown under the form. */
  reviewableUntil?: string | null;
  businessName: string;
  /** Sends the customer's review; see {@link ReviewForm}. */
  onSubmit: (values: CreateReviewBody) => Promise<unknown>;
  /** Set right after the customer posted: says thanks (announced). */
  justSubmitted?: boolean;
  /** The vendor's reviews page at this review, where they reply. */
  replyHref?: string;
  /** Reference time for relative dates (stories). */
  now?: Date;
  /** Receives the section's heading, to focus it when the page opens at `#review`. */
  headingRef?: React.Ref<HTMLHeadingElement>;
}

/**
 * The review part of a completed order's page, `id="review"` (the completion
 * notification links there): the customer's form while they may review, then the review
 * itself with the pro's reply — for the customer ("Your review") and for the pro ("Customer's
 * review", with a way to reply). Renders nothing when there is no review and none can be written.
 */
export function OrderReviewView({
  perspective,
  review,
  canReview,
  reviewableUntil,
  businessName,
  onSubmit,
  justSubmitted,
  replyHref,
  now,
  headingRef,
}: OrderReviewViewProps) {
  const headingId = React.useId();
  if (!review && !(perspective === 'customer' && canReview)) return null;
  const heading = review
    ? perspective === 'customer'
      ? 'Your review'
      : "Customer's review"
    : `How was ${businessName}?`;
  return (
    <Card id="review" aria-labelledby={headingId} className="scroll-mt-24">
      <CardHeader>
        <h2
          id={headingId}
          ref={headingRef}
          tabIndex={-1}
          className="flex items-center gap-2 text-base leading-snug font-semibold outline-none"
        >
          <Star aria-hidden="true" className="size-4 text-amber-500" />
          {heading}
        </h2>
        {!review ? (
          <p className="text-sm text-muted">
            Your review helps other customers choose and helps {businessName} improve.
          </p>
        ) : null}
      </CardHeader>
      <CardContent className="flex flex-col gap-3">
        {review ? (
          <>
            {justSubmitted ? (
              <p role="status" className="flex items-center gap-2 text-sm font-medium text-success">
                <CircleCheckBig aria-hidden="true" className="size-4" />
                Thanks! Your review is now on {businessName}'s page.
              </p>
            ) : null}
            <ReviewCard
              authorName={review.author.name}
              authorAvatarUrl={review.author.avatarUrl}
              rating={review.rating}
              text={review.text}
              createdAt={review.createdAt}
              reply={review.reply}
              replyAuthor={businessName}
              now={now}
              className="py-0"
            />
            {perspective === 'vendor' && !review.reply && replyHref ? (
              <Button asChild variant="outline" size="sm" className="self-start">
                <Link href={replyHref}>
                  <MessageSquareReply aria-hidden="true" />
                  Reply on your reviews page
                </Link>
              </Button>
            ) : null}
          </>
        ) : (
          <>
            <ReviewForm businessName={businessName} onSubmit={onSubmit} />
            {reviewableUntil ? (
              <p className="text-xs text-muted">
                You can review this job until {formatDate(reviewableUntil)}.
              </p>
            ) : null}
          </>
        )}
      </CardContent>
    </Card>
  );
}
