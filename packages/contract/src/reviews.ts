import { z } from 'zod';
import { isoDateTime, pageQuerySchema, pagedSchema, text, uuid } from './common';

/**
 * Reviews ("Reviews"): one per completed order, by its customer, 1–5 stars and a text,
 * within 30 days of completion; the pro may answer each review once, in public.
 */

/** Longest review text, in characters (UTF-16 code units, as `maxlength`) after trimming. */
export const REVIEW_TEXT_MAX_LENGTH = 2000;
/** Longest reply of a pro to a review, in characters after trimming (same bound as a review). */
export const REVIEW_REPLY_MAX_LENGTH = 2000;
/** Lowest and highest star rating ("1–5 stars"). */
export const REVIEW_RATING_MIN = 1;
export const REVIEW_RATING_MAX = 5;

const RATING_MESSAGE = 'Choose a rating from 1 to 5 stars';

/** A star rating: a whole number from 1 to 5. */
export const reviewRatingSchema = z
  .number({ error: RATING_MESSAGE })
  .int(RATING_MESSAGE)
  .min(REVIEW_RATING_MIN, RATING_MESSAGE)
  .max(REVIEW_RATING_MAX, RATING_MESSAGE);

/**
 * `POST /v1/orders/{id}/review` body. `text` may be empty (a rating alone is a review); it is
 * stored in `reviews.body`.
 */
export const createReviewBodySchema = z.object({
  rating: reviewRatingSchema,
  text: text()
    .trim()
    .max(
      REVIEW_TEXT_MAX_LENGTH,
      `Keep your review to ${REVIEW_TEXT_MAX_LENGTH.toLocaleString('en-US')} characters or fewer`,
    )
    .default(''),
});
export type CreateReviewBody = z.input<typeof createReviewBodySchema>;

/** `POST /v1/reviews/{id}/reply` body: the pro's one public answer. */
export const reviewReplyBodySchema = z.object({
  text: text()
    .trim()
    .min(1, 'Write a reply')
    .max(
      REVIEW_REPLY_MAX_LENGTH,
      `Keep your reply to ${REVIEW_REPLY_MAX_LENGTH.toLocaleString('en-US')} characters or fewer`,
    ),
});
export type ReviewReplyBody = z.input<typeof reviewReplyBodySchema>;

/** The pro's public reply to a review. */
export const reviewReplySchema = z.object({
  text: z.string(),
  createdAt: isoDateTime,
});
export type ReviewReply = z.infer<typeof reviewReplySchema>;

/** One review as everyone sees it. */
export const reviewSchema = z.object({
  id: uuid,
  /** 1–5 stars. */
  rating: z.number().int().min(REVIEW_RATING_MIN).max(REVIEW_RATING_MAX),
  /** What the customer wrote; may be empty. */
  text: z.string(),
  createdAt: isoDateTime,
  /**
   * Who wrote it, as the public sees them: first name and last initial (`Casey C.`), or
   * `Former customer` once the account was deleted; `avatarUrl` null without a picture.
   */
  author: z.object({ name: z.string(), avatarUrl: z.string().nullable() }),
  /** The pro's answer, or null while there is none. */
  reply: reviewReplySchema.nullable(),
});
export type Review = z.infer<typeof reviewSchema>;

/**
 * How a pro's reviews are spread: `count` reviews averaging `average` stars (0 without reviews;
 * not rounded), and `histogram[n]` reviews of n stars. Computed from the reviews themselves, so
 * it always agrees with the list; the vendor's `ratingAverage` / `ratingCount` are the same two
 * numbers kept on the profile.
 */
export const ratingBreakdownSchema = z.object({
  average: z.number().min(0).max(REVIEW_RATING_MAX),
  count: z.number().int().min(0),
  histogram: z.object({
    1: z.number().int().min(0),
    2: z.number().int().min(0),
    3: z.number().int().min(0),
    4: z.number().int().min(0),
    5: z.number().int().min(0),
  }),
});
export type RatingBreakdown = z.infer<typeof ratingBreakdownSchema>;

/** `GET /v1/vendors/{id}/reviews` query: `page` (from 1) and `pageSize` (1–50, default 20). */
export const reviewListQuerySchema = pageQuerySchema;
export type ReviewListQuery = z.input<typeof reviewListQuerySchema>;

/**
 * `GET /v1/vendors/{id}/reviews`: a page of reviews, newest first, plus the rating breakdown of
 * all of the pro's reviews (the same on every page). The breakdown lives here, not in the vendor
 * detail, because it is only shown next to the reviews and changes with each of them, while the
 * vendor detail is cached (catalogue hot reads).
 */
export const reviewPageSchema = pagedSchema(reviewSchema).extend({
  breakdown: ratingBreakdownSchema,
});
export type ReviewPage = z.infer<typeof reviewPageSchema>;
