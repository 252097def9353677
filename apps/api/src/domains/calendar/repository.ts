/**
 * The calendar domain's queries. Its own table is `calendar_feeds` (a pro's feed token); the
 * order facts an event shows are read from the orders, services, vendors and users tables (a
 * read model: check-tables.mjs allows reads, and only the orders domain writes them).
 */
import type { OrderStatus } from '@vetted/contract';
import { and, asc, eq, gt, gte, inArray, isNotNull, lt, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import {
  calendarFeeds,
  orderEvents,
  orders,
  services,
  users,
  vendorProfiles,
} from '../../db/schema';

/** How many `order_events` rows the order has: the input of `policy.sequenceOf`. */
const eventCount = sql<number>`(select count(*)::int from ${orderEvents} where ${orderEvents.orderId} = ${orders.id})`;

/** What one order's event shows, and who may read it. */
export interface OrderCalendarRow {
  id: string;
  status: OrderStatus;
  startsAt: Date;
  endsAt: Date;
  address: string;
  customerId: string;
  customerName: string;
  customerEmail: string;
  vendorUserId: string;
  businessName: string;
  timeZone: string;
  serviceTitle: string;
  eventCount: number;
}

/** The facts of order `id`'s event, or null when there is no such order. */
export async function loadOrderCalendar(db: DbOrTx, id: string): Promise<OrderCalendarRow | null> {
  const [row] = await db
    .select({
      id: orders.id,
      status: orders.status,
      startsAt: orders.startsAt,
      endsAt: orders.endsAt,
      address: orders.address,
      customerId: orders.customerId,
      customerName: users.fullName,
      customerEmail: users.email,
      vendorUserId: vendorProfiles.userId,
      businessName: vendorProfiles.businessName,
      timeZone: vendorProfiles.timeZone,
      serviceTitle: services.title,
      eventCount,
    })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.customerId))
    .innerJoin(vendorProfiles, eq(vendorProfiles.id, orders.vendorId))
    .innerJoin(services, eq(services.id, orders.serviceId))
    .where(eq(orders.id, id));
  return row ?? null;
}

/** One job of a pro's feed: only what the feed may show (the customer's name is cut to the first). */
export interface FeedOrderRow {
  id: string;
  status: OrderStatus;
  startsAt: Date;
  endsAt: Date;
  address: string;
  customerName: string;
  serviceTitle: string;
  eventCount: number;
}

/**
 * The vendor's orders in `statuses` starting in [`from`, `to`), soonest first; with `now`, also
 * the unpaid visits of plans whose hold is live at `now` (booked ahead, paid 48 h before).
 */
export async function feedOrders(
  db: DbOrTx,
  vendorId: string,
  statuses: readonly OrderStatus[],
  window: { from: Date; to: Date; now?: Date },
): Promise<FeedOrderRow[]> {
  return db
    .select({
      id: orders.id,
      status: orders.status,
      startsAt: orders.startsAt,
      endsAt: orders.endsAt,
      address: orders.address,
      customerName: users.fullName,
      serviceTitle: services.title,
      eventCount,
    })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.customerId))
    .innerJoin(services, eq(services.id, orders.serviceId))
    .where(
      and(
        eq(orders.vendorId, vendorId),
        // A plan's booked visit is on the pro's calendar while its slot is held, paid or not.
        window.now
          ? or(
              inArray(orders.status, [...statuses]),
              and(
                eq(orders.status, 'pending_payment'),
                isNotNull(orders.planId),
                gt(orders.holdExpiresAt, window.now),
              ),
            )
          : inArray(orders.status, [...statuses]),
        gte(orders.startsAt, window.from),
        lt(orders.startsAt, window.to),
      ),
    )
    .orderBy(asc(orders.startsAt));
}

/** The pro profile of the account `userId`: id, zone and business name, or null. */
export async function vendorOfUser(db: DbOrTx, userId: string) {
  const [row] = await db
    .select({
      id: vendorProfiles.id,
      timeZone: vendorProfiles.timeZone,
      businessName: vendorProfiles.businessName,
    })
    .from(vendorProfiles)
    .where(eq(vendorProfiles.userId, userId));
  return row ?? null;
}

/** The vendor's feed row (seed and token hash), or null before its first URL. */
export async function getFeed(db: DbOrTx, vendorId: string) {
  const [row] = await db.select().from(calendarFeeds).where(eq(calendarFeeds.vendorId, vendorId));
  return row ?? null;
}

/**
 * Writes the vendor's feed seed and token hash: inserts it, or (`replace`) overwrites an
 * existing one. Without `replace`, a row written first by a concurrent request wins; the row
 * in force is returned either way.
 */
export async function saveFeed(
  db: DbOrTx,
  row: { vendorId: string; seed: string; tokenHash: string; at: Date },
  replace: boolean,
) {
  const values = { vendorId: row.vendorId, seed: row.seed, tokenHash: row.tokenHash };
  const insert = db.insert(calendarFeeds).values({ ...values, createdAt: row.at });
  if (replace) {
    await insert.onConflictDoUpdate({
      target: calendarFeeds.vendorId,
      set: { seed: row.seed, tokenHash: row.tokenHash, rotatedAt: row.at },
    });
  } else {
    await insert.onConflictDoNothing({ target: calendarFeeds.vendorId });
  }
  return getFeed(db, row.vendorId);
}

/** The vendor whose feed token hashes to `tokenHash` (its profile facts), or null. */
export async function vendorOfFeed(db: DbOrTx, tokenHash: string) {
  const [row] = await db
    .select({
      id: vendorProfiles.id,
      timeZone: vendorProfiles.timeZone,
      businessName: vendorProfiles.businessName,
    })
    .from(calendarFeeds)
    .innerJoin(vendorProfiles, eq(vendorProfiles.id, calendarFeeds.vendorId))
    .where(eq(calendarFeeds.tokenHash, tokenHash));
  return row ?? null;
}
