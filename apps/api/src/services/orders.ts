import { randomBytes } from 'node:crypto';
import {
  BOOKING_FEE_BPS,
  type CreateOrderBody,
  type Order,
  type OrderDetail,
  type OrderStatus,
  type Payment,
} from '@vetted/contract';
import { and, asc, count, desc, eq, ne, type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { DbOrTx } from '../db/client';
import { orderEvents, orders, payments, services, users, vendorProfiles } from '../db/schema';
import { AppError, badRequest, conflict, forbidden, notFound } from '../lib/errors';
import type { AuthUser } from '../plugins/auth';
import { requireBookableService } from './catalogue';
import {
  createNotifications,
  type NewNotification,
  publishNotifications,
  uuidv7,
} from './notifications';
import { paymentProvider } from './payments/providers';
import { blockingOrders, findGridSlot, HOLD_MS, LEAD_TIME_MS } from './slots';

// ─── helpers ─────────────────────────────────────────────────────────────────────────────────

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

const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** `VT-` + 6 Crockford base32 characters (30 random bits), e.g. `VT-7K2P9Q`. */
export function newOrderReference(): string {
  const bytes = randomBytes(6);
  let out = '';
  for (let i = 0; i < 6; i++) out += CROCKFORD[bytes[i]! & 31];
  return `VT-${out}`;
}

/** Booking fee in minor units: BOOKING_FEE_BPS of the subtotal, rounded half up. */
export function bookingFee(subtotal: number): number {
  return Math.round((subtotal * BOOKING_FEE_BPS) / 10_000);
}

export function formatMoney(amount: number, currency: string): string {
  return new Intl.NumberFormat('en-US', { style: 'currency', currency }).format(amount / 100);
}

/** "Mon, Nov 24, 9:00 AM" in the vendor's zone (where the job happens). */
export function formatWhen(at: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-US', {
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZone,
  }).format(at);
}

export const STATUS_LABEL: Record<OrderStatus, string> = {
  pending_payment: 'awaiting payment',
  paid: 'paid',
  accepted: 'accepted',
  in_progress: 'in progress',
  completed: 'completed',
  cancelled: 'cancelled',
  declined: 'declined',
  refunded: 'refunded',
};

export const customerOrderLink = (id: string) => `/user/history/order?id=${id}`;
export const vendorOrderLink = (id: string) => `/vendor/history/order?id=${id}`;

// ─── loading ─────────────────────────────────────────────────────────────────────────────────

export type OrderRow = typeof orders.$inferSelect;
export type PaymentRow = typeof payments.$inferSelect;

export interface OrderView {
  order: OrderRow;
  serviceTitle: string;
  serviceDuration: number;
  businessName: string;
  vendorUserId: string;
  vendorTimeZone: string;
  customerName: string;
}

function orderViewQuery(db: DbOrTx) {
  return db
    .select({
      order: orders,
      serviceTitle: services.title,
      serviceDuration: services.durationMinutes,
      businessName: vendorProfiles.businessName,
      vendorUserId: vendorProfiles.userId,
      vendorTimeZone: vendorProfiles.timeZone,
      customerName: users.fullName,
    })
    .from(orders)
    .innerJoin(services, eq(services.id, orders.serviceId))
    .innerJoin(vendorProfiles, eq(vendorProfiles.id, orders.vendorId))
    .innerJoin(users, eq(users.id, orders.customerId));
}

export async function loadOrderView(db: DbOrTx, id: string): Promise<OrderView | null> {
  const [row] = await orderViewQuery(db).where(eq(orders.id, id));
  return row ?? null;
}

export function toOrderDto(v: OrderView): Order {
  const o = v.order;
  return {
    id: o.id,
    reference: o.reference,
    status: o.status,
    service: { id: o.serviceId, title: v.serviceTitle, durationMinutes: v.serviceDuration },
    vendor: { id: o.vendorId, businessName: v.businessName, timeZone: v.vendorTimeZone },
    customer: { id: o.customerId, fullName: v.customerName },
    startsAt: o.startsAt.toISOString(),
    endsAt: o.endsAt.toISOString(),
    address: o.address,
    notes: o.notes,
    subtotal: { amount: o.subtotal, currency: o.currency },
    fee: { amount: o.fee, currency: o.currency },
    total: { amount: o.total, currency: o.currency },
    createdAt: o.createdAt.toISOString(),
  };
}

