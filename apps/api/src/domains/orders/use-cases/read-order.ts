/** Reading orders: one order's detail as its caller may see it, and the lists of each side. */
import {
  noShowDisputableUntil,
  type Order,
  type OrderDetail,
  type OrderStatus,
} from '@vetted/contract';
import type { AuthUser } from '../../../platform/types';
import { tipNote } from '../../../shared/timeline';
import { orderReviewState } from '../../reviews';
import * as msg from '../messages';
import * as noShowRules from '../no-show-policy';
import * as policy from '../policy';
import * as repo from '../repository';
import { type OrdersContext, visible } from './context';
import { extrasDetail } from './change-order-reads';
import { planOfOrder } from './plan-of-order';

/** The contract `Order` of order `id`. @throws AppError 404 `order_not_found` */
export async function orderDto(ctx: OrdersContext, id: string): Promise<Order> {
  const view = await repo.loadOrderView(ctx.db, id);
  if (!view) throw msg.orderNotFound();
  return repo.toOrderDto(view);
}

/** The detail as `role` may see it (the start code and cancel refund are the customer's). */
export async function detail(
  ctx: OrdersContext,
  view: repo.OrderView,
  role: policy.OrderRole,
): Promise<OrderDetail> {
  const { db, clock, payments } = ctx;
  const [events, payment, reviewState] = await Promise.all([
    repo.listEvents(db, view.order.id),
    payments.paymentOf(db, view.order.id),
    // The order's review, and whether its customer may still write one.
    orderReviewState(db, view.order.id, role, clock.now()),
  ]);
  const o = view.order;
  const isCustomer = role === 'customer';
  const refund = isCustomer ? policy.refundIfCancelledNow(o, role, clock.now()) : null;
  // The customer's tip, and a new time the pro has not answered yet.
  const tip = await payments.tipOf(db, o.id);
  // A plan's visit: which one, of which plan ("Visit 3 of a weekly plan").
  const plan = await planOfOrder(db, o);
  // Extras during the job, and the quote this order books (its line items).
  const extras = await extrasDetail(db, view, role);
  // The tip's timeline entry is the one the capture wrote with the tip's note (shared
  // `tipNote`): order events carry no kind of their own.
  const tipEventNote = tip ? tipNote(tip.amount.amount, tip.amount.currency, tip.cardLast4) : null;
  return {
    ...repo.toOrderDto(view),
    events: events.map((e) => ({
      status: e.status,
      at: e.createdAt.toISOString(),
      note: e.note,
      kind: e.note !== null && e.note === tipEventNote ? ('tip' as const) : ('status' as const),
    })),
    payment,
    startCode: isCustomer && o.status === 'accepted' ? o.startCode : null,
    cancelRefund: refund === null ? null : { amount: refund, currency: o.currency },
    reschedule:
      o.previousStartsAt && o.previousEndsAt
        ? {
            previousStartsAt: o.previousStartsAt.toISOString(),
            previousEndsAt: o.previousEndsAt.toISOString(),
            rescheduledAt: (o.rescheduledAt ?? o.updatedAt).toISOString(),
          }
        : null,
    tip,
    ...reviewState,
    onMyWay: onMyWayDto(o),
    plan,
    ...noShowFields(o, role, clock.now()),
    ...extras,
  };
}

/**
 * The order's no-show (contract `orderNoShowSchema`) and whether the caller's side may record
 * one now (`decideNoShow` with the service clock: the pro marks the customer, the customer
 * reports the pro). The fee is the policy's share of the service price for a customer no-show.
 */
function noShowFields(o: repo.OrderRow, role: policy.OrderRole, now: Date) {
  const may = (missing: 'customer' | 'vendor') =>
    noShowRules.decideNoShow({ role, missing, order: o, now }).ok;
  const byCustomer = o.noShowBy === 'customer';
  return {
    noShow:
      o.noShowBy && o.noShowAt
        ? {
            by: o.noShowBy,
            at: o.noShowAt.toISOString(),
            fee: byCustomer
              ? { amount: noShowRules.noShowMoney('customer', o).fee, currency: o.currency }
              : null,
            disputableUntil: byCustomer ? noShowDisputableUntil(o.noShowAt).toISOString() : null,
            disputedAt: o.noShowDisputedAt?.toISOString() ?? null,
          }
        : null,
    canMarkNoShow: may('customer'),
    canReportNoShow: may('vendor'),
  };
}

/** The order's current "On my way" (policy `currentOnMyWay`) as the contract spells it. */
function onMyWayDto(o: repo.OrderRow): OrderDetail['onMyWay'] {
  const current = policy.currentOnMyWay(o);
  return current ? { at: current.at.toISOString(), etaMinutes: current.etaMinutes } : null;
}

/**
 * Re-reads the order after a change and answers its detail as `role` sees it.
 * @throws AppError 404 `order_not_found`
 */
export async function freshDetail(
  ctx: OrdersContext,
  id: string,
  role: policy.OrderRole,
): Promise<OrderDetail> {
  const fresh = await repo.loadOrderView(ctx.db, id);
  if (!fresh) throw msg.orderNotFound();
  return detail(ctx, fresh, role);
}

/**
 * Newest first. A customer sees their own orders; a vendor the orders of their profile that
 * were ever paid (an unpaid checkout is not a booking: the vendor hears of an order once it
 * is paid); an admin every order.
 */
export async function listOrders(
  ctx: OrdersContext,
  user: AuthUser,
  query: { page: number; pageSize: number; status?: OrderStatus },
) {
  let scope: repo.OrderListScope;
  if (user.role === 'customer') scope = { kind: 'customer', customerId: user.id };
  else if (user.role === 'vendor') {
    const vendorId = await repo.vendorProfileIdOf(ctx.db, user.id);
    if (!vendorId) {
      return { items: [], page: query.page, pageSize: query.pageSize, total: 0, totalPages: 0 };
    }
    scope = { kind: 'vendor', vendorId };
  } else scope = { kind: 'all' };
  const { rows, total } = await repo.listOrders(ctx.db, scope, query);
  return {
    items: rows.map(repo.toOrderDto),
    page: query.page,
    pageSize: query.pageSize,
    total,
    totalPages: Math.ceil(total / query.pageSize),
  };
}

/**
 * One order with its events and payment, for its customer, its vendor or an admin.
 * @throws AppError 404 `order_not_found` (also for an order that is none of the caller's)
 */
export async function getOrder(
  ctx: OrdersContext,
  user: AuthUser,
  id: string,
): Promise<OrderDetail> {
  const { view, role } = await visible(ctx, user, id);
  return detail(ctx, view, role);
}
