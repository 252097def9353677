/** The pro's one answer to a plan: accept (visits are then booked ahead) or decline. */
import type { DeclinePlanBody, Plan } from '@vetted/contract';
import type { Tx } from '../../../db/client';
import type { AuthUser } from '../../../platform/types';
import { notify } from '../../notifications';
import type { PlansContext } from '../deps';
import * as msg from '../messages';
import { decidePlanAction, type PlanAction } from '../policy';
import * as repo from '../repository';
import { factsOf, visiblePlan } from './context';
import { createVisitsOf } from './create-visits';
import { freshPlan } from './present';

/**
 * In `tx`: locks the plan and checks that `role` may take `action` in its state.
 * @throws AppError 403 `wrong_actor`, 409 `invalid_plan_state`
 */
export async function lockFor(
  tx: Tx,
  id: string,
  role: 'customer' | 'vendor',
  action: PlanAction,
): Promise<repo.PlanRow> {
  const plan = await repo.lockPlan(tx, id);
  if (!plan) throw msg.planNotFound();
  const verdict = decidePlanAction(action, role, plan.status);
  if (!verdict.ok) {
    throw verdict.reason === 'wrong_actor'
      ? msg.wrongSide(verdict.by)
      : msg.invalidState(plan.status);
  }
  return plan;
}

/** Visit 1's order of the plan, or undefined. */
async function firstVisit(tx: Tx, planId: string) {
  return (await repo.visitOrders(tx, planId)).find((v) => v.visit === 1);
}

/**
 * `POST /v1/plans/{id}/accept` (its pro; 404 for anyone else, 403 for its customer, 409 unless
 * `pending`, 409 `first_visit_unpaid` before the customer paid visit 1): the plan becomes
 * `active` and keeps the card the first checkout saved; visit 1 is accepted through the order state machine (capture, start code, invites).
 * The customer is told; the visits of the next 14 days are booked at once.
 */
export async function acceptPlan(ctx: PlansContext, user: AuthUser, id: string): Promise<Plan> {
  const { view, role } = await visiblePlan(ctx, user, id);
  await ctx.inTransaction(async (tx) => {
    const plan = await lockFor(tx, id, role, 'accept');
    const now = ctx.clock.now();
    const first = await firstVisit(tx, id);
    // Like any booking, a plan reaches the pro to accept once paid: its card is then saved.
    if (first?.status !== 'paid') throw msg.firstVisitUnpaid();
    const card = await ctx.payments.savedCardOfOrder(tx, first.id);
    await repo.updatePlan(tx, id, {
      status: 'active',
      acceptedAt: now,
      updatedAt: now,
      savedPaymentMethodId: plan.savedPaymentMethodId ?? card?.id ?? null,
    });
    await ctx.visits.step(tx, { orderId: first.id, user, action: 'accept' });
    await notify(tx, [{ ...msg.answeredNotice(factsOf(view), true), key: `plan:${id}:accepted` }]);
  });
  await createVisitsOf(ctx, id);
  return freshPlan(ctx, id);
}

/**
 * `POST /v1/plans/{id}/decline` (its pro, `pending` plans): the plan becomes `declined`; visit
 * 1 is declined as any paid order is (its authorisation released in full), or, still unpaid,
 * cancelled. The customer is told, with `reason`.
 */
export async function declinePlan(
  ctx: PlansContext,
  user: AuthUser,
  id: string,
  body: DeclinePlanBody,
): Promise<Plan> {
  const { view, role } = await visiblePlan(ctx, user, id);
  await ctx.inTransaction(async (tx) => {
    await lockFor(tx, id, role, 'decline');
    const now = ctx.clock.now();
    await repo.updatePlan(tx, id, { status: 'declined', updatedAt: now });
    const first = await firstVisit(tx, id);
    if (first?.status === 'paid') {
      await ctx.visits.step(tx, {
        orderId: first.id,
        user,
        action: 'decline',
        reason: body.reason,
      });
    } else if (first?.status === 'pending_payment') {
      await ctx.visits.release(tx, first.id, 'The pro declined the plan');
    }
    await notify(tx, [
      { ...msg.answeredNotice(factsOf(view), false, body.reason), key: `plan:${id}:declined` },
    ]);
  });
  return freshPlan(ctx, id);
}