export function toPaymentDto(p: PaymentRow): Payment {
  return {
    id: p.id,
    orderId: p.orderId,
    provider: p.provider === 'stripe' ? 'stripe' : 'sandbox',
    status: p.status,
    amount: { amount: p.amount, currency: p.currency },
    cardLast4: p.cardLast4,
    failureMessage: p.failureMessage,
    testMode: paymentProvider(p.provider).testMode,
    createdAt: p.createdAt.toISOString(),
  };
}

export async function latestPayment(db: DbOrTx, orderId: string): Promise<PaymentRow | null> {
  const [row] = await db
    .select()
    .from(payments)
    .where(eq(payments.orderId, orderId))
    .orderBy(desc(payments.createdAt), desc(payments.id))
    .limit(1);
  return row ?? null;
}

export async function orderDetail(db: DbOrTx, view: OrderView): Promise<OrderDetail> {
  const [events, payment] = await Promise.all([
    db
      .select()
      .from(orderEvents)
      .where(eq(orderEvents.orderId, view.order.id))
      .orderBy(asc(orderEvents.createdAt), asc(orderEvents.id)),
    latestPayment(db, view.order.id),
  ]);
  return {
    ...toOrderDto(view),
    events: events.map((e) => ({ status: e.status, at: e.createdAt.toISOString(), note: e.note })),
    payment: payment ? toPaymentDto(payment) : null,
  };
}

/** The vendor profile id of a vendor user, or null. */
export async function vendorProfileIdOf(db: DbOrTx, userId: string): Promise<string | null> {
  const [row] = await db
    .select({ id: vendorProfiles.id })
    .from(vendorProfiles)
    .where(eq(vendorProfiles.userId, userId));
  return row?.id ?? null;
}

export type OrderRole = 'customer' | 'vendor' | 'admin';

/**
 * How `user` relates to the order, or null when it is none of theirs. Callers answer 404 for
 * null so other people's order ids are indistinguishable from unknown ones.
 */
export function relationTo(view: OrderView, user: AuthUser): OrderRole | null {
  if (user.role === 'admin') return 'admin';
  if (user.role === 'customer' && view.order.customerId === user.id) return 'customer';
  if (user.role === 'vendor' && view.vendorUserId === user.id) return 'vendor';
  return null;
}

export const orderNotFound = () => notFound('Order not found', 'order_not_found');

/** The order if `user` may see it (its customer, its vendor or an admin); 404 otherwise. */
export async function visibleOrder(
  db: DbOrTx,
  user: AuthUser,
  id: string,
): Promise<{ view: OrderView; role: OrderRole }> {
  const view = await loadOrderView(db, id);
  const role = view ? relationTo(view, user) : null;
  if (!view || !role) throw orderNotFound();
  return { view, role };
}

export async function getOrder(db: DbOrTx, user: AuthUser, id: string): Promise<OrderDetail> {
  const { view } = await visibleOrder(db, user, id);
  return orderDetail(db, view);
}

// ─── list ────────────────────────────────────────────────────────────────────────────────────

/**
 * Newest first. A customer sees their own orders; a vendor sees the orders of their profile
 * that were ever paid (`pending_payment` is a checkout in progress, not a booking, and an unpaid
 * order that was cancelled never reached them: the vendor hears of an order once it is paid);
 * an admin sees every order.
 */
export async function listOrders(
  db: DbOrTx,
  user: AuthUser,
  query: { page: number; pageSize: number; status?: OrderStatus },
) {
  const conditions: SQL[] = [];
  if (user.role === 'customer') {
    conditions.push(eq(orders.customerId, user.id));
  } else if (user.role === 'vendor') {
    const vendorId = await vendorProfileIdOf(db, user.id);
    if (!vendorId) {
      return { items: [], page: query.page, pageSize: query.pageSize, total: 0, totalPages: 0 };
    }
    conditions.push(
      eq(orders.vendorId, vendorId),
      ne(orders.status, 'pending_payment'),
      // An unpaid checkout that was abandoned or cancelled was never the vendor's business.
      sql`(${orders.status} <> 'cancelled' or exists (select 1 from payments p where p.order_id = ${orders.id} and p.status in ('succeeded', 'refunded')))`,
    );
  }
  if (query.status) conditions.push(eq(orders.status, query.status));
  const where = conditions.length ? and(...conditions) : undefined;
  const [rows, [totals]] = await Promise.all([
    orderViewQuery(db)
      .where(where)
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ n: count() }).from(orders).where(where),
  ]);
  const total = Number(totals?.n ?? 0);
  return {
    items: rows.map(toOrderDto),
    page: query.page,
    pageSize: query.pageSize,
    total,
    totalPages: Math.ceil(total / query.pageSize),
  };
}

