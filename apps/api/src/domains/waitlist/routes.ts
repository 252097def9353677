import { endpoints } from '@vetted/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../lib/route';
import type { WaitlistService } from './service';

/** The waitlist of fully booked days: join, leave, list mine. */
export default async function waitlistRoutes(
  app: FastifyInstance,
  { waitlist }: { waitlist: WaitlistService },
): Promise<void> {
  route(
    app,
    endpoints.joinWaitlist,
    ({ params, body, user }) => waitlist.join(user, params.id, body.date),
    { successStatus: 201 },
  );
  route(app, endpoints.leaveWaitlist, ({ params, query, user }) =>
    waitlist.leave(user, params.id, query.date),
  );
  route(app, endpoints.listWaitlist, ({ query, user }) => waitlist.list(user, query.serviceId));
}
