/**
 * The plans domain as the rest of the API sees it (ARCHITECTURE §1a): recurring plans of one
 * service with one pro, whose visits are orders booked ahead by a schedule (jobs/).
 */
export type { PlansContext, PlansDeps } from './deps';
export { planAuthorizeVisitJob } from './jobs/authorize-visit';
export { planCreateVisitsSchedule } from './jobs/create-visits';
export { planReleaseVisitJob } from './jobs/release-visit';
export { localTimeOf, type PlanTiming, visitStart, visitStarts } from './policy';
export { default as planRoutes } from './routes';
export { createPlansService, type PlansService } from './service';
