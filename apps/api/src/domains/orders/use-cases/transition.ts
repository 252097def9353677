/**
 * One step of the order state machine (`POST /v1/orders/{id}/transitions`), and the quote of
 * what cancelling now would do.
 */
import type { CancellationQuote, OrderDetail, OrderTransitionBody } from '@vetted/contract';
import { v7 as uuidv7 } from 'uuid';
import type { DbOrTx } from '../../../db/client';
import type { AuthUser } from '../../../platform/types';
import { enqueueCalendarMail } from '../../calendar';
import { notify, pushToUsers } from '../../notifications';
import { newStartCode } from '../codes';
import * as msg from '../messages';
import * as notices from '../notices';
import * as policy from '../policy';
import * as repo from '../repository';
import { settleExtrasOnEnd } from './change-order-lifecycle';
import { lockForChange, offerFreedDay, type OrdersContext, visible } from './context';
import { freshDetail } from './read-order';

/** The HTTP error of a transition the state machine refused. */
function transitionRefusal(
  verdict: { ok: false } & policy.TransitionRefusal,
  action: policy.OrderAction,
  view: repo.OrderView,
): Error {
  switch (verdict.reason) {
    case 'wrong_actor':
      return msg.wrongActor(action, verdict.by);
    case 'invalid_transition':
      return msg.invalidTransition(action, view.order.status);
    case 'too_early':
      return msg.tooEarlyToStart(verdict.earliest, view.vendorTimeZone);
    case 'slot_started':
      return msg.cancelTooLate();
  }
}

/**
 * For `start`: checks the customer's code. A wrong one is counted (and may lock `start`) in
 * `tx` before the caller answers 400, so the count survives the refusal.
 * @returns whether the code was right
 * @throws AppError 400 `start_code_required`, 429 `start_code_locked`
 */
async function checkStartCode(
  tx: DbOrTx,
  view: repo.OrderView,
  startCode: string | undefined,
  now: Date,
): Promise<boolean> {
  const o = view.order;
  const check = policy.checkStartCode(
    { code: o.startCode, failures: o.startCodeFailures, lockedUntil: o.startCodeLockedUntil },
    startCode,
    now,
  );
  if (check.result === 'missing') throw msg.startCodeRequired();
  if (check.result === 'locked') throw msg.startCodeLocked(check.until, view.vendorTimeZone);
  if (check.result === 'wrong') {
    await repo.updateOrder(tx, o.id, {
      startCodeFailures: check.failures,
      startCodeLockedUntil: check.lockedUntil,
    });
    return false;
  }
  return true;
}

/** What {@link applyTransition} is given. */
interface Step {
  /** The order's id as the request named it. */
  id: string;
  user: AuthUser;
  view: repo.OrderView;
  role: policy.OrderRole;
  body: OrderTransitionBody;
  verdict: { to: repo.OrderRow['status']; money: policy.MoneyEffect };
  now: Date;
}

/**
 * In `tx`: the status change, an `order_events` row, the money job, the notices to the other
 * side, an `order` realtime event to both parties, and a freed slot offered to its waitlist.
 */
