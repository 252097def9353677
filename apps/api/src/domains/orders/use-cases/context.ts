/**
 * What every use case of the orders domain is given, and the steps several of them share:
 * who the caller is to an order, locking it for a change, and offering a freed day to its
 * waitlist.
 */
import type { DbOrTx, Tx } from '../../../db/client';
import { withTransactionRetry } from '../../../db/transaction';
import type { AuthUser } from '../../../platform/types';
import { localDate } from '../../../shared/time';
import type { SlotCheckRefusal } from '../../scheduling';
import { offerFreedSlots } from '../../waitlist';
import type { OrdersDeps } from '../deps';
import * as msg from '../messages';
import type * as policy from '../policy';
import * as repo from '../repository';
import { lockVendorProfile } from '../../vendors';

/** The deps of the orders domain, with its transaction runner. */
export interface OrdersContext extends OrdersDeps {
  /**
   * Runs a use case's transaction, again when PostgreSQL aborts it for a deadlock or a
   * serialisation failure (db/transaction.ts: lock order, retry).
   */
  inTransaction<T>(fn: (tx: Tx) => Promise<T>): Promise<T>;
}

/** The context of `deps`: one per `createOrdersService`. */
export function ordersContext(deps: OrdersDeps): OrdersContext {
  return {
    ...deps,
    inTransaction: (fn) => withTransactionRetry(deps.db, fn, { log: deps.log }),
  };
}

/**
 * How `user` relates to the order, or null when it is none of theirs. Callers answer 404 for
 * null so other people's order ids are indistinguishable from unknown ones.
 */
export function relationTo(view: repo.OrderView, user: AuthUser): policy.OrderRole | null {
  if (user.role === 'admin') return 'admin';
  if (user.role === 'customer' && view.order.customerId === user.id) return 'customer';
  if (user.role === 'vendor' && view.vendorUserId === user.id) return 'vendor';
  return null;
}

/**
 * The HTTP error of a slot the catalogue's `checkSlot` refused (the slot picker's own
 * rules). `taken` is the caller's choice: booking and moving word it differently.
 */
export function slotRefusal(
  refusal: { reason: SlotCheckRefusal; horizonDays: number },
  taken: () => Error,
): Error {
  switch (refusal.reason) {
    case 'not_bookable':
      return msg.serviceNotFound();
    case 'off_grid':
      return msg.offGridSlot();
    case 'beyond_horizon':
      return msg.slotBeyondHorizon(refusal.horizonDays);
    case 'too_soon':
      return msg.slotTooSoon();
    case 'taken':
      return taken();
  }
}

/** The order and the caller's relation to it. @throws AppError 404 `order_not_found` */
export async function visible(ctx: OrdersContext, user: AuthUser, id: string) {
  const view = await repo.loadOrderView(ctx.db, id);
  const role = view ? relationTo(view, user) : null;
  if (!view || !role) throw msg.orderNotFound();
  return { view, role };
}

/**
 * In `tx`: the order's vendor time is locked, then the order row; returns the fresh view and
 * the caller's relation (404 for none). Lock order vendor → order → payment, as payments and
 * the waitlist take them, so a cancel that frees a slot and a payment of it never deadlock.
 * @throws AppError 404 `order_not_found`
 */
export async function lockForChange(tx: DbOrTx, user: AuthUser, id: string) {
  const before = await repo.loadOrderView(tx, id);
  if (!before) throw msg.orderNotFound();
  await lockVendorProfile(tx, before.order.vendorId);
  if (!(await repo.lockOrder(tx, id))) throw msg.orderNotFound();
  const view = await repo.loadOrderView(tx, id);
  const role = view ? relationTo(view, user) : null;
  if (!view || !role) throw msg.orderNotFound();
  return { view, role };
}

/**
 * In `tx`, after the order stopped occupying `at` (cancelled, declined, moved away): offers
 * the free times of that vendor-local day to its waitlist.
 */
export function offerFreedDay(
  ctx: OrdersContext,
  tx: DbOrTx,
  view: repo.OrderView,
  at: Date,
  now: Date,
) {
  return offerFreedSlots(tx, {
    vendorId: view.order.vendorId,
    day: localDate(at, view.vendorTimeZone),
    now,
    publicUrl: ctx.config.publicUrl,
  });
}
