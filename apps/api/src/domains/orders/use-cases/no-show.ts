/**
 * No-shows: the pro marks "Customer not there", the customer reports "Pro didn't come", and the
 * customer disputes a no-show fee to support. Rules: no-show-policy.ts (numbers: the contract's
 * `NO_SHOW_POLICY`, the one `/refund` prints).
 */
import type { DisputeNoShowBody, OrderDetail } from '@vetted/contract';
import { v7 as uuidv7 } from 'uuid';
import type { Tx } from '../../../db/client';
import type { AuthUser } from '../../../platform/types';
import { formatMoney } from '../../../shared/money';
import { enqueueCalendarMail } from '../../calendar';
import { enqueueMail } from '../../mail';
import { notify, pushToUsers } from '../../notifications';
import * as text from '../no-show-messages';
import * as rules from '../no-show-policy';
import * as repo from '../repository';
import { lockForChange, offerFreedDay, type OrdersContext } from './context';
import { settleExtrasOnEnd } from './change-order-lifecycle';
import { freshDetail } from './read-order';

type Missing = 'customer' | 'vendor';

/** The facts the notices name, from a locked order's view. */
function noticeFacts(view: repo.OrderView): text.NoShowNoticeFacts {
  const o = view.order;
  return {
    orderId: o.id,
    reference: o.reference,
    customerId: o.customerId,
    vendorUserId: view.vendorUserId,
    customerName: view.customerName,
    businessName: view.businessName,
    serviceTitle: view.serviceTitle,
  };
}

/**
 * In one transaction holding the order row lock: checks the rule (`decideNoShow`), records the
 * no-show (`no_show_by` = the side that did not come, `no_show_at` = now), cancels the order
 * with an `order_events` row, queues the refund through the payments domain, tells the other
 * side (in-app notice + mail) and pushes an `order` frame to both parties, then frees the slot.
 *
 * The order ends `cancelled` (then `refunded` once the payments domain confirmed the refund,
 * as every cancelled booking with a refund does): the job never took place, so it is not
 * `completed` — which would open a review and a tip — and every screen already reads a
 * cancelled booking with a partial or full refund. No new status is needed.
 * @throws AppError 404 `order_not_found`, 403 `wrong_actor`, 409 `no_show_recorded` /
 *   `invalid_transition` / `no_show_too_early`
 */
async function recordNoShow(
  ctx: OrdersContext,
  user: AuthUser,
  id: string,
  missing: Missing,
): Promise<OrderDetail> {
  const role = await ctx.inTransaction(async (tx) => {
    const { view, role } = await lockForChange(tx, user, id);
    const o = view.order;
    const now = ctx.clock.now();
    const verdict = rules.decideNoShow({ role, missing, order: o, now });
    if (!verdict.ok) throw text.noShowRefusal(verdict, missing, o.status, view.vendorTimeZone);
    const money = rules.noShowMoney(missing, o);
    await repo.updateOrder(tx, id, {
      status: 'cancelled',
      noShowBy: missing,
      noShowAt: now,
      startCode: null,
      startCodeFailures: 0,
      startCodeLockedUntil: null,
      previousStartsAt: null,
      previousEndsAt: null,
      updatedAt: now,
    });
    const fee = formatMoney(money.fee, o.currency);
    const refund = formatMoney(money.refund, o.currency);
    await repo.insertEvent(tx, {
      id: uuidv7(),
      createdAt: now,
      orderId: id,
      status: 'cancelled',
      actorId: user.id,
      note:
        missing === 'customer'
          ? `Customer not there: no-show fee of ${fee} charged, ${refund} refunded`
          : `Pro did not come: full refund of ${refund}`,
    });
    // The pro bears the refund (the ledger's default bearer): the fee, if any, stays theirs.
    if (money.refund > 0) {
      const reason = missing === 'customer' ? 'No-show by the customer' : 'No-show by the pro';
      await ctx.payments.requestRefund(tx, id, money.refund, reason, user.id);
    }
    // No job, no extras: their holds are released, open ones cancelled.
    await settleExtrasOnEnd(ctx, tx, { orderId: id, to: 'cancelled', actorId: user.id, now });
    await tellOtherSide(ctx, tx, view, missing, { fee, refund });
    await enqueueCalendarMail(tx, id, 'cancelled', ctx);
    await pushToUsers(tx, [o.customerId, view.vendorUserId], {
      type: 'order',
      data: { id, status: 'cancelled' },
    });
    await offerFreedDay(ctx, tx, view, o.startsAt, now);
    return role;
  });
  return freshDetail(ctx, id, role);
}

