/** The pro's answer to a customer's new time: confirm it or decline it. */
import type { OrderDetail, OrderStatus } from '@vetted/contract';
import { v7 as uuidv7 } from 'uuid';
import type { DbOrTx } from '../../../db/client';
import type { AuthUser } from '../../../platform/types';
import { blockingOrders } from '../../scheduling';
import { enqueueCalendarMail } from '../../calendar';
import { notify, pushToUsers } from '../../notifications';
import { scheduleReminders } from '../../reminders';
import * as msg from '../messages';
import * as notices from '../notices';
import * as policy from '../policy';
import * as repo from '../repository';
import { lockForChange, offerFreedDay, type OrdersContext } from './context';
import { freshDetail } from './read-order';
import { rescheduleFacts } from './reschedule';

/** The HTTP error of a refused answer to a new time. */
function answerRefusal(
  verdict: { ok: false } & policy.RescheduleRefusal,
  status: OrderStatus,
): Error {
  if (verdict.reason === 'wrong_actor') return msg.rescheduleWrongActor(verdict.by);
  if (verdict.reason === 'nothing_pending') return msg.nothingToAnswer();
  return msg.rescheduleInvalidState(status);
}

/**
 * In `tx`: the booking is cancelled because the pro could keep neither time: everything back,
 * like any pro cancellation (a paid order's hold released, an accepted one's total refunded).
 */
async function cancelForNoTime(
  ctx: OrdersContext,
  tx: DbOrTx,
  id: string,
  o: repo.OrderRow,
  actorId: string,
  clear: { previousStartsAt: null; previousEndsAt: null; updatedAt: Date },
): Promise<policy.MoneyEffect> {
  await repo.updateOrder(tx, id, {
    ...clear,
    status: 'cancelled',
    holdExpiresAt: null,
    startCode: null,
    startCodeFailures: 0,
    startCodeLockedUntil: null,
  });
  if (o.status === 'paid') {
    await ctx.payments.requestVoid(tx, id, actorId);
    return { kind: 'void' };
  }
  await ctx.payments.requestRefund(tx, id, o.total, notices.rescheduleRefundReason, actorId);
  return { kind: 'refund', amount: o.total };
}

/** In `tx`: the decline of order `id`'s new time by `user`; returns the caller's relation. */
async function decline(
  ctx: OrdersContext,
  tx: DbOrTx,
  user: AuthUser,
  id: string,
): Promise<policy.OrderRole> {
  const { view, role } = await lockForChange(tx, user, id);
  const o = view.order;
  const now = ctx.clock.now();
  const verdict = policy.decideRescheduleAnswer({ role, order: o });
  if (!verdict.ok) throw answerRefusal(verdict, o.status);
  const previous = { startsAt: o.previousStartsAt!, endsAt: o.previousEndsAt! };
  const previousFree =
    (await blockingOrders(tx, o.vendorId, previous, now, o.id, o.customerId)).length === 0;
  const outcome = policy.declineOutcome({
    previousStartsAt: previous.startsAt,
    previousFree,
    now,
  });
  const clear = { previousStartsAt: null, previousEndsAt: null, updatedAt: now };
  let money: policy.MoneyEffect = { kind: 'none' };
  if (outcome === 'restore') {
    await repo.updateOrder(tx, id, { ...clear, ...previous });
    // Back at the agreed slot: its reminders (those queued for it before are not queued twice).
    const timeZone = view.vendorTimeZone;
    await scheduleReminders(tx, { orderId: id, startsAt: previous.startsAt, timeZone, now });
  } else money = await cancelForNoTime(ctx, tx, id, o, user.id, clear);
  const restored = outcome === 'restore';
  await repo.insertEvent(tx, {
    id: uuidv7(),
    createdAt: now,
    orderId: id,
    status: restored ? o.status : 'cancelled',
    actorId: user.id,
    note: restored
      ? notices.rescheduleRestoredNote(previous.startsAt, view.vendorTimeZone)
      : notices.rescheduleCancelledNote(),
  });
  // Neither time kept: the customer's calendar invite is withdrawn.
  if (!restored) await enqueueCalendarMail(tx, id, 'cancelled', ctx);
  await notify(tx, [
    notices.rescheduleAnswerNotice(
      rescheduleFacts(view),
      restored ? 'restored' : 'cancelled',
      o.startsAt,
      previous.startsAt,
      money,
      o.total,
      o.currency,
    ),
  ]);
  await pushToUsers(tx, [o.customerId, view.vendorUserId], {
    type: 'order',
    data: { id, status: restored ? o.status : 'cancelled' },
  });
  // The declined new time is free again (and the old one too when cancelled).
  await offerFreedDay(ctx, tx, view, o.startsAt, now);
  if (outcome === 'cancel') await offerFreedDay(ctx, tx, view, previous.startsAt, now);
  return role;
}

/**
 * `POST /v1/orders/{id}/reschedule/decline`: the pro (or an admin) declines the
 * customer's new time. Back to the previous slot when it is still free and at least
 * `LEAD_TIME_MS` ahead (`policy.declineOutcome`); otherwise the booking is cancelled with a
 * full refund (a paid one's hold released, an accepted one's total refunded through the
 * outbox). Either way: a timeline event, the customer notified, both pages refreshed, and the
 * freed day offered to its waitlist. Errors: 403 `wrong_actor` (the customer), 404, 409
 * `invalid_transition` (state) or `no_pending_reschedule`.
 */
export async function declineReschedule(
  ctx: OrdersContext,
  user: AuthUser,
  id: string,
): Promise<OrderDetail> {
  const role = await ctx.inTransaction((tx) => decline(ctx, tx, user, id));
  return freshDetail(ctx, id, role);
}

/**
 * `POST /v1/orders/{id}/reschedule/confirm`: the pro (or an admin) keeps the
 * customer's new time; the pending change is cleared, the customer told. Errors as
 * {@link declineReschedule}.
 */
export async function confirmReschedule(
  ctx: OrdersContext,
  user: AuthUser,
  id: string,
): Promise<OrderDetail> {
  const role = await ctx.inTransaction(async (tx) => {
    const { view, role } = await lockForChange(tx, user, id);
    const o = view.order;
    const now = ctx.clock.now();
    const verdict = policy.decideRescheduleAnswer({ role, order: o });
    if (!verdict.ok) throw answerRefusal(verdict, o.status);
    await repo.updateOrder(tx, id, {
      previousStartsAt: null,
      previousEndsAt: null,
      updatedAt: now,
    });
    await repo.insertEvent(tx, {
      id: uuidv7(),
      createdAt: now,
      orderId: id,
      status: o.status,
      actorId: user.id,
      note: notices.rescheduleConfirmedNote(o.startsAt, view.vendorTimeZone),
    });
    // The new time is agreed: the invite that moves it in the customer's calendar.
    await enqueueCalendarMail(tx, id, 'reschedule_confirmed', ctx);
    await notify(tx, [
      notices.rescheduleAnswerNotice(
        rescheduleFacts(view),
        'confirmed',
        o.startsAt,
        o.previousStartsAt!,
        { kind: 'none' },
        o.total,
        o.currency,
      ),
    ]);
    await pushToUsers(tx, [o.customerId, view.vendorUserId], {
      type: 'order',
      data: { id, status: o.status },
    });
    return role;
  });
  return freshDetail(ctx, id, role);
}
