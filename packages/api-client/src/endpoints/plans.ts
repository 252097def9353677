import type { CreatePlanBody, DeclinePlanBody, SkipPlanVisitBody } from '@vetted/contract';
import type { Call, CallOptions } from './call';

/**
 * `plans.*` of the typed API: recurring plans (the same pro and service every week, two weeks or
 * four weeks). Every write resolves with the plan as it now is (`Plan`).
 */
export function plansApi(call: Call) {
  const id = (planId: string) => ({ params: { id: planId } });
  return {
    /** `POST /plans` — starts a plan (customers); its `firstOrderId` is paid through checkout. */
    create: (body: CreatePlanBody, options?: CallOptions) => call('createPlan', { body }, options),
    /** `GET /plans` — the customer's plans, newest first. */
    list: (options?: CallOptions) => call('listPlans', {}, options),
    /** `GET /vendor/plans` — the pro's plans, pending ones first. */
    listForVendor: (options?: CallOptions) => call('listVendorPlans', {}, options),
    /** `GET /plans/:id` — one plan with its visits (its customer or its pro). */
    get: (planId: string, options?: CallOptions) => call('getPlan', id(planId), options),
    /** `POST /plans/:id/accept` — the pro accepts a pending plan once its first visit is paid. */
    accept: (planId: string, options?: CallOptions) => call('acceptPlan', id(planId), options),
    /** `POST /plans/:id/decline` — the pro declines a pending plan, with an optional reason. */
    decline: (planId: string, body: DeclinePlanBody, options?: CallOptions) =>
      call('declinePlan', { ...id(planId), body }, options),
    /** `POST /plans/:id/skip` — the customer skips one upcoming visit. */
    skip: (planId: string, body: SkipPlanVisitBody, options?: CallOptions) =>
      call('skipPlanVisit', { ...id(planId), body }, options),
    /** `POST /plans/:id/pause` — no new visits until resumed (the customer). */
    pause: (planId: string, options?: CallOptions) => call('pausePlan', id(planId), options),
    /** `POST /plans/:id/resume` — books visits again (the customer). */
    resume: (planId: string, options?: CallOptions) => call('resumePlan', id(planId), options),
    /** `POST /plans/:id/cancel` — ends the plan; future visits follow the refund policy. */
    cancel: (planId: string, options?: CallOptions) => call('cancelPlan', id(planId), options),
  };
}