/** In `tx`: the in-app notice and the mail to the side that did not record the no-show. */
async function tellOtherSide(
  ctx: OrdersContext,
  tx: Tx,
  view: repo.OrderView,
  missing: Missing,
  amounts: { fee: string; refund: string },
): Promise<void> {
  const facts = noticeFacts(view);
  const notice =
    missing === 'customer'
      ? text.customerMarkedNotice(facts, amounts.fee, amounts.refund)
      : text.vendorReportedNotice(facts, amounts.refund);
  await notify(tx, [notice]);
  const parties = await repo.loadOrderFacts(tx, view.order.id);
  if (!parties) return;
  const to = missing === 'customer' ? parties.customerEmail : parties.vendorEmail;
  await enqueueMail(tx, text.noticeMail(to, notice, ctx.config.publicUrl), `${notice.key}:mail`);
}

/**
 * `POST /v1/orders/{id}/no-show`: the order's pro marks "Customer not there" (see
 * {@link recordNoShow}). Money: the payment was captured when the pro accepted, so the customer
 * gets `subtotal − fee` back (fee: `NO_SHOW_POLICY.feeBps` of the service price) and the
 * booking fee is kept — the late-cancellation outcome, refunded vendor-first by the ledger.
 */
export function markNoShow(ctx: OrdersContext, user: AuthUser, id: string): Promise<OrderDetail> {
  return recordNoShow(ctx, user, id, 'customer');
}

/**
 * `POST /v1/orders/{id}/report-no-show`: the order's customer reports the pro did not come (see
 * {@link recordNoShow}): the whole total is refunded, booking fee included, like a cancellation
 * by the pro, and the order counts in the pro's "No-shows (90 days)".
 */
export function reportNoShow(ctx: OrdersContext, user: AuthUser, id: string): Promise<OrderDetail> {
  return recordNoShow(ctx, user, id, 'vendor');
}

/**
 * `POST /v1/orders/{id}/no-show/dispute`: the customer disputes their no-show fee. In one
 * transaction holding the order lock: the rule (`decideDispute`: the customer's own fee, once,
 * within 48 h), `no_show_disputed_at`, an order event and the pro's notice. Then, once that
 * committed, a support chat with `reason` as its first message through the conversations
 * domain (`ctx.support`), so support sees it in their inbox; the order records the dispute
 * even if opening the chat failed, and the customer can still write to support.
 * @throws AppError 404, 403 `wrong_actor`, 409 `no_show_not_recorded` / `no_show_disputed` /
 *   `no_show_dispute_closed`
 */
export async function disputeNoShow(
  ctx: OrdersContext,
  user: AuthUser,
  id: string,
  body: DisputeNoShowBody,
): Promise<OrderDetail> {
  const { role, reference } = await ctx.inTransaction(async (tx) => {
    const { view, role } = await lockForChange(tx, user, id);
    const o = view.order;
    const now = ctx.clock.now();
    const verdict = rules.decideDispute({ role, order: o, now });
    if (!verdict.ok) throw text.disputeRefusal(verdict, view.vendorTimeZone);
    await repo.updateOrder(tx, id, { noShowDisputedAt: now, updatedAt: now });
    await repo.insertEvent(tx, {
      id: uuidv7(),
      createdAt: now,
      orderId: id,
      status: o.status,
      actorId: user.id,
      note: 'No-show fee disputed: sent to Vetted support',
    });
    await notify(tx, [text.disputedNotice(noticeFacts(view))]);
    await pushToUsers(tx, [o.customerId, view.vendorUserId], {
      type: 'order',
      data: { id, status: o.status },
    });
    return { role, reference: o.reference };
  });
  if (ctx.support) {
    await ctx.support.openChat(user, text.disputeSubject(reference), body.reason);
  } else {
    ctx.log.warn({ orderId: id }, 'no support desk wired: dispute recorded on the order only');
  }
  return freshDetail(ctx, id, role);
}
