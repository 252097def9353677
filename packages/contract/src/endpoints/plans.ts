import { z } from 'zod';
import {
  createPlanBodySchema,
  declinePlanBodySchema,
  planSchema,
  skipPlanVisitBodySchema,
} from '../plans';
import { routes } from '../routes';
import { type EndpointDef, idParamsSchema } from './shared';

/** Recurring plans: the customer's and the pro's. */
export const planEndpoints = {
  createPlan: {
    ...routes.createPlan,
    body: createPlanBodySchema,
    response: planSchema,
    summary:
      "Start a plan (customers): its first visit's order is created on the slot and paid through the usual checkout; the pro then accepts the plan once",
  },
  listPlans: {
    ...routes.listPlans,
    response: z.array(planSchema),
    summary: "The customer's plans, newest first",
  },
  listVendorPlans: {
    ...routes.listVendorPlans,
    response: z.array(planSchema),
    summary: "The pro's plans, newest first (pending ones first)",
  },
  getPlan: {
    ...routes.getPlan,
    params: idParamsSchema,
    response: planSchema,
    summary: "A plan with its visits (the plan's customer or pro; others get 404)",
  },
  acceptPlan: {
    ...routes.acceptPlan,
    params: idParamsSchema,
    response: planSchema,
    summary: 'Accept a pending plan (its pro): every visit after the first is then booked ahead',
  },
  declinePlan: {
    ...routes.declinePlan,
    params: idParamsSchema,
    body: declinePlanBodySchema,
    response: planSchema,
    summary: 'Decline a pending plan (its pro): the first visit is declined and refunded in full',
  },
  skipPlanVisit: {
    ...routes.skipPlanVisit,
    params: idParamsSchema,
    body: skipPlanVisitBodySchema,
    response: planSchema,
    summary:
      'Skip one upcoming visit (the customer): under the cancellation policy when its order exists',
  },
  pausePlan: {
    ...routes.pausePlan,
    params: idParamsSchema,
    response: planSchema,
    summary: 'Pause a plan (the customer): no new visits are booked until it is resumed',
  },
  resumePlan: {
    ...routes.resumePlan,
    params: idParamsSchema,
    response: planSchema,
    summary: 'Resume a paused plan (the customer)',
  },
  cancelPlan: {
    ...routes.cancelPlan,
    params: idParamsSchema,
    response: planSchema,
    summary:
      'Cancel a plan (the customer or the pro): future visits are cancelled under the published policy',
  },
} as const satisfies Record<string, EndpointDef>;
