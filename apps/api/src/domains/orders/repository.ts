/**
 * Drizzle queries of the orders domain (ARCHITECTURE §1a): each takes `db` or a transaction,
 * holds no policy and no text for people.
 */
import type { Order, OrderStatus } from '@vetted/contract';
import {
  and,
  asc,
  count,
  desc,
  eq,
  gt,
  inArray,
  isNull,
  lte,
  ne,
  or,
  type SQL,
  sql,
} from 'drizzle-orm';
import { alias, type SelectedFields } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client';
import { orderEvents, orders, payments, services, users, vendorProfiles } from '../../db/schema';
import { mediaUrl } from '../../services/images';

export type OrderRow = typeof orders.$inferSelect;
export type NewOrderRow = typeof orders.$inferInsert;
export type OrderEventRow = typeof orderEvents.$inferSelect;

/** An order with what its screens and notices show about its service and both parties. */
export interface OrderView {
  order: OrderRow;
  serviceTitle: string;
  serviceDuration: number;
  businessName: string;
  vendorUserId: string;
  vendorTimeZone: string;
  customerName: string;
  /** Storage keys of both parties' avatars; absent where a query does not read them. */
  customerAvatarKey?: string | null;
  vendorAvatarKey?: string | null;
  /** Refunded so far on the booking's charge, minor units; absent where a query does not read it. */
  amountRefunded?: number;
}

/** Postgres error code (and constraint) of a driver error, also when Drizzle wrapped it. */
export function pgError(err: unknown): { code?: string; constraint?: string } {
  let e = err as
    | { code?: unknown; constraint?: unknown; constraint_name?: unknown; cause?: unknown }
    | undefined;
  for (let i = 0; e && i < 5; i++) {
    if (typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code)) {
      const constraint = e.constraint_name ?? e.constraint;
      return { code: e.code, constraint: typeof constraint === 'string' ? constraint : undefined };
    }
    e = e.cause as typeof e;
  }
  return {};
}

/** The pro's own account, beside the customer's (`users`) in {@link orderFactsQuery}. */
const vendorUsers = alias(users, 'vendor_user');

/** The public URL of an avatar key, or null. */
const avatarUrl = (key: string | null | undefined) => (key ? mediaUrl(key) : null);

/** The columns of {@link OrderView} every order read has. */
const viewColumns = {
  order: orders,
  serviceTitle: services.title,
  serviceDuration: services.durationMinutes,
  businessName: vendorProfiles.businessName,
  vendorUserId: vendorProfiles.userId,
  vendorTimeZone: vendorProfiles.timeZone,
  customerName: users.fullName,
};

/**
 * The one "order facts" join: the order with its service, the pro's profile, the customer's
 * account and the pro's account (`vendor_user`), selecting {@link viewColumns} plus `extra`
 * columns of those five tables.
 */
function orderFactsQuery<E extends SelectedFields>(db: DbOrTx, extra: E) {
  return db
    .select({ ...viewColumns, ...extra })
    .from(orders)
    .innerJoin(services, eq(services.id, orders.serviceId))
    .innerJoin(vendorProfiles, eq(vendorProfiles.id, orders.vendorId))
    .innerJoin(users, eq(users.id, orders.customerId))
    .innerJoin(vendorUsers, eq(vendorUsers.id, vendorProfiles.userId));
}

function orderViewQuery(db: DbOrTx) {
  return orderFactsQuery(db, {
    customerAvatarKey: users.avatarKey,
    vendorAvatarKey: vendorUsers.avatarKey,
    // Correlated so the list query stays one row per order; tips are separate payments.
    amountRefunded: sql<number>`coalesce((select sum(${payments.amountRefunded}) from ${payments} where ${payments.orderId} = ${orders.id} and ${payments.kind} = 'order'), 0)::int`,
  });
}

/** An order with what payment text and checks need about it: the parties' addresses too. */
export interface OrderFactsRow extends OrderView {
  customerEmail: string;
  vendorEmail: string;
  /** The pro's own name (their account's), beside the business name. */
  vendorName: string;
}

/**
 * The order with its service, vendor and customer facts (and both parties' e-mail addresses),
 * or null. No avatars or refunded amount: {@link toOrderDto} of it leaves those out.
 */
export async function loadOrderFacts(db: DbOrTx, id: string): Promise<OrderFactsRow | null> {
  const [row] = await orderFactsQuery(db, {
    customerEmail: users.email,
    vendorEmail: vendorUsers.email,
    vendorName: vendorUsers.fullName,
  }).where(eq(orders.id, id));
  return row ?? null;
}

/** The order with its service and parties, or null. */
export async function loadOrderView(db: DbOrTx, id: string): Promise<OrderView | null> {
  const [row] = await orderViewQuery(db).where(eq(orders.id, id));
  return row ?? null;
}

