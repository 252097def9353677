import { adminPaymentSchema } from '../admin';
import { pagedSchema } from '../common';
import {
  confirmPaymentBodySchema,
  createOrderBodySchema,
  initializePaymentBodySchema,
  orderDetailSchema,
  orderListQuerySchema,
  orderSchema,
  orderTransitionBodySchema,
  paymentResultSchema,
  paymentSchema,
} from '../orders';
import { serviceAreaCheckSchema, serviceAreaQuerySchema } from '../service-area';
import { routes } from '../routes';
import { type EndpointDef, idParamsSchema } from './shared';

/** Orders and their payments. */
export const orderEndpoints = {
  createOrder: {
    ...routes.createOrder,
    body: createOrderBodySchema,
    response: orderSchema,
    summary:
      "Book a slot (customer). Honours the Idempotency-Key header. 422 `outside_service_area` when the address is outside the pro's service radius",
  },
  listOrders: {
    ...routes.listOrders,
    query: orderListQuerySchema,
    response: pagedSchema(orderSchema),
    summary: "The customer's order history, or the vendor's incoming orders",
  },
  getOrder: {
    ...routes.getOrder,
    params: idParamsSchema,
    response: orderDetailSchema,
    summary: 'One order with its events and payment (its customer or vendor only)',
  },
  transitionOrder: {
    ...routes.transitionOrder,
    params: idParamsSchema,
    body: orderTransitionBodySchema,
    response: orderDetailSchema,
    summary: 'Accept, decline, start, complete or cancel an order',
  },
  initializePayment: {
    ...routes.initializePayment,
    body: initializePaymentBodySchema,
    response: paymentSchema,
    summary: 'Start (or resume) payment of a pending order',
  },
  confirmPayment: {
    ...routes.confirmPayment,
    params: idParamsSchema,
    body: confirmPaymentBodySchema,
    response: paymentResultSchema,
    summary: 'Pay with a card (sandbox provider)',
  },
  getAdminPayment: {
    ...routes.getAdminPayment,
    params: idParamsSchema,
    response: adminPaymentSchema,
    summary: 'A payment with its provider events and ledger postings (admins only)',
  },
} as const satisfies Record<string, EndpointDef>;

/** Whether the pro of a service serves an address, before booking (checkout). */
export const serviceAreaEndpoints = {
  checkServiceArea: {
    ...routes.checkServiceArea,
    params: idParamsSchema,
    query: serviceAreaQuerySchema,
    response: serviceAreaCheckSchema,
    summary:
      "Whether the service's pro serves a saved place or typed address, with the distance (the check booking makes: 422 outside_service_area)",
  },
} as const satisfies Record<string, EndpointDef>;
