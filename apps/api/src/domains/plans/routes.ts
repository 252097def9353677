import { endpoints } from '@vetted/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../lib/route';
import type { PlansService } from './service';

/** Recurring plans: the customer's (`/v1/plans…`) and the pro's (`/v1/vendor/plans`). */
export default async function planRoutes(
  app: FastifyInstance,
  { plans }: { plans: PlansService },
): Promise<void> {
  route(app, endpoints.createPlan, ({ body, user }) => plans.create(user, body), {
    successStatus: 201,
  });
  route(app, endpoints.listPlans, ({ user }) => plans.list(user));
  route(app, endpoints.listVendorPlans, ({ user }) => plans.listForVendor(user));
  route(app, endpoints.getPlan, ({ params, user }) => plans.get(user, params.id));
  route(app, endpoints.acceptPlan, ({ params, user }) => plans.accept(user, params.id));
  route(app, endpoints.declinePlan, ({ params, body, user }) =>
    plans.decline(user, params.id, body),
  );
  route(app, endpoints.skipPlanVisit, ({ params, body, user }) =>
    plans.skip(user, params.id, body),
  );
  route(app, endpoints.pausePlan, ({ params, user }) => plans.pause(user, params.id));
  route(app, endpoints.resumePlan, ({ params, user }) => plans.resume(user, params.id));
  route(app, endpoints.cancelPlan, ({ params, user }) => plans.cancel(user, params.id));
}
