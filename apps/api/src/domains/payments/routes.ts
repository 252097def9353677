import { endpoints } from '@vetted/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../lib/route';
import { idempotencyKeyOf } from '../../shared/idempotency';
import type { PaymentsService } from './service';

/**
 * Checkout (open a payment, confirm it), tips and the admin view of a payment. Each route parses,
 * calls one service function and replies.
 */
export default async function paymentRoutes(
  app: FastifyInstance,
  { payments }: { payments: PaymentsService },
): Promise<void> {
  route(app, endpoints.initializePayment, ({ body, user }) =>
    payments.initialize(user, body.orderId),
  );

  route(app, endpoints.confirmPayment, ({ params, body, user, request }) =>
    payments.confirm(user, params.id, body, idempotencyKeyOf(request.headers['idempotency-key'])),
  );

  route(app, endpoints.getAdminPayment, ({ params, user }) => payments.adminView(user, params.id));

  // A tip is started here and confirmed like any payment (`confirmPayment`).
  route(app, endpoints.tipOrder, ({ params, body, user }) =>
    payments.startTip(user, params.id, body),
  );
}
