/**
 * Data access of the reviews domain. Every function takes `db | tx`; no policy and no
 * text for people.
 */
import type { Review, ReviewPage } from '@vetted/contract';
import { and, count, desc, eq, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { orderEvents, orders, reviews, services, users, vendorProfiles } from '../../db/schema';
import { mediaUrl } from '../../services/images';
import {
  breakdownOf,
  emptyHistogram,
  FORMER_CUSTOMER_NAME,
  type Histogram,
  publicAuthorName,
} from './policy';

export type ReviewRow = typeof reviews.$inferSelect;

/** A review with what its public shape needs about its author. */
export interface ReviewView {
  review: ReviewRow;
  authorName: string;
  authorAvatarKey: string | null;
  authorDeletedAt: Date | null;
}

function reviewViewQuery(db: DbOrTx) {
  return db
    .select({
      review: reviews,
      authorName: users.fullName,
      authorAvatarKey: users.avatarKey,
      authorDeletedAt: users.deletedAt,
    })
    .from(reviews)
    .innerJoin(users, eq(users.id, reviews.customerId));
}

/** The API shape of a review (contract `reviewSchema`). */
export function toReviewDto(v: ReviewView): Review {
  const r = v.review;
  const deleted = v.authorDeletedAt !== null;
  return {
    id: r.id,
    rating: r.rating,
    text: r.body,
    createdAt: r.createdAt.toISOString(),
    author: {
      name: deleted ? FORMER_CUSTOMER_NAME : publicAuthorName(v.authorName),
      avatarUrl: !deleted && v.authorAvatarKey ? mediaUrl(v.authorAvatarKey) : null,
    },
    reply:
      r.replyBody !== null && r.repliedAt !== null
        ? { text: r.replyBody, createdAt: r.repliedAt.toISOString() }
        : null,
  };
}

/** One review with its author, or null. */
export async function loadReview(db: DbOrTx, id: string): Promise<ReviewView | null> {
  const [row] = await reviewViewQuery(db).where(eq(reviews.id, id));
  return row ?? null;
}

/** The review of an order with its author, or null. */
export async function loadReviewOfOrder(db: DbOrTx, orderId: string): Promise<ReviewView | null> {
  const [row] = await reviewViewQuery(db).where(eq(reviews.orderId, orderId));
  return row ?? null;
}

/** What reviewing an order needs to know about it, its pro and its completion. */
export interface ReviewTarget {
  orderId: string;
  status: (typeof orders.$inferSelect)['status'];
  customerId: string;
  vendorId: string;
  vendorUserId: string;
  serviceTitle: string;
  /** When the order's (latest) `completed` event was recorded, or null. */
  completedAt: Date | null;
  /** Whether the order has a review already. */
  reviewed: boolean;
}

/** The order as {@link ReviewTarget}, or null when there is no such order. */
export async function loadReviewTarget(db: DbOrTx, orderId: string): Promise<ReviewTarget | null> {
  const [row] = await db
    .select({
      orderId: orders.id,
      status: orders.status,
      customerId: orders.customerId,
      vendorId: orders.vendorId,
      vendorUserId: vendorProfiles.userId,
      serviceTitle: services.title,
      completedAt: sql<Date | null>`(
        select max(${orderEvents.createdAt}) from ${orderEvents}
        where ${orderEvents.orderId} = ${orders.id} and ${orderEvents.status} = 'completed')`.mapWith(
        orderEvents.createdAt,
      ),
      reviewed: sql<boolean>`exists (select 1 from ${reviews} where ${reviews.orderId} = ${orders.id})`,
    })
    .from(orders)
    .innerJoin(vendorProfiles, eq(vendorProfiles.id, orders.vendorId))
    .innerJoin(services, eq(services.id, orders.serviceId))
    .where(eq(orders.id, orderId));
  return row ?? null;
}

/**
 * Inserts a review; false when the order already has one (the unique `reviews.order_id` —
 * `on conflict do nothing`, so a race of two reviews of one order never errors).
 */
export async function insertReview(
  tx: DbOrTx,
  row: {
    id: string;
    orderId: string;
    vendorId: string;
    customerId: string;
    rating: number;
    body: string;
    createdAt: Date;
  },
): Promise<boolean> {
  const inserted = await tx
    .insert(reviews)
    .values(row)
    .onConflictDoNothing({ target: reviews.orderId })
    .returning({ id: reviews.id });
  return inserted.length === 1;
}

/**
 * Sets the pro's reply, only if the review has none (`… where reply_body is null`): of two
 * concurrent replies exactly one is stored. Returns false when a reply was there already.
 */
export async function setReplyOnce(
  tx: DbOrTx,
  id: string,
  text: string,
  at: Date,
): Promise<boolean> {
  const updated = await tx
    .update(reviews)
    .set({ replyBody: text, repliedAt: at })
    .where(and(eq(reviews.id, id), isNull(reviews.replyBody)))
    .returning({ id: reviews.id });
  return updated.length === 1;
}

/** What answering a review needs: its order, customer, and the pro (profile, user, name). */
export interface ReplyTarget {
  reviewId: string;
  orderId: string;
  orderStatus: (typeof orders.$inferSelect)['status'];
  customerId: string;
  vendorId: string;
  vendorUserId: string;
  businessName: string;
}

/** The review as {@link ReplyTarget}, or null when there is no such review. */
export async function loadReplyTarget(db: DbOrTx, reviewId: string): Promise<ReplyTarget | null> {
  const [row] = await db
    .select({
      reviewId: reviews.id,
      orderId: reviews.orderId,
      orderStatus: orders.status,
      customerId: reviews.customerId,
      vendorId: reviews.vendorId,
      vendorUserId: vendorProfiles.userId,
      businessName: vendorProfiles.businessName,
    })
    .from(reviews)
    .innerJoin(vendorProfiles, eq(vendorProfiles.id, reviews.vendorId))
    .innerJoin(orders, eq(orders.id, reviews.orderId))
    .where(eq(reviews.id, reviewId));
  return row ?? null;
}

/** Who owns a vendor profile and whether it is listed, or null when there is no such profile. */
export async function loadVendor(
  db: DbOrTx,
  vendorId: string,
): Promise<{ userId: string; approved: boolean } | null> {
  const [row] = await db
    .select({ userId: vendorProfiles.userId, status: vendorProfiles.vettingStatus })
    .from(vendorProfiles)
    .where(eq(vendorProfiles.id, vendorId));
  return row ? { userId: row.userId, approved: row.status === 'approved' } : null;
}

/** A page of the pro's reviews, newest first (ties: newest id), and how many there are. */
export async function listVendorReviews(
  db: DbOrTx,
  vendorId: string,
  opts: { page: number; pageSize: number },
): Promise<{ rows: ReviewView[]; total: number }> {
  const [rows, [totals]] = await Promise.all([
    reviewViewQuery(db)
      .where(eq(reviews.vendorId, vendorId))
      .orderBy(desc(reviews.createdAt), desc(reviews.id))
      .limit(opts.pageSize)
      .offset((opts.page - 1) * opts.pageSize),
    db.select({ n: count() }).from(reviews).where(eq(reviews.vendorId, vendorId)),
  ]);
  return { rows, total: Number(totals?.n ?? 0) };
}

/** The pro's review counts by stars (1–5), from the reviews table. */
export async function ratingHistogram(db: DbOrTx, vendorId: string): Promise<Histogram> {
  const rows = await db
    .select({ rating: reviews.rating, n: count() })
    .from(reviews)
    .where(eq(reviews.vendorId, vendorId))
    .groupBy(reviews.rating);
  const histogram = emptyHistogram();
  for (const row of rows) {
    if (row.rating >= 1 && row.rating <= 5)
      histogram[row.rating as keyof Histogram] = Number(row.n);
  }
  return histogram;
}

/**
 * Page `query.page` (1-based, `query.pageSize` reviews) of a vendor's reviews, newest first, with
 * the totals and the 5..1 star breakdown of all of them: the `ReviewPage` both the vendor review
 * list and the public pro page answer. Visibility is the caller's check.
 */
export async function vendorReviewPage(
  db: DbOrTx,
  vendorId: string,
  query: { page: number; pageSize: number },
): Promise<ReviewPage> {
  const [{ rows, total }, histogram] = await Promise.all([
    listVendorReviews(db, vendorId, query),
    ratingHistogram(db, vendorId),
  ]);
  return {
    items: rows.map(toReviewDto),
    page: query.page,
    pageSize: query.pageSize,
    total,
    totalPages: Math.ceil(total / query.pageSize),
    breakdown: breakdownOf(histogram),
  };
}
