import type { CreateReviewBody, OrderDetail, Review } from '@vetted/contract';
import { buildLink, ROUTES } from '@vetted/session';
import * as React from 'react';
import { useCreateReview } from './use-reviews';
import { OrderReviewView } from './order-review-view';

export interface OrderReviewProps {
  order: OrderDetail;
  perspective: 'customer' | 'vendor';
}

/**
 * The review part of an order's page: sends the customer's review, shows the review
 * at once (then the order's detail, revalidated, carries it), and opens the page at the review
 * when the URL ends in `#review` (the completion notification's link).
 */
export function OrderReview({ order, perspective }: OrderReviewProps) {
  const createReview = useCreateReview(order);
  const [posted, setPosted] = React.useState<Review | null>(null);
  const heading = React.useRef<HTMLHeadingElement>(null);
  const review = order.review ?? posted;

  const shown = Boolean(review || (perspective === 'customer' && order.canReview));
  React.useEffect(() => {
    if (!shown || typeof window === 'undefined' || window.location.hash !== '#review') return;
    // After the router moved focus to the page heading: bring the review into view.
    const id = window.setTimeout(() => {
      heading.current?.scrollIntoView({ block: 'start' });
      heading.current?.focus({ preventScroll: true });
    }, 0);
    return () => window.clearTimeout(id);
  }, [shown]);

  return (
    <OrderReviewView
      perspective={perspective}
      review={review}
      canReview={order.canReview}
      reviewableUntil={order.reviewableUntil}
      businessName={order.vendor.businessName}
      justSubmitted={Boolean(posted)}
      headingRef={heading}
      replyHref={
        review ? buildLink(ROUTES.vendor.reviews, { query: { review: review.id } }) : undefined
      }
      onSubmit={async (values: CreateReviewBody) => {
        setPosted(await createReview(values));
      }}
    />
  );
}
