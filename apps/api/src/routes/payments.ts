import { endpoints } from '@vetted/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../lib/route';
import { confirmPayment, initializePayment } from '../services/payments';

/** Checkout: open a payment for a pending order, then confirm it with a card (sandbox). */
export default async function paymentRoutes(app: FastifyInstance): Promise<void> {
  route(app, endpoints.initializePayment, ({ body, user }) =>
    initializePayment(app, user, body.orderId),
  );

  route(app, endpoints.confirmPayment, ({ params, body, user }) =>
    confirmPayment(app, user, params.id, body),
  );
}
