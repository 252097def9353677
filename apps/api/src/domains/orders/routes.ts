import { endpoints } from '@vetted/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../lib/route';
import { idempotencyKeyOf, type OrdersService } from './service';

/**
 * Bookings: create (customer), list and read (each side sees its own), state transitions, and
 * changes of plan (quote, reschedule, the pro's answer to a new time).
 */
export default async function orderRoutes(
  app: FastifyInstance,
  { orders }: { orders: OrdersService },
): Promise<void> {
  // 201 for a new order and for an Idempotency-Key replay alike (the replay is the same answer).
  route(
    app,
    endpoints.createOrder,
    ({ body, user, request }) =>
      orders.create(user, body, idempotencyKeyOf(request.headers['idempotency-key'])),
    { successStatus: 201 },
  );
  route(app, endpoints.getServiceQuote, ({ params, query }) => orders.quote(params.id, query));
  route(app, endpoints.listOrders, ({ query, user }) => orders.list(user, query));
  route(app, endpoints.getOrder, ({ params, user }) => orders.get(user, params.id));
  route(app, endpoints.transitionOrder, ({ params, body, user }) =>
    orders.transition(user, params.id, body),
  );
  // Changes of plan (issue #9): the refund quote, moving a booking, the pro's answer.
  route(app, endpoints.getCancellationQuote, ({ params, user }) =>
    orders.cancellationQuote(user, params.id),
  );
  route(app, endpoints.rescheduleOrder, ({ params, body, user }) =>
    orders.reschedule(user, params.id, body),
  );
  route(app, endpoints.declineReschedule, ({ params, user }) =>
    orders.declineReschedule(user, params.id),
  );
  route(app, endpoints.confirmReschedule, ({ params, user }) =>
    orders.confirmReschedule(user, params.id),
  );
}