// ─── create ──────────────────────────────────────────────────────────────────────────────────

export const slotTaken = () =>
  conflict('That time is no longer available. Pick another slot', 'slot_taken');

function sameRequest(order: OrderRow, body: CreateOrderBody): boolean {
  return (
    order.serviceId === body.serviceId &&
    order.startsAt.getTime() === Date.parse(body.startsAt) &&
    order.address === body.address &&
    (order.notes ?? null) === (body.notes || null)
  );
}

async function replayIdempotent(
  db: DbOrTx,
  customerId: string,
  key: string,
  body: CreateOrderBody,
): Promise<Order | null> {
  const [existing] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.customerId, customerId), eq(orders.idempotencyKey, key)));
  if (!existing) return null;
  const view = await loadOrderView(db, existing.id);
  if (!view) return null;
  if (!sameRequest(view.order, body)) {
    throw new AppError(
      422,
      'This Idempotency-Key was already used for a different booking',
      'idempotency_mismatch',
    );
  }
  return toOrderDto(view);
}

/** Reads and checks the optional `Idempotency-Key` header. */
export function idempotencyKeyOf(header: string | string[] | undefined): string | undefined {
  const value = Array.isArray(header) ? header[0] : header;
  if (value === undefined) return undefined;
  const key = value.trim();
  if (!key || key.length > 255) {
    throw badRequest('Idempotency-Key must be 1 to 255 characters', 'invalid_idempotency_key');
  }
  return key;
}

/**
 * Books a slot (customer only). The server prices it (service price + booking fee) and checks
 * the slot: on the service's grid and far enough ahead (else 400 `invalid_slot`), and free
 * (else 409 `slot_taken`). The free-check and the insert run in one transaction holding the
 * vendor row lock, so two bookings of one vendor are serialised. The new order holds the slot
 * for 15 minutes while unpaid. A repeated `Idempotency-Key` returns the first order.
 */
export async function createOrder(
  app: FastifyInstance,
  user: AuthUser,
  body: CreateOrderBody,
  idempotencyKey?: string,
): Promise<Order> {
  if (user.role !== 'customer')
    throw forbidden('Only customers can book services', 'customer_only');
  const db = app.db;
  if (idempotencyKey) {
    const replay = await replayIdempotent(db, user.id, idempotencyKey, body);
    if (replay) return replay;
  }

  const service = await requireBookableService(db, body.serviceId);
  const startsAt = new Date(body.startsAt);
  const slot = await findGridSlot(db, service, startsAt);
  if (!slot) {
    throw badRequest(
      "That time isn't one of this service's slots. Pick a slot from the list",
      'invalid_slot',
    );
  }
  const now = new Date();
  if (slot.startsAt.getTime() < now.getTime() + LEAD_TIME_MS) {
    throw badRequest('That time is too soon or has passed. Pick a later slot', 'invalid_slot');
  }

  const subtotal = service.price;
  const fee = bookingFee(subtotal);
  for (let attempt = 0; ; attempt++) {
    try {
      const orderId = await db.transaction(async (tx) => {
        await tx
          .select({ id: vendorProfiles.id })
          .from(vendorProfiles)
          .where(eq(vendorProfiles.id, service.vendorId))
          .for('update');
        const taken = await blockingOrders(tx, service.vendorId, slot, new Date());
        if (taken.length > 0) throw slotTaken();
        const id = uuidv7();
        await tx.insert(orders).values({
          id,
          reference: newOrderReference(),
          customerId: user.id,
          vendorId: service.vendorId,
          serviceId: service.id,
          startsAt: slot.startsAt,
          endsAt: slot.endsAt,
          address: body.address,
          notes: body.notes || null,
          subtotal,
          fee,
          total: subtotal + fee,
          currency: service.currency,
          status: 'pending_payment',
          idempotencyKey: idempotencyKey ?? null,
          holdExpiresAt: new Date(Date.now() + HOLD_MS),
        });
        await tx.insert(orderEvents).values({
          id: uuidv7(),
          orderId: id,
          status: 'pending_payment',
          actorId: user.id,
          note: 'Booking created',
        });
        return id;
      });
      const view = await loadOrderView(db, orderId);
      if (!view) throw new Error('order vanished after insert');
      return toOrderDto(view);
    } catch (err) {
      const { code, constraint } = pgError(err);
      if (code === '23505' && constraint === 'orders_customer_idempotency_uq' && idempotencyKey) {
        // A concurrent request with the same key won the race: answer with its order.
        const replay = await replayIdempotent(db, user.id, idempotencyKey, body);
        if (replay) return replay;
      }
      if (code === '23505' && constraint?.includes('reference') && attempt < 3) continue;
      throw err;
    }
  }
}

