import type { CreateReviewBody, ReviewListQuery, ReviewReplyBody } from '@vetted/contract';
import type { Call, CallOptions } from './call';

/** `reviews.*` of the typed API: reviews and replies. */
export function reviewsApi(call: Call) {
  return {
    /**
     * `POST /orders/:orderId/review` — reviews a completed order as its customer (once, within
     * 30 days of completion): `{ rating: 1–5, text }`. Resolves with the `Review`.
     */
    create: (orderId: string, body: CreateReviewBody, options?: CallOptions) =>
      call('createReview', { params: { id: orderId }, body }, options),
    /** `GET /vendors/:vendorId/reviews` — a page of a pro's reviews with the rating breakdown. */
    listForVendor: (vendorId: string, query: ReviewListQuery = {}, options?: CallOptions) =>
      call('listVendorReviews', { params: { id: vendorId }, query }, options),
    /** `POST /reviews/:id/reply` — the reviewed pro's one public reply. Resolves with the `Review`. */
    reply: (id: string, body: ReviewReplyBody, options?: CallOptions) =>
      call('replyToReview', { params: { id }, body }, options),
  };
}
