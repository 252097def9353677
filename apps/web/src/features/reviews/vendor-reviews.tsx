import { Container, PageHeader } from '@vetted/ui';
import * as React from 'react';
import { useSearchParams } from 'wouter';
import { useMe } from '../../lib/hooks/use-me';
import { useReplyToReview, useVendorReviews } from './use-reviews';
import { useVendor } from '../services';
import { toast } from '../../lib/toast';
import { ReviewsView } from './reviews-view';
import { ReviewReplyForm } from './review-reply-form';

/** Reviews per page on the pro's own reviews page. */
const PAGE_SIZE = 10;

/**
 * `/vendor/reviews`: the signed-in pro's reviews with their rating breakdown, each
 * with a Reply form until it has the pro's one public reply. `?review=<id>` (the new-review
 * notification's link) marks that review and scrolls to it.
 */
export function VendorReviewsPage() {
  const [params] = useSearchParams();
  const highlightId = params.get('review');
  const me = useMe();
  const vendorId = me.data?.vendorId ?? null;
  const vendor = useVendor(vendorId);
  const reviews = useVendorReviews(vendorId, PAGE_SIZE);
  const reply = useReplyToReview(vendorId);
  const noProfile = Boolean(me.data && !vendorId);

  const scrolled = React.useRef(false);
  React.useEffect(() => {
    if (!highlightId || scrolled.current || !reviews.items.some((r) => r.id === highlightId))
      return;
    scrolled.current = true;
    document.getElementById(`review-${highlightId}`)?.scrollIntoView({ block: 'center' });
  }, [highlightId, reviews.items]);

  return (
    <Container className="flex flex-col gap-6">
      <PageHeader
        title="Reviews"
        description="What customers say about your work. Reply once to each review: replies are public."
      />
      <ReviewsView
        perspective="vendor"
        businessName={vendor.data?.businessName ?? 'you'}
        breakdown={
          noProfile
            ? { average: 0, count: 0, histogram: { 1: 0, 2: 0, 3: 0, 4: 0, 5: 0 } }
            : reviews.breakdown
        }
        reviews={noProfile ? [] : reviews.items}
        total={reviews.total}
        isLoading={me.isLoading || reviews.isLoading}
        error={me.error ?? reviews.error}
        onRetry={() => {
          void me.mutate();
          void reviews.mutate();
        }}
        hasMore={reviews.hasMore}
        isLoadingMore={reviews.isLoadingMore}
        onLoadMore={() => void reviews.loadMore()}
        highlightId={highlightId}
        renderFooter={(review) =>
          review.reply ? null : (
            <ReviewReplyForm
              authorName={review.author.name}
              onSubmit={async (values) => {
                await reply(review.id, values);
                toast.success('Reply posted');
              }}
            />
          )
        }
      />
    </Container>
  );
}
