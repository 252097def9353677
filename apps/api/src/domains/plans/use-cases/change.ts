/** The customer's changes to a plan: skip one visit, pause, resume; and either side's cancel. */
import type { Plan, SkipPlanVisitBody } from '@vetted/contract';
import type { Tx } from '../../../db/client';
import type { AuthUser } from '../../../platform/types';
import { notify } from '../../notifications';
import type { PlansContext } from '../deps';
import * as msg from '../messages';
import { visitAt } from '../policy';
import * as repo from '../repository';
import { lockFor } from './answer';
import { factsOf, visiblePlan } from './context';
import { createVisitsOf } from './create-visits';
import { freshPlan } from './present';

/** Order states a visit is still coming in (cancelling it means something). */
const UPCOMING = ['pending_payment', 'paid', 'accepted'] as const;
const isUpcoming = (s: string) => (UPCOMING as readonly string[]).includes(s);

/**
 * `POST /v1/plans/{id}/skip` (its customer; pending, active or paused plans): `startsAt` must be
 * a future visit of the plan (400 `not_a_visit`, 409 `visit_started`). When its order exists it
 * is cancelled under the published cancellation policy, as the customer's own cancel would be
 * (refused with that policy's 409 when too late); the skip is recorded either way, so the
 * visit is never booked and shows as skipped. The pro is told.
 */
export async function skipPlanVisit(
  ctx: PlansContext,
  user: AuthUser,
  id: string,
  body: SkipPlanVisitBody,
): Promise<Plan> {
  const { view, role } = await visiblePlan(ctx, user, id);
  const at = new Date(body.startsAt);
  await ctx.inTransaction(async (tx) => {
    const plan = await lockFor(tx, id, role, 'skip');
    const now = ctx.clock.now();
    const visit = visitAt(plan, at);
    if (!visit) throw msg.notAVisit();
    if (at.getTime() <= now.getTime()) throw msg.visitPast();
    const order = (await repo.visitOrders(tx, id)).find((o) => o.visit === visit.visit);
    if (order && isUpcoming(order.status)) {
      const step = await ctx.visits.step(tx, {
        orderId: order.id,
        user,
        action: 'cancel',
        reason: 'Visit skipped',
      });
      if (!step.ok) throw msg.skipRefused(step.error);
    }
    await repo.insertSkip(tx, id, at, now);
    const notice = msg.customerChangeNotice(factsOf(view), { kind: 'skipped', startsAt: at });
    await notify(tx, [{ ...notice, key: `plan:${id}:skip:${at.toISOString()}` }]);
  });
  return freshPlan(ctx, id);
}

/** In `tx`: the plan's future unpaid visits cancelled by the plan (paid ones stay). */
async function releaseUnpaid(ctx: PlansContext, tx: Tx, id: string, note: string) {
  const now = ctx.clock.now().getTime();
  for (const o of await repo.visitOrders(tx, id)) {
    if (o.status === 'pending_payment' && o.startsAt.getTime() > now) {
      await ctx.visits.release(tx, o.id, note);
    }
  }
}

/**
 * `POST /v1/plans/{id}/pause` (its customer, `active` plans): no visit is booked while paused,
 * and the visits already booked but not yet paid (not authorised) are cancelled, freeing their
 * slots; paid visits stay booked (skip or cancel them one by one). The pro is told.
 */
export async function pausePlan(ctx: PlansContext, user: AuthUser, id: string): Promise<Plan> {
  const { view, role } = await visiblePlan(ctx, user, id);
  await ctx.inTransaction(async (tx) => {
    await lockFor(tx, id, role, 'pause');
    const now = ctx.clock.now();
    await repo.updatePlan(tx, id, { status: 'paused', pausedAt: now, updatedAt: now });
    await releaseUnpaid(ctx, tx, id, 'Plan paused');
    const notice = msg.customerChangeNotice(factsOf(view), { kind: 'paused' });
    await notify(tx, [{ ...notice, key: `plan:${id}:paused:${now.toISOString()}` }]);
  });
  return freshPlan(ctx, id);
}

/**
 * `POST /v1/plans/{id}/resume` (its customer, `paused` plans): active again; visits from now on
 * are booked ahead as before (those that fell in the pause are not booked). The pro is told.
 */
export async function resumePlan(ctx: PlansContext, user: AuthUser, id: string): Promise<Plan> {
  const { view, role } = await visiblePlan(ctx, user, id);
  await ctx.inTransaction(async (tx) => {
    await lockFor(tx, id, role, 'resume');
    const now = ctx.clock.now();
    await repo.updatePlan(tx, id, { status: 'active', pausedAt: null, updatedAt: now });
    const notice = msg.customerChangeNotice(factsOf(view), { kind: 'resumed' });
    await notify(tx, [{ ...notice, key: `plan:${id}:resumed:${now.toISOString()}` }]);
  });
  await createVisitsOf(ctx, id);
  return freshPlan(ctx, id);
}

/**
 * `POST /v1/plans/{id}/cancel` (its customer or pro; pending, active or paused plans): the
 * plan ends; every future visit is cancelled under the published cancellation policy as that
 * side's cancel (the pro's: full refund; the customer's: the policy's band), unpaid ones simply
 * cancelled. The other side is told.
 */
export async function cancelPlan(ctx: PlansContext, user: AuthUser, id: string): Promise<Plan> {
  const { view, role } = await visiblePlan(ctx, user, id);
  await ctx.inTransaction(async (tx) => {
    await lockFor(tx, id, role, 'cancel');
    const now = ctx.clock.now();
    await repo.updatePlan(tx, id, { status: 'cancelled', cancelledAt: now, updatedAt: now });
    await releaseUnpaid(ctx, tx, id, 'Plan cancelled');
    for (const o of await repo.visitOrders(tx, id)) {
      if (o.startsAt.getTime() <= now.getTime() || !isUpcoming(o.status)) continue;
      // A visit the policy no longer lets this side cancel stays booked.
      await ctx.visits.step(tx, {
        orderId: o.id,
        user,
        action: 'cancel',
        reason: 'Plan cancelled',
      });
    }
    await notify(tx, [
      { ...msg.cancelledNotice(factsOf(view), role), key: `plan:${id}:cancelled` },
    ]);
  });
  return freshPlan(ctx, id);
}
