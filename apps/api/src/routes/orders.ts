import { endpoints } from '@vetted/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../lib/route';
import {
  createOrder,
  getOrder,
  idempotencyKeyOf,
  listOrders,
  transitionOrder,
} from '../services/orders';

/** Bookings: create (customer), list and read (each side sees its own), state transitions. */
export default async function orderRoutes(app: FastifyInstance): Promise<void> {
  // 201 for a new order and for an Idempotency-Key replay alike (the replay is the same answer).
  route(
    app,
    endpoints.createOrder,
    ({ body, user, request }) =>
      createOrder(app, user, body, idempotencyKeyOf(request.headers['idempotency-key'])),
    { successStatus: 201 },
  );

  route(app, endpoints.listOrders, ({ query, user }) => listOrders(app.db, user, query));

  route(app, endpoints.getOrder, ({ params, user }) => getOrder(app.db, user, params.id));

  route(app, endpoints.transitionOrder, ({ params, body, user }) =>
    transitionOrder(app, user, params.id, body),
  );
}
