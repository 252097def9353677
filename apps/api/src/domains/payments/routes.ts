import { endpoints } from '@vetted/contract';
import type { FastifyInstance } from 'fastify';
import { badRequest } from '../../lib/errors';
import { route } from '../../lib/route';
import type { PaymentsService } from './service';

/** The optional `Idempotency-Key` header: 1–255 characters after trimming, else 400. */
function idempotencyKeyOf(header: string | string[] | undefined): string | undefined {
  const value = Array.isArray(header) ? header[0] : header;
  if (value === undefined) return undefined;
  const key = value.trim();
  if (!key || key.length > 255) {
    throw badRequest('Idempotency-Key must be 1 to 255 characters', 'invalid_idempotency_key');
  }
  return key;
}

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
