/** What every plans use case shares: its context, who the caller is to a plan, its facts. */
import { withTransactionRetry } from '../../../db/transaction';
import type { AuthUser } from '../../../platform/types';
import type { PlansContext, PlansDeps } from '../deps';
import * as msg from '../messages';
import * as repo from '../repository';

/** The context of `deps`: one per `createPlansService`. */
export function plansContext(deps: PlansDeps): PlansContext {
  return { ...deps, inTransaction: (fn) => withTransactionRetry(deps.db, fn, { log: deps.log }) };
}

/** How `user` relates to the plan, or null when it is none of theirs (answered 404). */
export function roleOf(view: repo.PlanView, user: AuthUser): 'customer' | 'vendor' | null {
  if (user.role === 'customer' && view.plan.customerId === user.id) return 'customer';
  if (user.role === 'vendor' && view.vendorUserId === user.id) return 'vendor';
  return null;
}

/** The plan and the caller's side of it. @throws AppError 404 `plan_not_found` */
export async function visiblePlan(ctx: PlansContext, user: AuthUser, id: string) {
  const view = await repo.loadPlanView(ctx.db, id);
  const role = view ? roleOf(view, user) : null;
  if (!view || !role) throw msg.planNotFound();
  return { view, role };
}

/** The facts plan notices are worded from. */
export function factsOf(view: repo.PlanView): msg.PlanFacts {
  return {
    planId: view.plan.id,
    customerId: view.plan.customerId,
    vendorUserId: view.vendorUserId,
    customerName: view.customerName,
    businessName: view.businessName,
    serviceTitle: view.serviceTitle,
    frequency: view.plan.frequency,
    timeZone: view.plan.timeZone,
  };
}
