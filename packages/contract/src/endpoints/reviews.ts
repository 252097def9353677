import {
  createReviewBodySchema,
  reviewListQuerySchema,
  reviewPageSchema,
  reviewReplyBodySchema,
  reviewSchema,
} from '../reviews';
import { routes } from '../routes';
import { type EndpointDef, idParamsSchema } from './shared';

/** Reviews of completed orders. */
export const reviewEndpoints = {
  createReview: {
    ...routes.createReview,
    params: idParamsSchema,
    body: createReviewBodySchema,
    response: reviewSchema,
    summary:
      "Review a completed order (its customer, once, within 30 days of completion); updates the pro's rating",
  },
  listVendorReviews: {
    ...routes.listVendorReviews,
    params: idParamsSchema,
    query: reviewListQuerySchema,
    response: reviewPageSchema,
    summary: "A page of a pro's reviews, newest first, with the rating breakdown",
  },
} as const satisfies Record<string, EndpointDef>;

/** A pro's public reply to a review. */
export const reviewReplyEndpoints = {
  replyToReview: {
    ...routes.replyToReview,
    params: idParamsSchema,
    body: reviewReplyBodySchema,
    response: reviewSchema,
    summary: 'Answer a review in public (the reviewed pro only, once)',
  },
} as const satisfies Record<string, EndpointDef>;