export async function applyTransition(ctx: OrdersContext, tx: DbOrTx, s: Step): Promise<void> {
  const { id, user, view, role, body, verdict, now } = s;
  const o = view.order;
  await repo.updateOrder(tx, id, {
    status: verdict.to,
    holdExpiresAt: null,
    updatedAt: now,
    // The code exists only while the job awaits its start.
    startCode: body.action === 'accept' ? newStartCode() : null,
    startCodeFailures: 0,
    startCodeLockedUntil: null,
    // Any step of the state machine answers a pending new time: accepting or
    // starting keeps it, cancelling or declining ends the booking.
    previousStartsAt: null,
    previousEndsAt: null,
  });
  const band = body.action === 'cancel' ? policy.cancellationBand(o, role, now) : null;
  await repo.insertEvent(tx, {
    id: uuidv7(),
    createdAt: now,
    orderId: id,
    status: verdict.to,
    actorId: user.id,
    note: body.reason || (band ? notices.cancelNote(role, band, o.currency) : null),
  });
  const money = verdict.money;
  if (money.kind === 'capture') await ctx.payments.requestCapture(tx, id, user.id);
  if (money.kind === 'void') await ctx.payments.requestVoid(tx, id, user.id);
  if (money.kind === 'refund') {
    await ctx.payments.requestRefund(tx, id, money.amount, notices.refundReason(role), user.id);
  }
  // Extras: captured with a completed job, released when it ends otherwise.
  await settleExtrasOnEnd(ctx, tx, { orderId: id, to: verdict.to, actorId: user.id, now });
  const facts: notices.NoticeFacts = {
    orderId: id,
    customerId: o.customerId,
    vendorUserId: view.vendorUserId,
    customerName: view.customerName,
    businessName: view.businessName,
    serviceTitle: view.serviceTitle,
    startsAt: o.startsAt,
    timeZone: view.vendorTimeZone,
    total: o.total,
    currency: o.currency,
    from: o.status,
    to: verdict.to,
  };
  await notify(tx, notices.transitionNotices(body.action, role, facts, money));
  // Accepted: the mail whose invite confirms the receipt's tentative event.
  if (verdict.to === 'accepted') await enqueueCalendarMail(tx, id, 'accepted', ctx);
  // A booking the customer holds an invite for (its receipt) is off: the mail that removes it.
  if ((verdict.to === 'cancelled' || verdict.to === 'declined') && o.status !== 'pending_payment') {
    await enqueueCalendarMail(tx, id, 'cancelled', ctx);
  }
  await pushToUsers(tx, [o.customerId, view.vendorUserId], {
    type: 'order',
    data: { id, status: verdict.to },
  });
  // The slot is free again: the day's waitlist gets the first chance at it.
  if (verdict.to === 'cancelled' || verdict.to === 'declined') {
    await offerFreedDay(ctx, tx, view, o.startsAt, now);
  }
}

/**
 * Applies one action of the state machine (`policy.decideTransition`) in one transaction
 * holding the order row lock. Checks, in order: visible (404 `order_not_found`) → right
 * side (403 `wrong_actor`) → right state (409 `invalid_transition`) → time rules (409
 * `too_early_to_start`, `cancel_too_late`) → for `start`, the customer's code (400
 * `start_code_required` / `wrong_start_code`, 429 `start_code_locked`; a wrong code is
 * counted even though the answer is an error). In the same transaction: the status change,
 * an `order_events` row, the money job (accept → capture; decline / cancel of a paid order →
 * void; cancel of an accepted one → refund per the refund policy), notifications to the
 * other side and an `order` realtime event to both parties. Accept issues the start code.
 */
export async function transitionOrder(
  ctx: OrdersContext,
  user: AuthUser,
  id: string,
  body: OrderTransitionBody,
): Promise<OrderDetail> {
  const outcome = await ctx.inTransaction(async (tx) => {
    const { view, role } = await lockForChange(tx, user, id);
    const now = ctx.clock.now();
    const verdict = policy.decideTransition({ action: body.action, role, order: view.order, now });
    if (!verdict.ok) throw transitionRefusal(verdict, body.action, view);
    if (body.action === 'start' && !(await checkStartCode(tx, view, body.startCode, now))) {
      return { kind: 'wrong_start_code' as const };
    }
    await applyTransition(ctx, tx, { id, user, view, role, body, verdict, now });
    return { kind: 'done' as const, role };
  });
  if (outcome.kind === 'wrong_start_code') throw msg.wrongStartCode();
  return freshDetail(ctx, id, outcome.role);
}

/**
 * `GET /v1/orders/{id}/cancellation`: what cancelling now would do, for the
 * caller — the band of the published policy (contract `cancellationDecision`, the function
 * `transition` applies), the refund in minor units, the share, and when the band ends. 404
 * when the order is none of the caller's; 409 `invalid_transition` when an order in its
 * state cannot be cancelled (in progress, completed, cancelled…).
 */
export async function cancellationQuote(
  ctx: OrdersContext,
  user: AuthUser,
  id: string,
): Promise<CancellationQuote> {
  const { view, role } = await visible(ctx, user, id);
  const o = view.order;
  const d = policy.cancellationBand(o, role, ctx.clock.now());
  if (!d) throw msg.invalidTransition('cancel', o.status);
  return {
    allowed: d.allowed,
    band: d.band.id,
    label: d.band.label,
    reason: notices.quoteReason(d, role, o.currency),
    refund: { amount: d.refund, currency: o.currency },
    share: { of: d.band.refund.of, bps: d.band.refund.bps },
    money: d.money,
    deadline: d.deadline?.toISOString() ?? null,
  };
}
