/**
 * Pure rules of the reviews domain: who may review an order and until when,
 * how a reviewer is named in public, and the rating breakdown.
 */
import type { OrderStatus, RatingBreakdown } from '@vetted/contract';

/**
 * How long after completion an order may be reviewed: 30 days ("within 30 days of
 * completion"), as an exact duration in ms from the `completed` order event — not calendar days,
 * so it does not depend on a time zone or a DST change.
 */
export const REVIEW_WINDOW_MS = 30 * 24 * 60 * 60 * 1000;

/** The end of the review window of an order completed at `completedAt`. */
export function reviewDeadline(completedAt: Date): Date {
  return new Date(completedAt.getTime() + REVIEW_WINDOW_MS);
}

/** What the review rules need to know about an order. */
export interface ReviewableOrder {
  status: OrderStatus;
  /** When its `completed` event was recorded; null when it never completed. */
  completedAt: Date | null;
  /** Whether a review of it exists already. */
  reviewed: boolean;
}

/** The verdict of {@link mayReview}. */
export type ReviewVerdict =
  | { ok: true; deadline: Date }
  | { ok: false; reason: 'not_completed' | 'already_reviewed' | 'window_closed' };

/**
 * Whether the order's customer may review it at `now`: the order is `completed`, it
 * has no review yet, and `now` is at most {@link REVIEW_WINDOW_MS} after completion (the last
 * millisecond included). Checked in this order, so a reviewed order says "already reviewed" also
 * after the window closed. Who asks is checked by the caller (only the order's customer).
 */
export function mayReview(order: ReviewableOrder, now: Date): ReviewVerdict {
  if (order.status !== 'completed' || order.completedAt === null) {
    return { ok: false, reason: 'not_completed' };
  }
  if (order.reviewed) return { ok: false, reason: 'already_reviewed' };
  const deadline = reviewDeadline(order.completedAt);
  if (now.getTime() > deadline.getTime()) return { ok: false, reason: 'window_closed' };
  return { ok: true, deadline };
}

/** How a deleted account's reviews are signed (its name was anonymised). */
export const FORMER_CUSTOMER_NAME = 'Former customer';

/**
 * A reviewer's public name (first name and last initial): the first word and the
 * upper-cased initial of the last word — `Casey Customer` → `Casey C.`, `Ana María López` →
 * `Ana L.`; a one-word name stays as it is; an empty name reads `Customer`.
 */
export function publicAuthorName(fullName: string): string {
  const words = fullName.trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return 'Customer';
  const first = words[0]!;
  if (words.length === 1) return first;
  // The first code point, so an initial outside the BMP is not cut in half.
  const initial = Array.from(words[words.length - 1]!)[0]!.toLocaleUpperCase('en-US');
  return `${first} ${initial}.`;
}

/** Review counts by stars, 1 to 5. */
export type Histogram = RatingBreakdown['histogram'];

/** An empty {@link Histogram}. */
export const emptyHistogram = (): Histogram => ({ 1: 0, 2: 0, 3: 0, 4: 0, 5: 0 });

/**
 * The rating breakdown of a histogram: `count` reviews and their mean `average` (not rounded;
 * 0 without reviews) — the same two numbers the vendor profile keeps (`rating_count`,
 * `rating_average`).
 */
export function breakdownOf(histogram: Histogram): RatingBreakdown {
  let count = 0;
  let sum = 0;
  for (const stars of [1, 2, 3, 4, 5] as const) {
    count += histogram[stars];
    sum += stars * histogram[stars];
  }
  return { average: count === 0 ? 0 : sum / count, count, histogram };
}
