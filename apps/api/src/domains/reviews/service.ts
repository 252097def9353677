/**
 * Use cases of the reviews domain (issue #9 "Reviews"): review a completed order, list a pro's
 * reviews with their rating breakdown, and the pro's one public reply. Each write is one
 * transaction; its side effects (the in-app notification, the realtime nudge that makes an open
 * order page refetch) are outbox rows written in that same transaction.
 */
import type {
  CreateReviewBody,
  OrderStatus,
  Review,
  ReviewPage,
  ReviewReplyBody,
} from '@vetted/contract';
import { v7 as uuidv7 } from 'uuid';
import type { DbOrTx } from '../../db/client';
import type { AuthUser } from '../../plugins/auth';
import type { ServiceDeps } from '../deps';
import { notify, pushToUsers } from '../notifications/service';
import * as msg from './messages';
import * as policy from './policy';
import * as repo from './repository';

/** The review fields of an order's detail (contract `orderDetailSchema`). */
export interface OrderReviewState {
  review: Review | null;
  canReview: boolean;
  reviewableUntil: string | null;
}

/**
 * What an order's detail says about its review, for the orders domain (issue #9): the review
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

/** The realtime nudge that makes the other party's open order page (and lists) refetch. */
const orderNudge = (orderId: string, status: OrderStatus) => ({
  type: 'order',
  data: { id: orderId, status },
});

/** The reviews domain service. `deps.clock` is the only time source of its rules. */
export function createReviewsService(deps: Pick<ServiceDeps, 'db' | 'clock'>) {
  const { db, clock } = deps;

  return {
    /**
     * Reviews a completed order as its customer (issue #9), in one transaction holding the pro's
     * profile row lock: the review is inserted and the pro's `rating_count` / `rating_average`
     * recounted from the reviews table (exact under any number of concurrent reviews), the pro
     * is notified (link to their reviews page) and their open order page nudged to refetch.
     * @throws AppError 404 `order_not_found` (no such order, or another customer's), 403
     *   `customer_only` (the order's pro or an admin), 409 `order_not_completed`,
     *   `already_reviewed` (also for the loser of two racing reviews), `review_window_closed`
     *   (more than 30 days after completion: `policy.REVIEW_WINDOW_MS`).
     */
    async create(user: AuthUser, orderId: string, body: CreateReviewBody): Promise<Review> {
      const rating = body.rating;
      const text = body.text ?? '';
      const review = await db.transaction(async (tx) => {
        const target = await repo.loadReviewTarget(tx, orderId);
        if (!target) throw msg.orderNotFound();
        if (target.customerId !== user.id) {
          // The order's pro and admins can see the order: tell them why. Anyone else gets the
          // 404 of a random id.
          if (user.role === 'admin' || target.vendorUserId === user.id) throw msg.customerOnly();
          throw msg.orderNotFound();
        }
        await repo.lockVendor(tx, target.vendorId);
        const now = clock.now();
        const verdict = policy.mayReview(target, now);
        if (!verdict.ok) {
          switch (verdict.reason) {
            case 'not_completed':
              throw msg.notCompleted();
            case 'already_reviewed':
              throw msg.alreadyReviewed();
            case 'window_closed':
              throw msg.windowClosed();
          }
        }
        const id = uuidv7();
        const inserted = await repo.insertReview(tx, {
          id,
          orderId,
          vendorId: target.vendorId,
          customerId: user.id,
          rating,
          body: text,
          createdAt: now,
        });
        if (!inserted) throw msg.alreadyReviewed();
        await repo.refreshVendorRating(tx, target.vendorId);
        const view = await repo.loadReview(tx, id);
        if (!view) throw msg.orderNotFound();
        const dto = repo.toReviewDto(view);
        await notify(tx, [
          msg.newReviewNotification({
            vendorUserId: target.vendorUserId,
            reviewId: id,
            authorName: dto.author.name,
            rating,
            serviceTitle: target.serviceTitle,
            text,
          }),
        ]);
        await pushToUsers(tx, [target.vendorUserId], orderNudge(orderId, target.status));
        return dto;
      });
      return review;
    },

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
     * The reviewed pro's one public reply (issue #9). Stored only if the review has none
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
