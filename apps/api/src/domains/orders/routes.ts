import multipart from '@fastify/multipart';
import { endpoints } from '@vetted/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../lib/route';
import { servePrivateMedia } from '../../platform/media';
import { MAX_IMAGE_BYTES } from '../../services/images';
import { idempotencyKeyOf } from '../../shared/idempotency';
import { proposalPhotosOf, readProposalForm } from './change-order-upload';
import type { OrdersService } from './service';
import { CHANGE_ORDER_MAX_PHOTOS } from './use-cases/change-orders';
import { presentOrderDetailFor, presentOrdersFor } from './vendor-view';

/**
 * Bookings: create (customer), list and read (each side sees its own), state transitions, and
 * changes of plan (quote, reschedule, the pro's answer to a new time). Every order a pro
 * receives goes through vendor-view.ts: their earnings added, the customer's card left out.
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
  // Checkout asks as soon as the address is chosen; booking refuses by the same check.
  route(app, endpoints.checkServiceArea, ({ params, query, user }) =>
    orders.serviceArea(user, params.id, query),
  );
  route(app, endpoints.listOrders, async ({ query, user }) =>
    presentOrdersFor(app.db, user, await orders.list(user, query)),
  );
  route(app, endpoints.getOrder, async ({ params, user }) =>
    presentOrderDetailFor(app.db, user, await orders.get(user, params.id)),
  );
  route(app, endpoints.transitionOrder, async ({ params, body, user }) =>
    presentOrderDetailFor(app.db, user, await orders.transition(user, params.id, body)),
  );
  // Changes of plan: the refund quote, moving a booking, the pro's answer.
  route(app, endpoints.getCancellationQuote, ({ params, user }) =>
    orders.cancellationQuote(user, params.id),
  );
  route(app, endpoints.rescheduleOrder, async ({ params, body, user }) =>
    presentOrderDetailFor(app.db, user, await orders.reschedule(user, params.id, body)),
  );
  route(app, endpoints.declineReschedule, async ({ params, user }) =>
    presentOrderDetailFor(app.db, user, await orders.declineReschedule(user, params.id)),
  );
  route(app, endpoints.confirmReschedule, async ({ params, user }) =>
    presentOrderDetailFor(app.db, user, await orders.confirmReschedule(user, params.id)),
  );
  // The pro tells the customer they are on the way.
  route(app, endpoints.sendOnMyWay, async ({ params, body, user }) =>
    presentOrderDetailFor(app.db, user, await orders.onMyWay(user, params.id, body)),
  );
  // No-shows: "Customer not there", "Pro didn't come", and a dispute of the fee.
  route(app, endpoints.markNoShow, async ({ params, user }) =>
    presentOrderDetailFor(app.db, user, await orders.markNoShow(user, params.id)),
  );
  route(app, endpoints.reportNoShow, async ({ params, user }) =>
    presentOrderDetailFor(app.db, user, await orders.reportNoShow(user, params.id)),
  );
  route(app, endpoints.disputeNoShow, async ({ params, body, user }) =>
    presentOrderDetailFor(app.db, user, await orders.disputeNoShow(user, params.id, body)),
  );
  await changeOrderRoutes(app, orders);
}

/**
 * Extras during the job: the pro proposes (JSON, or multipart with up to 6 photos), the customer
 * approves (answered with the payment to confirm) or declines. Photos at
 * `GET /media/change-orders/{orderId}/{file}`, for the order's parties and admins only.
 */
async function changeOrderRoutes(app: FastifyInstance, orders: OrdersService): Promise<void> {
  await app.register(multipart, {
    limits: {
      fileSize: MAX_IMAGE_BYTES,
      files: CHANGE_ORDER_MAX_PHOTOS,
      fields: 4,
      fieldSize: 64 * 1024,
    },
  });
  route(
    app,
    endpoints.createChangeOrder,
    ({ params, body, user, request }) =>
      orders.proposeChangeOrder(user, params.id, body, {
        images: proposalPhotosOf(request),
        storage: app.privateStorage,
      }),
    { successStatus: 201, preValidation: readProposalForm },
  );
  route(app, endpoints.approveChangeOrder, ({ params, user }) =>
    orders.approveChangeOrder(user, params.id, params.changeOrderId),
  );
  route(app, endpoints.declineChangeOrder, ({ params, user }) =>
    orders.declineChangeOrder(user, params.id, params.changeOrderId),
  );
  servePrivateMedia(app, '/media/change-orders', async (caller, orderId, file) => {
    const key = await orders.changeOrderPhotoKey(caller, orderId, file);
    return key ? { storage: app.privateStorage, key } : null;
  });
}
