/**
 * Recurring plans (use cases under use-cases/, rules in policy.ts): each method is one use
 * case; its docs say what it checks and answers. `deps.clock` is the only time source.
 */
import type { CreatePlanBody, DeclinePlanBody, SkipPlanVisitBody } from '@vetted/contract';
import type { AuthUser } from '../../platform/types';
import type { PlansDeps } from './deps';
import { acceptPlan, declinePlan } from './use-cases/answer';
import { cancelPlan, pausePlan, resumePlan, skipPlanVisit } from './use-cases/change';
import { plansContext } from './use-cases/context';
import { createPlan } from './use-cases/create';
import { createDueVisits } from './use-cases/create-visits';
import { getPlan, listPlans, listVendorPlans } from './use-cases/read';

/** The plans service over `deps`; `context` is what its jobs run with. */
export function createPlansService(deps: PlansDeps) {
  const ctx = plansContext(deps);
  return {
    context: ctx,
    create: (user: AuthUser, body: CreatePlanBody) => createPlan(ctx, user, body),
    list: (user: AuthUser) => listPlans(ctx, user),
    listForVendor: (user: AuthUser) => listVendorPlans(ctx, user),
    get: (user: AuthUser, id: string) => getPlan(ctx, user, id),
    accept: (user: AuthUser, id: string) => acceptPlan(ctx, user, id),
    decline: (user: AuthUser, id: string, body: DeclinePlanBody) =>
      declinePlan(ctx, user, id, body),
    skip: (user: AuthUser, id: string, body: SkipPlanVisitBody) =>
      skipPlanVisit(ctx, user, id, body),
    pause: (user: AuthUser, id: string) => pausePlan(ctx, user, id),
    resume: (user: AuthUser, id: string) => resumePlan(ctx, user, id),
    cancel: (user: AuthUser, id: string) => cancelPlan(ctx, user, id),
    /** One pass of the visit-creating schedule (also for tests and the test clock). */
    createDueVisits: () => createDueVisits(ctx),
  };
}

export type PlansService = ReturnType<typeof createPlansService>;
