/**
 * What the reminders domain is given. It reads orders only through {@link ReminderOrders}, which
 * the orders domain implements (orders `reminderReads`, passed in at registration), so orders
 * may import this domain to queue reminders without an import cycle.
 */
import type { OrderStatus } from '@vetted/contract';
import type { DbOrTx } from '../../db/client';
import type { Clock } from '../deps';

/** An order as a customer reminder tells of it. */
export interface ReminderOrder {
  id: string;
  status: OrderStatus;
  startsAt: Date;
  address: string;
  customerId: string;
  customerEmail: string;
  customerName: string;
  serviceTitle: string;
  businessName: string;
  /** The job's zone: the pro's (IANA). */
  timeZone: string;
}

/** One job of a pro's day, as the evening summary lists it. */
export interface SummaryJob {
  orderId: string;
  startsAt: Date;
  serviceTitle: string;
  customerName: string;
  address: string;
  vendorUserId: string;
  vendorEmail: string;
  /** The pro's own name (their account's). */
  vendorName: string;
  timeZone: string;
}

/** The start of a live order, with its pro and the pro's zone. */
export interface JobStart {
  vendorId: string;
  timeZone: string;
  startsAt: Date;
}

/** The order reads reminders need (implemented by the orders domain over its own tables). */
export interface ReminderOrders {
  /** The order with its customer, service and the pro's zone, or null when there is none. */
  reminderOrder(db: DbOrTx, orderId: string): Promise<ReminderOrder | null>;
  /** Orders in `statuses` starting in `[from, to)`, any pro. */
  jobStartsBetween(
    db: DbOrTx,
    from: Date,
    to: Date,
    statuses: readonly OrderStatus[],
  ): Promise<JobStart[]>;
  /** The pro's orders in `statuses` starting in `[from, to)`, soonest first. */
  vendorJobsBetween(
    db: DbOrTx,
    vendorId: string,
    from: Date,
    to: Date,
    statuses: readonly OrderStatus[],
  ): Promise<SummaryJob[]>;
}

/** What the reminder jobs and the evening-summary schedule run with. */
export interface RemindersDeps {
  db: DbOrTx;
  /** The domain clock (`app.clock`): "today"/"tomorrow" and the 18:00 check read it. */
  clock: Clock;
  /** Absolute links in mails start with it (config `publicUrl`). */
  publicUrl: string;
  orders: ReminderOrders;
}
