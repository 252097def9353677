/**
 * Use cases of the reviews domain: review a completed order, list a pro's
 * reviews with their rating breakdown, and the pro's one public reply. Each write is one
 * transaction; its side effects (the in-app notification, the realtime nudge that makes an open
 * order page refetch) are outbox rows written in that same transaction.
 */
import type { CreateReviewBody, Review, ReviewPage, ReviewReplyBody } from '@vetted/contract';
import type { DbOrTx } from '../../db/client';
import type { AuthUser } from '../../platform/types';
import type { ServiceDeps } from '../deps';
import { notify, pushToUsers } from '../notifications';
import * as msg from './messages';
import * as policy from './policy';
import * as repo from './repository';
import { createReview, orderNudge } from './use-cases/create-review';

/** The review fields of an order's detail (contract `orderDetailSchema`). */
export interface OrderReviewState {
  review: Review | null;
  canReview: boolean;
  reviewableUntil: string | null;
}

/**
 * What an order's detail says about its review, for the orders domain: the review
 * (to both parties) and — for its customer only (`perspective: 'customer'`) — whether they may
 * still review it at `now` and until when ({@link policy.mayReview}).
 */
export async function orderReviewState(
  db: DbOrTx,
  orderId: string,
  perspective: 'customer' | 'vendor' | 'admin',
  now: Date,
): Promise<OrderReviewState> {
  const target = await repo.loadReviewTarget(db, orderId);
  if (!target) return { review: null, canReview: false, reviewableUntil: null };
  if (target.reviewed) {
    const view = await repo.loadReviewOfOrder(db, orderId);
    return {
      review: view ? repo.toReviewDto(view) : null,
      canReview: false,
      reviewableUntil: null,
    };
  }
  if (perspective !== 'customer') return { review: null, canReview: false, reviewableUntil: null };
  const verdict = policy.mayReview(target, now);
  return verdict.ok
    ? { review: null, canReview: true, reviewableUntil: verdict.deadline.toISOString() }
    : { review: null, canReview: false, reviewableUntil: null };
}

/** The reviews domain service. `deps.clock` is the only time source of its rules. */
export function createReviewsService(deps: Pick<ServiceDeps, 'db' | 'clock'>) {
  const { db, clock } = deps;

  return {
    /** Reviews a completed order as its customer: {@link createReview}. */
    create: (user: AuthUser, orderId: string, body: CreateReviewBody) =>
      createReview(deps, user, orderId, body),

    /**
     * A page of the pro's reviews, newest first, with the breakdown of all their reviews.
     * Public for approved pros; a pro who is not (yet) approved sees their own, admins any.
     * @throws AppError 404 `vendor_not_found`
     */
    async list(
      viewer: AuthUser | null,
      vendorId: string,
      query: { page: number; pageSize: number },
    ): Promise<ReviewPage> {
      const vendor = await repo.loadVendor(db, vendorId);
      const visible =
        vendor && (vendor.approved || viewer?.id === vendor.userId || viewer?.role === 'admin');
      if (!visible) throw msg.vendorNotFound();
      return repo.vendorReviewPage(db, vendorId, query);
    },

    /**
     * The reviewed pro's one public reply. Stored only if the review has none
     * (a conditional update: of two racing replies one wins); the customer is notified (link to
     * the order, where review and reply show) and their open order page nudged to refetch.
     * @throws AppError 404 `review_not_found` (no such review, or not the caller's business),
     *   409 `already_replied`
     */
    async reply(user: AuthUser, reviewId: string, body: ReviewReplyBody): Promise<Review> {
      return db.transaction(async (tx) => {
        const target = await repo.loadReplyTarget(tx, reviewId);
        if (!target || target.vendorUserId !== user.id) throw msg.reviewNotFound();
        const text = body.text.trim();
        if (!(await repo.setReplyOnce(tx, reviewId, text, clock.now()))) {
          throw msg.alreadyReplied();
        }
        await notify(tx, [
          msg.replyNotification({
            customerId: target.customerId,
            reviewId,
            orderId: target.orderId,
            businessName: target.businessName,
            text,
          }),
        ]);
        await pushToUsers(tx, [target.customerId], orderNudge(target.orderId, target.orderStatus));
        const view = await repo.loadReview(tx, reviewId);
        if (!view) throw msg.reviewNotFound();
        return repo.toReviewDto(view);
      });
    },
  };
}

export type ReviewsService = ReturnType<typeof createReviewsService>;
