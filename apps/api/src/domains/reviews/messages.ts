/**
 * User-facing text of the reviews domain: errors and the two notifications (a new
 * review to the pro, the pro's reply to the customer). Notifications say only what happened.
 */
import { conflict, forbidden, notFound } from '../../shared/errors';
import { customerOrderLink } from '../../shared/links';
import type { NewNotification } from '../../shared/notification';
import { previewLine } from '../../shared/text';

/** In-app path of the pro's reviews page, opened at one review. */
export const vendorReviewsLink = (reviewId: string) => `/vendor/reviews?review=${reviewId}`;

// ─── errors ──────────────────────────────────────────────────────────────────────────────────

/** The same 404 for a random id and for another customer's order (no IDOR oracle). */
export { orderNotFound } from '../../shared/errors';
/** The same 404 for a random id and for a review of another pro. */
export const reviewNotFound = () => notFound('Review not found', 'review_not_found');
export const vendorNotFound = () => notFound('Pro not found', 'vendor_not_found');

/** 403: the pro (or an admin) of an order they can see, trying to review it. */
export const customerOnly = () =>
  forbidden('Only the customer who booked this job can review it', 'customer_only');

export const notCompleted = () =>
  conflict(
    'You can review this booking once the pro has marked the job completed',
    'order_not_completed',
  );

export const alreadyReviewed = () =>
  conflict('You already reviewed this booking. Each booking gets one review', 'already_reviewed');

export const windowClosed = () =>
  conflict(
    'Reviews close 30 days after the job is completed, so this booking can no longer be reviewed',
    'review_window_closed',
  );

export const alreadyReplied = () =>
  conflict('You already replied to this review. Each review gets one reply', 'already_replied');

// ─── notifications ───────────────────────────────────────────────────────────────────────────

const stars = (n: number) => (n === 1 ? '1 star' : `${n} stars`);

/** To the pro: a customer reviewed one of their jobs (links to their reviews page). */
export function newReviewNotification(input: {
  vendorUserId: string;
  reviewId: string;
  authorName: string;
  rating: number;
  serviceTitle: string;
  text: string;
}): NewNotification & { key: string } {
  const quote = previewLine(input.text);
  return {
    userId: input.vendorUserId,
    type: 'review.created',
    title: `New review: ${stars(input.rating)}`,
    body: quote
      ? `${input.authorName} reviewed ${input.serviceTitle}: "${quote}"`
      : `${input.authorName} rated ${input.serviceTitle} ${stars(input.rating)}.`,
    link: vendorReviewsLink(input.reviewId),
    key: `review:${input.reviewId}:created`,
  };
}

/** To the customer: the pro answered their review (links to the order, where both show). */
export function replyNotification(input: {
  customerId: string;
  reviewId: string;
  orderId: string;
  businessName: string;
  text: string;
}): NewNotification & { key: string } {
  return {
    userId: input.customerId,
    type: 'review.replied',
    title: `${input.businessName} replied to your review`,
    body: previewLine(input.text),
    link: customerOrderLink(input.orderId),
    key: `review:${input.reviewId}:replied`,
  };
}
