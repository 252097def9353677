/** Reading plans: one plan for its customer or pro, and each side's list. */
import type { Plan } from '@vetted/contract';
import type { AuthUser } from '../../../platform/types';
import type { PlansContext } from '../deps';
import * as repo from '../repository';
import { visiblePlan } from './context';
import { planDto } from './present';

/** `GET /v1/plans/{id}`: the plan with its visits. @throws AppError 404 `plan_not_found` */
export async function getPlan(ctx: PlansContext, user: AuthUser, id: string): Promise<Plan> {
  const { view } = await visiblePlan(ctx, user, id);
  return planDto(ctx, view);
}

/** `GET /v1/plans`: the customer's plans, newest first (empty for other roles). */
export async function listPlans(ctx: PlansContext, user: AuthUser): Promise<Plan[]> {
  if (user.role !== 'customer') return [];
  const views = await repo.plansOfCustomer(ctx.db, user.id);
  return Promise.all(views.map((v) => planDto(ctx, v)));
}

/** `GET /v1/vendor/plans`: the pro's plans, pending first, then newest first. */
export async function listVendorPlans(ctx: PlansContext, user: AuthUser): Promise<Plan[]> {
  if (user.role !== 'vendor') return [];
  const views = await repo.plansOfVendorUser(ctx.db, user.id);
  return Promise.all(views.map((v) => planDto(ctx, v)));
}
