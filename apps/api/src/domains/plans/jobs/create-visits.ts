import { defineSchedule } from '../../../jobs/define';
import type { PlansContext } from '../deps';
import { createDueVisits } from '../use-cases/create-visits';

/**
 * `plans.create-visits`: hourly at minute 13, once across all instances, every active plan's
 * visits of the next 14 days become orders (use-cases/create-visits.ts).
 */
export const planCreateVisitsSchedule = defineSchedule({
  name: 'plans.create-visits',
  cron: '13 * * * *',
  run: (deps: PlansContext) => createDueVisits(deps),
});
