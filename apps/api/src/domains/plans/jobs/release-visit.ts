import { z } from 'zod';
import { defineJob } from '../../../jobs/define';
import type { PlansContext } from '../deps';
import { releaseVisit } from '../use-cases/visit-payment';

/**
 * `plans.release-visit`: a plan visit still unpaid at start − 24 h is cancelled and its slot
 * freed (key `plan:<id>:visit:<n>:release`; use-cases/visit-payment.ts `releaseVisit`).
 */
export const planReleaseVisitJob = defineJob({
  name: 'plans.release-visit',
  payload: z.object({ planId: z.string(), orderId: z.string() }),
  run: (payload, ctx, deps: PlansContext) => releaseVisit(deps, payload, ctx.key),
});
