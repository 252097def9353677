/**
 * Booking a plan's visits ahead (the hourly `plans.create-visits` schedule, and at once when the
 * pro accepts): each visit up to `PLAN_POLICY.createAheadMs` ahead becomes its own order, with
 * its card authorisation and its release queued.
 */
import { enqueue } from '../../../jobs/engine';
import type { PlansContext } from '../deps';
import { planAuthorizeVisitJob } from '../jobs/authorize-visit';
import { planReleaseVisitJob } from '../jobs/release-visit';
import { PLAN_POLICY, visitDeadlines, visitStarts } from '../policy';
import * as msg from '../messages';
import * as repo from '../repository';
import { factsOf } from './context';
import { tell } from './visit-payment';

/**
 * In one transaction holding the plan's row lock: when the plan is `active`, books every visit
 * starting after its watermark (`visitsCreatedThrough`, or now when later) and no later than now
 * + 14 days, skipping the customer's skipped visits, visits past `until` and visits already
 * inside their release window (start − 24 h). Each order (orders `create`: none when another
 * booking holds the slot) gets `plans.authorize-visit` queued at start − 48 h and
 * `plans.release-visit` at start − 24 h, keyed per plan and visit. The watermark then moves to
 * the last visit considered, so a rerun books nothing twice. A plan past its `until` becomes
 * `ended`. Resolves with how many it booked.
 */
export async function createVisitsOf(ctx: PlansContext, planId: string): Promise<number> {
  return ctx.inTransaction(async (tx) => {
    const plan = await repo.lockPlan(tx, planId);
    if (plan?.status !== 'active') return 0;
    const view = await repo.loadPlanView(tx, planId);
    if (!view) return 0;
    const now = ctx.clock.now();
    // Past its last day: the plan has ended (its booked visits go on as any order).
    if (plan.until && plan.until.getTime() < now.getTime()) {
      await repo.updatePlan(tx, planId, { status: 'ended', updatedAt: now });
      return 0;
    }
    const watermark = (plan.visitsCreatedThrough ?? plan.startsAt).getTime() + 1;
    const due = visitStarts(
      plan,
      Math.max(watermark, now.getTime()),
      now.getTime() + PLAN_POLICY.createAheadMs + 1,
    );
    if (due.length === 0) return 0;
    const skips = await repo.skippedStarts(tx, planId);
    let booked = 0;
    for (const v of due) {
      const { authorizeAt, releaseAt } = visitDeadlines(v.startsAt);
      if (skips.has(v.startsAt.getTime()) || releaseAt <= now) continue;
      const orderId = await ctx.visits.create(tx, {
        planId,
        visit: v.visit,
        customerId: plan.customerId,
        service: {
          id: plan.serviceId,
          vendorId: plan.vendorId,
          price: view.servicePrice,
          currency: view.currency,
          durationMinutes: view.serviceDuration,
        },
        startsAt: v.startsAt,
        address: plan.address,
        notes: plan.notes,
        holdExpiresAt: releaseAt,
        now,
      });
      if (!orderId) {
        // The pro is booked or busy then: both are told, keyed per visit (told once).
        const notices = msg.unbookableNotices(factsOf(view), v.startsAt);
        await tell(ctx, tx, view, notices, `plan:${planId}:visit:${v.visit}:unavailable`);
        continue;
      }
      booked++;
      const payload = { planId, orderId };
      const key = `plan:${planId}:visit:${v.visit}`;
      await enqueue(tx, planAuthorizeVisitJob, payload, {
        key: `${key}:authorize`,
        startAfter: authorizeAt,
      });
      await enqueue(tx, planReleaseVisitJob, payload, {
        key: `${key}:release`,
        startAfter: releaseAt,
      });
    }
    const last = due[due.length - 1]!.startsAt;
    await repo.updatePlan(tx, planId, { visitsCreatedThrough: last, updatedAt: now });
    return booked;
  });
}

/** One pass of the schedule: {@link createVisitsOf} every active plan. Resolves with the count. */
export async function createDueVisits(ctx: PlansContext): Promise<number> {
  let booked = 0;
  for (const id of await repo.planIdsIn(ctx.db, ['active']))
    booked += await createVisitsOf(ctx, id);
  return booked;
}
