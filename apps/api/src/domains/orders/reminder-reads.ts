/**
 * The order reads the reminders domain needs (its `ReminderOrders`), over this domain's tables
 * joined to the service, the pro's profile and both parties' accounts. Given to reminders at
 * registration (app.ts), so reminders never imports orders and orders may queue reminders.
 */
import type { OrderStatus } from '@vetted/contract';
import { and, asc, eq, gte, inArray, lt } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client';
import { orders, services, users, vendorProfiles } from '../../db/schema';
import type { JobStart, ReminderOrder, ReminderOrders, SummaryJob } from '../reminders';

/** The pro's own account, beside the customer's (`users`). */
const vendorUsers = alias(users, 'reminder_vendor_user');

/** Orders of `statuses` starting in `[from, to)`. */
const startingBetween = (from: Date, to: Date, statuses: readonly OrderStatus[]) =>
  and(inArray(orders.status, [...statuses]), gte(orders.startsAt, from), lt(orders.startsAt, to));

async function reminderOrder(db: DbOrTx, orderId: string): Promise<ReminderOrder | null> {
  const [row] = await db
    .select({
      id: orders.id,
      status: orders.status,
      startsAt: orders.startsAt,
      address: orders.address,
      customerId: orders.customerId,
      customerEmail: users.email,
      customerName: users.fullName,
      serviceTitle: services.title,
      businessName: vendorProfiles.businessName,
      timeZone: vendorProfiles.timeZone,
    })
    .from(orders)
    .innerJoin(services, eq(services.id, orders.serviceId))
    .innerJoin(vendorProfiles, eq(vendorProfiles.id, orders.vendorId))
    .innerJoin(users, eq(users.id, orders.customerId))
    .where(eq(orders.id, orderId));
  return row ?? null;
}

function jobStartsBetween(
  db: DbOrTx,
  from: Date,
  to: Date,
  statuses: readonly OrderStatus[],
): Promise<JobStart[]> {
  return db
    .select({
      vendorId: orders.vendorId,
      timeZone: vendorProfiles.timeZone,
      startsAt: orders.startsAt,
    })
    .from(orders)
    .innerJoin(vendorProfiles, eq(vendorProfiles.id, orders.vendorId))
    .where(startingBetween(from, to, statuses))
    .orderBy(asc(orders.startsAt));
}

function vendorJobsBetween(
  db: DbOrTx,
  vendorId: string,
  from: Date,
  to: Date,
  statuses: readonly OrderStatus[],
): Promise<SummaryJob[]> {
  return db
    .select({
      orderId: orders.id,
      startsAt: orders.startsAt,
      serviceTitle: services.title,
      customerName: users.fullName,
      address: orders.address,
      vendorUserId: vendorProfiles.userId,
      vendorEmail: vendorUsers.email,
      vendorName: vendorUsers.fullName,
      timeZone: vendorProfiles.timeZone,
    })
    .from(orders)
    .innerJoin(services, eq(services.id, orders.serviceId))
    .innerJoin(vendorProfiles, eq(vendorProfiles.id, orders.vendorId))
    .innerJoin(users, eq(users.id, orders.customerId))
    .innerJoin(vendorUsers, eq(vendorUsers.id, vendorProfiles.userId))
    .where(and(eq(orders.vendorId, vendorId), startingBetween(from, to, statuses)))
    .orderBy(asc(orders.startsAt), asc(orders.id));
}

/** The orders domain's implementation of reminders' `ReminderOrders`. */
export const reminderReads: ReminderOrders = { reminderOrder, jobStartsBetween, vendorJobsBetween };
