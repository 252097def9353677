import { z } from 'zod';
import { defineJob } from '../../../jobs/define';
import type { PlansContext } from '../deps';
import { authorizeVisit } from '../use-cases/visit-payment';

/**
 * `plans.authorize-visit`: a plan visit's card authorised off-session, queued at start − 48 h
 * (key `plan:<id>:visit:<n>:authorize`; use-cases/visit-payment.ts `authorizeVisit`).
 */
export const planAuthorizeVisitJob = defineJob({
  name: 'plans.authorize-visit',
  payload: z.object({ planId: z.string(), orderId: z.string() }),
  run: (payload, ctx, deps: PlansContext) => authorizeVisit(deps, payload, ctx.key),
});
