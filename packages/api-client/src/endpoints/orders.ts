import {
  type ConfirmPaymentBody,
  type CreateOrderBody,
  type DisputeNoShowBody,
  type InitializePaymentBody,
  type OnMyWayBody,
  type OrderListQuery,
  type OrderTransitionBody,
  type RescheduleBody,
  routes,
  type TipBody,
  type WaitlistDayBody,
  type WaitlistListQuery,
} from '@vetted/contract';
import type { Client } from '../client';
import { buildPath, type Call, type CallOptions } from './call';

/** Options of `orders.create`: the idempotency key is required (sent as `Idempotency-Key`). */
export interface CreateOrderOptions extends CallOptions {
  /** Unique per checkout attempt (e.g. `crypto.randomUUID()`); reuse it when resubmitting. */
  idempotencyKey: string;
}

/**
 * `orders.*` of the typed API: orders and the changes to them (cancellation quote, reschedule,
 * tip), and an order's calendar file.
 */
export function ordersApi(call: Call, client: Client) {
  return {
    /**
     * `POST /orders` — books a slot. `idempotencyKey` goes in the `Idempotency-Key` header so a
     * resubmitted checkout does not book twice. Not retried unless `options.retry` says so.
     */
    create: (body: CreateOrderBody, { idempotencyKey, ...options }: CreateOrderOptions) =>
      call(
        'createOrder',
        { body },
        { ...options, headers: { ...options.headers, 'Idempotency-Key': idempotencyKey } },
      ),
    /** `GET /orders` — the customer's history or the vendor's incoming orders, paged. */
    list: (query: OrderListQuery = {}, options?: CallOptions) =>
      call('listOrders', { query }, options),
    /** `GET /orders/:id` — one order with its events and payment. */
    get: (id: string, options?: CallOptions) => call('getOrder', { params: { id } }, options),
    /** `POST /orders/:id/transitions` — accept, decline, start, complete or cancel. */
    transition: (id: string, body: OrderTransitionBody, options?: CallOptions) =>
      call('transitionOrder', { params: { id }, body }, options),
    /**
     * `GET /orders/:id/cancellation` — what cancelling now would refund, by the published
     * policy: band, amount, share and until when.
     */
    cancellation: (id: string, options?: CallOptions) =>
      call('getCancellationQuote', { params: { id } }, options),
    /** `POST /orders/:id/reschedule` — moves the booking to another free slot (its customer). */
    reschedule: (id: string, body: RescheduleBody, options?: CallOptions) =>
      call('rescheduleOrder', { params: { id }, body }, options),
    /** `POST /orders/:id/reschedule/decline` — the pro declines the new time. */
    declineReschedule: (id: string, options?: CallOptions) =>
      call('declineReschedule', { params: { id } }, options),
    /** `POST /orders/:id/reschedule/confirm` — the pro keeps the new time. */
    confirmReschedule: (id: string, options?: CallOptions) =>
      call('confirmReschedule', { params: { id } }, options),
    /**
     * `POST /orders/:id/on-my-way` — the order's pro tells the customer they are on the way,
     * `{ etaMinutes }` (1–240); resolves with the order, its `onMyWay` set. Rejects with
     * {@link HttpError} 409 outside the window (accepted orders, from 3 h before the start until
     * its end), 403 for the customer, 404 for anyone else's order.
     */
    onMyWay: (id: string, body: OnMyWayBody, options?: CallOptions) =>
      call('sendOnMyWay', { params: { id }, body }, options),
    /**
     * `POST /orders/:id/no-show` — the order's pro marks "Customer not there" (accepted, from 15
     * minutes after the start); resolves with the order, `noShow` set. The customer is charged
     * the published no-show fee. Rejects with {@link HttpError} 409 too early or once recorded,
     * 403 for the customer.
     */
    markNoShow: (id: string, options?: CallOptions) =>
      call('markNoShow', { params: { id } }, options),
    /**
     * `POST /orders/:id/report-no-show` — the customer reports the pro did not come (from 15
     * minutes after the start): a full refund. Rejects like {@link markNoShow}, 403 for the pro.
     */
    reportNoShow: (id: string, options?: CallOptions) =>
      call('reportNoShow', { params: { id } }, options),
    /**
     * `POST /orders/:id/no-show/dispute` — the customer disputes their no-show fee with
     * `{ reason }` (10–2000 characters), within 48 hours, once: opens a support chat. Rejects
     * with {@link HttpError} 409 when already disputed or too late.
     */
    disputeNoShow: (id: string, body: DisputeNoShowBody, options?: CallOptions) =>
      call('disputeNoShow', { params: { id }, body }, options),
    /**
     * `POST /orders/:id/tip` — starts (or resumes) a tip for a completed order; resolves with
     * the tip's `Payment`, confirmed like a checkout with `payments.confirm`.
     */
    tip: (id: string, body: TipBody, options?: CallOptions) =>
      call('tipOrder', { params: { id }, body }, options),
    /**
     * `GET /orders/:id/calendar.ics` — the order's event as an iCalendar `Blob` (`text/calendar`,
     * RFC 5545; read it with `blob.text()`), for its customer or pro, sent with the access token.
     * Rejects with {@link HttpError} 404 for anyone else.
     */
    calendar: (id: string, options?: CallOptions) =>
      client.request<Blob>({
        ...options,
        endpoint: buildPath(routes.getOrderCalendar.path, { id }),
        method: 'get',
        auth: true,
        responseType: 'blob',
      }),
  };
}

/** `payments.*` of the typed API: payments of orders. */
export function paymentsApi(call: Call) {
  return {
    /** `POST /payments/initialize` — starts (or resumes) payment of a pending order. */
    initialize: (body: InitializePaymentBody, options?: CallOptions) =>
      call('initializePayment', { body }, options),
    /** `POST /payments/:id/confirm` — pays with a card (sandbox provider). */
    confirm: (paymentId: string, body: ConfirmPaymentBody, options?: CallOptions) =>
      call('confirmPayment', { params: { id: paymentId }, body }, options),
  };
}

/** `waitlist.*` of the typed API: the waitlist of fully booked days. */
export function waitlistApi(call: Call) {
  return {
    /** `POST /services/:id/waitlist` — joins the waitlist of a fully booked day (`{ date }`). */
    join: (serviceId: string, body: WaitlistDayBody, options?: CallOptions) =>
      call('joinWaitlist', { params: { id: serviceId }, body }, options),
    /** `DELETE /services/:id/waitlist?date=` — leaves it (a held time passes to the next). */
    leave: (serviceId: string, query: WaitlistDayBody, options?: CallOptions) =>
      call('leaveWaitlist', { params: { id: serviceId }, query }, options),
    /** `GET /waitlist` — the customer's live entries (optionally of one service). */
    list: (query: WaitlistListQuery = {}, options?: CallOptions) =>
      call('listWaitlist', { query }, options),
  };
}