// ─── transitions ─────────────────────────────────────────────────────────────────────────────

type Action = 'accept' | 'decline' | 'start' | 'complete' | 'cancel';

interface TransitionRule {
  /** Who may do it (admins may do anything either side may). */
  by: 'vendor' | 'customer';
  from: OrderStatus[];
  to: OrderStatus;
  verb: string;
}

/**
 * ARCHITECTURE §3: pending_payment → paid → accepted → in_progress → completed; the vendor may
 * decline a paid order; the customer may cancel before acceptance (unpaid or paid).
 *
 * Refund rule: whenever money was taken and goes back (decline, or cancel of a paid order), the
 * order is refunded in full through the provider and ends in `refunded`; its events record both
 * steps (`declined`/`cancelled`, then `refunded`) and the payment becomes `refunded`. Cancelling
 * an unpaid order ends in `cancelled`.
 */
export const TRANSITIONS: Record<Action, TransitionRule> = {
  accept: { by: 'vendor', from: ['paid'], to: 'accepted', verb: 'accept' },
  decline: { by: 'vendor', from: ['paid'], to: 'declined', verb: 'decline' },
  start: { by: 'vendor', from: ['accepted'], to: 'in_progress', verb: 'start' },
  complete: { by: 'vendor', from: ['in_progress'], to: 'completed', verb: 'complete' },
  cancel: { by: 'customer', from: ['pending_payment', 'paid'], to: 'cancelled', verb: 'cancel' },
};

function transitionNotices(
  action: Action,
  view: OrderView,
  actor: OrderRole,
  refunded: boolean,
): NewNotification[] {
  const o = view.order;
  const when = formatWhen(o.startsAt, view.vendorTimeZone);
  const toCustomer = (type: string, title: string, body: string): NewNotification => ({
    userId: o.customerId,
    type,
    title,
    body,
    link: customerOrderLink(o.id),
  });
  const toVendor = (type: string, title: string, body: string): NewNotification => ({
    userId: view.vendorUserId,
    type,
    title,
    body,
    link: vendorOrderLink(o.id),
  });
  const refundLine = refunded
    ? ` Your payment of ${formatMoney(o.total, o.currency)} has been refunded in full.`
    : '';
  const out: NewNotification[] = [];
  switch (action) {
    case 'accept':
      out.push(
        toCustomer(
          'order.accepted',
          'Booking accepted',
          `${view.businessName} accepted your booking for ${view.serviceTitle} on ${when}.`,
        ),
      );
      break;
    case 'decline':
      out.push(
        toCustomer(
          'order.declined',
          'Booking declined',
          `${view.businessName} declined your booking for ${view.serviceTitle} on ${when}.${refundLine}`,
        ),
      );
      break;
    case 'start':
      out.push(
        toCustomer(
          'order.in_progress',
          'Job started',
          `${view.businessName} has started ${view.serviceTitle}.`,
        ),
      );
      break;
    case 'complete':
      out.push(
        toCustomer(
          'order.completed',
          'Job completed',
          `${view.businessName} marked ${view.serviceTitle} as completed. How did it go?`,
        ),
      );
      break;
    case 'cancel':
      // The vendor never heard of an unpaid order, so only a paid one is news to them.
      if (o.status !== 'pending_payment') {
        out.push(
          toVendor(
            'order.cancelled',
            'Booking cancelled',
            `${view.customerName} cancelled ${view.serviceTitle} on ${when}.`,
          ),
        );
      }
      if (actor === 'admin') {
        out.push(
          toCustomer(
            'order.cancelled',
            'Booking cancelled',
            `Your booking for ${view.serviceTitle} on ${when} was cancelled.${refundLine}`,
          ),
        );
      }
      break;
  }
  // An admin acting on the vendor's behalf: tell the vendor too.
  if (actor === 'admin' && action !== 'cancel') {
    out.push(
      toVendor(
        `order.${TRANSITIONS[action].to}`,
        'Booking updated',
        `An administrator set ${view.serviceTitle} on ${when} to ${STATUS_LABEL[TRANSITIONS[action].to]}.`,
      ),
    );
  }
  return out;
}