/**
 * Locks the order row (`SELECT … FOR NO KEY UPDATE`) for the rest of the transaction, so
 * transitions of one order run one after the other. Lock order and strength: db/transaction.ts.
 * Returns the row, or null when there is no such order.
 */
export async function lockOrder(tx: DbOrTx, id: string): Promise<OrderRow | null> {
  const [row] = await tx.select().from(orders).where(eq(orders.id, id)).for('no key update');
  return row ?? null;
}

/** The API shape of an order (contract `orderSchema`). */
export function toOrderDto(v: OrderView): Order {
  const o = v.order;
  return {
    id: o.id,
    reference: o.reference,
    status: o.status,
    service: { id: o.serviceId, title: v.serviceTitle, durationMinutes: v.serviceDuration },
    vendor: {
      id: o.vendorId,
      businessName: v.businessName,
      timeZone: v.vendorTimeZone,
      avatarUrl: avatarUrl(v.vendorAvatarKey),
    },
    customer: {
      id: o.customerId,
      fullName: v.customerName,
      avatarUrl: avatarUrl(v.customerAvatarKey),
    },
    startsAt: o.startsAt.toISOString(),
    endsAt: o.endsAt.toISOString(),
    address: o.address,
    notes: o.notes,
    subtotal: { amount: o.subtotal, currency: o.currency },
    fee: { amount: o.fee, currency: o.currency },
    total: { amount: o.total, currency: o.currency },
    ...(v.amountRefunded === undefined
      ? {}
      : { amountRefunded: { amount: Number(v.amountRefunded), currency: o.currency } }),
    createdAt: o.createdAt.toISOString(),
    holdExpiresAt:
      o.status === 'pending_payment' && o.holdExpiresAt ? o.holdExpiresAt.toISOString() : null,
  };
}

/** The order's events, oldest first. */
export function listEvents(db: DbOrTx, orderId: string): Promise<OrderEventRow[]> {
  return db
    .select()
    .from(orderEvents)
    .where(eq(orderEvents.orderId, orderId))
    .orderBy(asc(orderEvents.createdAt), asc(orderEvents.id));
}

/** The vendor profile id of a vendor user, or null. */
export async function vendorProfileIdOf(db: DbOrTx, userId: string): Promise<string | null> {
  const [row] = await db
    .select({ id: vendorProfiles.id })
    .from(vendorProfiles)
    .where(eq(vendorProfiles.userId, userId));
  return row?.id ?? null;
}

/** Which orders a list shows. */
export type OrderListScope =
  | { kind: 'customer'; customerId: string }
  /** A vendor's incoming orders: only those that were ever paid (an unpaid checkout is not a booking). */
  | { kind: 'vendor'; vendorId: string }
  | { kind: 'all' };

/** A page of orders (newest first) and the total count of matches. */
export async function listOrders(
  db: DbOrTx,
  scope: OrderListScope,
  opts: { page: number; pageSize: number; status?: OrderStatus },
): Promise<{ rows: OrderView[]; total: number }> {
  const conditions: SQL[] = [];
  if (scope.kind === 'customer') conditions.push(eq(orders.customerId, scope.customerId));
  if (scope.kind === 'vendor') {
    conditions.push(
      eq(orders.vendorId, scope.vendorId),
      ne(orders.status, 'pending_payment'),
      // An unpaid checkout that was abandoned or cancelled never reached the vendor.
      sql`(${orders.status} <> 'cancelled' or exists (select 1 from ${orderEvents} e where e.order_id = ${orders.id} and e.status = 'paid'))`,
    );
  }
  if (opts.status) conditions.push(eq(orders.status, opts.status));
  const where = conditions.length ? and(...conditions) : undefined;
  const [rows, [totals]] = await Promise.all([
    orderViewQuery(db)
      .where(where)
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(opts.pageSize)
      .offset((opts.page - 1) * opts.pageSize),
    db.select({ n: count() }).from(orders).where(where),
  ]);
  return { rows, total: Number(totals?.n ?? 0) };
}

/** The id of the customer's order created with `key` (their `Idempotency-Key`), or null. */
export async function findByIdempotencyKey(
  db: DbOrTx,
  customerId: string,
  key: string,
): Promise<string | null> {
  const [row] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.customerId, customerId), eq(orders.idempotencyKey, key)));
  return row?.id ?? null;
}

/**
 * Serialises the bookings of one customer until the transaction ends: a transaction-scoped
 * advisory lock on (`orders.create`, customer id). Concurrent `POST /v1/orders` of one customer
 * — the same `Idempotency-Key` sent 20 times at once, or several slots booked at once — then
 * see each other's committed orders, so a replay finds the first order and the unpaid cap
 * counts every hold. (On PGlite, a single connection, transactions are serial anyway.)
 */
