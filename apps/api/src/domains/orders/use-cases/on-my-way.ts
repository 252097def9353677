/** "On my way": the pro tells the customer they are driving to the job, with an ETA. */
import type { OnMyWayBody, OrderDetail, OrderStatus } from '@vetted/contract';
import type { AuthUser } from '../../../platform/types';
import { notify, pushToUsers } from '../../notifications';
import * as msg from '../messages';
import * as notices from '../notices';
import * as policy from '../policy';
import * as repo from '../repository';
import { lockForChange, type OrdersContext } from './context';
import { freshDetail } from './read-order';

/** The HTTP error of a refused "On my way". */
function refusal(
  verdict: { ok: false } & policy.OnMyWayRefusal,
  status: OrderStatus,
  timeZone: string,
): Error {
  switch (verdict.reason) {
    case 'wrong_actor':
      return msg.onMyWayWrongActor();
    case 'invalid_state':
      return msg.onMyWayInvalidState(status);
    case 'too_early':
      return msg.onMyWayTooEarly(verdict.opens, timeZone);
    case 'too_late':
      return msg.onMyWayTooLate();
  }
}

/**
 * `POST /v1/orders/{id}/on-my-way`: the order's pro (or an admin) says they are on the way,
 * `etaMinutes` from now (1–240, the contract's schema). Checks, in one transaction holding the
 * order row lock: visible (404 `order_not_found`) → the pro's side (403 `wrong_actor`) →
 * accepted (409 `invalid_transition`) → the window (policy `decideOnMyWay`: 409
 * `on_my_way_too_early` / `on_my_way_too_late`). In the same transaction: the order's
 * `onMyWayAt` / `onMyWayEtaMinutes` (a later send replaces them), the customer's in-app notice
 * and an `order` realtime event to both parties, so an open order page shows it live. Answers
 * the order as the caller sees it.
 */
export async function sendOnMyWay(
  ctx: OrdersContext,
  user: AuthUser,
  id: string,
  body: OnMyWayBody,
): Promise<OrderDetail> {
  const role = await ctx.inTransaction(async (tx) => {
    const { view, role } = await lockForChange(tx, user, id);
    const o = view.order;
    const now = ctx.clock.now();
    const verdict = policy.decideOnMyWay({ role, order: o, now });
    if (!verdict.ok) throw refusal(verdict, o.status, view.vendorTimeZone);
    await repo.updateOrder(tx, id, {
      onMyWayAt: now,
      onMyWayEtaMinutes: body.etaMinutes,
      updatedAt: now,
    });
    await notify(tx, [
      notices.onMyWayNotice({
        orderId: id,
        customerId: o.customerId,
        businessName: view.businessName,
        timeZone: view.vendorTimeZone,
        at: now,
        etaMinutes: body.etaMinutes,
      }),
    ]);
    await pushToUsers(tx, [o.customerId, view.vendorUserId], {
      type: 'order',
      data: { id, status: o.status },
    });
    return role;
  });
  return freshDetail(ctx, id, role);
}