/**
 * Applies one action of the state machine. Order of checks: visible (404) → right actor (403)
 * → right state (409 `invalid_transition`). The status change is a compare-and-set on the
 * current status, so two racing requests cannot both apply. A refund (decline, cancel of a
 * paid order) is requested from the provider after that first commit and recorded in a second
 * transaction; if the provider fails, the order stays declined/cancelled with the payment
 * `succeeded` and the error is logged for an admin to retry.
 */
export async function transitionOrder(
  app: FastifyInstance,
  user: AuthUser,
  id: string,
  body: { action: Action; reason?: string },
): Promise<OrderDetail> {
  const db = app.db;
  const { view, role } = await visibleOrder(db, user, id);
  const rule = TRANSITIONS[body.action];
  if (role !== 'admin' && role !== rule.by) {
    throw forbidden(`Only the ${rule.by} can ${rule.verb} this order`, 'wrong_actor');
  }
  const from = view.order.status;
  if (!rule.from.includes(from)) {
    throw conflict(
      `You can't ${rule.verb} an order that is ${STATUS_LABEL[from]}`,
      'invalid_transition',
    );
  }
  const needsRefund = from === 'paid' && (body.action === 'decline' || body.action === 'cancel');
  const note = body.reason || null;

  const notices = transitionNotices(body.action, view, role, needsRefund);
  const created = await db.transaction(async (tx) => {
    const [updated] = await tx
      .update(orders)
      .set({ status: rule.to, holdExpiresAt: null, updatedAt: new Date() })
      .where(and(eq(orders.id, id), eq(orders.status, from)))
      .returning({ id: orders.id });
    if (!updated) {
      throw conflict(
        'This order was changed by someone else. Refresh and try again',
        'invalid_transition',
      );
    }
    await tx.insert(orderEvents).values({
      id: uuidv7(),
      orderId: id,
      status: rule.to,
      actorId: user.id,
      note,
    });
    return needsRefund ? [] : createNotifications(tx, notices);
  });
  publishNotifications(app, created);

  if (needsRefund) {
    const refundedRows = await refundOrder(app, id, user.id, notices);
    publishNotifications(app, refundedRows);
  }
  const fresh = await loadOrderView(db, id);
  if (!fresh) throw orderNotFound();
  return orderDetail(db, fresh);
}

/**
 * Refunds the succeeded payment of an order in full and marks order and payment `refunded`,
 * inserting `notices` in the same transaction. Returns the notification rows to publish.
 */
export async function refundOrder(
  app: FastifyInstance,
  orderId: string,
  actorId: string | null,
  notices: NewNotification[],
) {
  const db = app.db;
  const [payment] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.orderId, orderId), eq(payments.status, 'succeeded')))
    .limit(1);
  if (payment?.providerRef) {
    const result = await paymentProvider(payment.provider)
      .refund(payment.providerRef, payment.amount)
      .catch((err: unknown) => ({ ok: false as const, message: String(err) }));
    if (!result.ok) {
      app.log.error({ orderId, paymentId: payment.id, message: result.message }, 'refund failed');
      return db.transaction((tx) => createNotifications(tx, notices));
    }
  }
  return db.transaction(async (tx) => {
    if (payment) {
      await tx
        .update(payments)
        .set({ status: 'refunded', updatedAt: new Date() })
        .where(eq(payments.id, payment.id));
    }
    await tx
      .update(orders)
      .set({ status: 'refunded', updatedAt: new Date() })
      .where(eq(orders.id, orderId));
    await tx.insert(orderEvents).values({
      id: uuidv7(),
      orderId,
      status: 'refunded',
      actorId,
      note: payment
        ? `Refunded in full: ${formatMoney(payment.amount, payment.currency)}`
        : 'Refunded in full',
    });
    return createNotifications(tx, notices);
  });
}
