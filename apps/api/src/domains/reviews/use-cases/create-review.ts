/**
 * A customer's review of a completed order (reviews domain): the review, the pro's recounted
 * rating, the pro's notification and the realtime nudge, in one transaction.
 */
import type { CreateReviewBody, OrderStatus, Review } from '@vetted/contract';
import { v7 as uuidv7 } from 'uuid';
import type { AuthUser } from '../../../platform/types';
import type { ServiceDeps } from '../../deps';
import { notify, pushToUsers } from '../../notifications';
import * as msg from '../messages';
import * as policy from '../policy';
import * as repo from '../repository';
import { lockVendorProfile, refreshVendorRating } from '../../vendors';

/** The realtime nudge that makes the other party's open order page (and lists) refetch. */
export const orderNudge = (orderId: string, status: OrderStatus) => ({
  type: 'order',
  data: { id: orderId, status },
});

/**
 * Reviews a completed order as its customer, in one transaction holding the pro's
 * profile row lock: the review is inserted and the pro's `rating_count` / `rating_average`
 * recounted from the reviews table (exact under any number of concurrent reviews), the pro
 * is notified (link to their reviews page) and their open order page nudged to refetch.
 * @throws AppError 404 `order_not_found` (no such order, or another customer's), 403
 *   `customer_only` (the order's pro or an admin), 409 `order_not_completed`,
 *   `already_reviewed` (also for the loser of two racing reviews), `review_window_closed`
 *   (more than 30 days after completion: `policy.REVIEW_WINDOW_MS`).
 */
export async function createReview(
  { db, clock }: Pick<ServiceDeps, 'db' | 'clock'>,
  user: AuthUser,
  orderId: string,
  body: CreateReviewBody,
): Promise<Review> {
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
    await lockVendorProfile(tx, target.vendorId);
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
    await refreshVendorRating(tx, target.vendorId);
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
}
