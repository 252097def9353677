/**
 * The reviews domain as other domains see it: the only module they import from reviews
 * (ARCHITECTURE §1a).
 */
export { listVendorReviews, ratingHistogram, vendorReviewPage } from './repository';
export { createReviewsService, type OrderReviewState, orderReviewState } from './service';
