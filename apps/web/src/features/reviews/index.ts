/*
 * The reviews feature as other features see it: the only module they import from it.
 */

export { OrderReview } from './order-review';
export { ReviewsView } from './reviews-view';
export { useVendorReviews } from './use-reviews';