export async function lockCustomerBookings(tx: DbOrTx, customerId: string): Promise<void> {
  await tx.execute(
    sql`select pg_advisory_xact_lock(hashtext('orders.create'), hashtext(${customerId}))`,
  );
}

/**
 * How many of the customer's orders are unpaid with a hold that has not expired at `now`. A
 * plan's later visits are booked ahead by the plan, not by the customer: they do not count.
 */
export async function countUnpaidHolds(db: DbOrTx, customerId: string, now: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(orders)
    .where(
      and(
        eq(orders.customerId, customerId),
        eq(orders.status, 'pending_payment'),
        gt(orders.holdExpiresAt, now),
        or(isNull(orders.planVisit), lte(orders.planVisit, 1)),
      ),
    );
  return Number(row?.n ?? 0);
}

/** Inserts an order. */
export async function insertOrder(tx: DbOrTx, row: NewOrderRow): Promise<void> {
  await tx.insert(orders).values(row);
}

/** Records one step of an order's history. */
export async function insertEvent(
  tx: DbOrTx,
  row: {
    id: string;
    orderId: string;
    status: OrderStatus;
    actorId: string | null;
    note: string | null;
    /** When it happened: the service clock's time, not the database's `now()` (test clock). */
    createdAt: Date;
  },
): Promise<void> {
  await tx.insert(orderEvents).values(row);
}

/** Updates columns of an order. */
export async function updateOrder(
  tx: DbOrTx,
  id: string,
  set: Partial<Omit<NewOrderRow, 'id'>>,
): Promise<void> {
  await tx.update(orders).set(set).where(eq(orders.id, id));
}

/** Where a vendor works from: its base (degrees), service radius (km) and country (ISO alpha-2). */
export interface VendorArea {
  lat: number;
  lng: number;
  radiusKm: number;
  country: string;
}

/** The service area of vendor `vendorId`, or null when there is no such vendor. */
export async function vendorArea(db: DbOrTx, vendorId: string): Promise<VendorArea | null> {
  const [row] = await db
    .select({
      lat: vendorProfiles.lat,
      lng: vendorProfiles.lng,
      radiusKm: vendorProfiles.serviceRadiusKm,
      country: vendorProfiles.country,
    })
    .from(vendorProfiles)
    .where(eq(vendorProfiles.id, vendorId));
  return row ? { ...row, radiusKm: Number(row.radiusKm) } : null;
}

/**
 * Replaces the address and notes the customer typed on each of their orders: the deletion of
 * their account (users domain), in its transaction `tx`. The orders stay for the pros' records.
 */
export async function anonymiseCustomerOrders(
  tx: DbOrTx,
  customerId: string,
  address: string,
): Promise<void> {
  await tx.update(orders).set({ address, notes: null }).where(eq(orders.customerId, customerId));
}

// ─── the account's own data (users domain: export, deletion) ─────────────────────────────────

/**
 * How many orders in `statuses` the user has as customer, or their vendor profile `vendorId`
 * has as the pro (the users domain refuses a deletion while live ones remain).
 */
export async function countOrdersOfParty(
  db: DbOrTx,
  who: { userId: string; vendorId: string | null },
  statuses: readonly OrderStatus[],
): Promise<number> {
  const party = who.vendorId
    ? or(eq(orders.customerId, who.userId), eq(orders.vendorId, who.vendorId))
    : eq(orders.customerId, who.userId);
  const [row] = await db
    .select({ n: count() })
    .from(orders)
    .where(and(party, inArray(orders.status, [...statuses])));
  return row?.n ?? 0;
}

/** Orders the user made as a customer, oldest first, with their service and pro (data export). */
export function customerOrdersOldestFirst(db: DbOrTx, customerId: string): Promise<OrderView[]> {
  return orderFactsQuery(db, {})
    .where(eq(orders.customerId, customerId))
    .orderBy(asc(orders.createdAt));
}

/** Orders a pro received, oldest first (data export; no customer columns are read). */
export function bookingsReceivedOldestFirst(db: DbOrTx, vendorId: string) {
  return db
    .select({
      id: orders.id,
      reference: orders.reference,
      status: orders.status,
      startsAt: orders.startsAt,
      endsAt: orders.endsAt,
      total: orders.total,
      currency: orders.currency,
      createdAt: orders.createdAt,
      serviceTitle: services.title,
    })
    .from(orders)
    .innerJoin(services, eq(services.id, orders.serviceId))
    .where(eq(orders.vendorId, vendorId))
    .orderBy(asc(orders.createdAt));
}
