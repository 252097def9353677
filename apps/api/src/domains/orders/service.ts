/**
 * Use cases of the orders domain (ARCHITECTURE §1a): book, list, read, and move an order through
 * its state machine. Each use case is one transaction; its side effects (notifications, realtime
 * events, capture / void / refund jobs of the payments domain) are outbox rows written in that
 * same transaction, so they happen if and only if the change committed.
 */
import type {
  CancellationQuote,
  ChangeOrder,
  CreateChangeOrderBody,
  CreateOrderBody,
  DisputeNoShowBody,
  OnMyWayBody,
  Order,
  OrderDetail,
  OrderStatus,
  OrderTransitionBody,
  Payment,
  RescheduleBody,
  ServiceAreaCheck,
  ServiceAreaQuery,
  ServiceQuote,
  ServiceQuoteQuery,
} from '@vetted/contract';
import type { AuthUser } from '../../platform/types';
import type { OrdersDeps } from './deps';
import {
  approveChangeOrder,
  declineChangeOrder,
  type ProposalPhotos,
  proposeChangeOrder,
} from './use-cases/change-orders';
import { changeOrderPhotoKey } from './use-cases/change-order-photos';
import { ordersContext } from './use-cases/context';
import { createOrder } from './use-cases/create-order';
import { disputeNoShow, markNoShow, reportNoShow } from './use-cases/no-show';
import { sendOnMyWay } from './use-cases/on-my-way';
import { quote, serviceArea } from './use-cases/quote';
import { getOrder, listOrders } from './use-cases/read-order';
import { rescheduleOrder } from './use-cases/reschedule';
import { confirmReschedule, declineReschedule } from './use-cases/reschedule-answer';
import { cancellationQuote, transitionOrder } from './use-cases/transition';

/**
 * The orders domain service: each method is one use case of `use-cases/` (its docs say what it
 * checks and answers). `deps.clock` is the only time source of its rules.
 */
export function createOrdersService(deps: OrdersDeps) {
  const ctx = ordersContext(deps);
  return {
    /** What the orders domain's jobs run with (`orders.accept-quoted`). */
    context: ctx,
    /** Whether the pro of a service serves an address (use-cases/quote.ts `serviceArea`). */
    serviceArea: (
      user: AuthUser,
      serviceId: string,
      query: ServiceAreaQuery,
    ): Promise<ServiceAreaCheck> => serviceArea(ctx, user, serviceId, query),
    /** The price of a booking before it exists (use-cases/quote.ts `quote`). */
    quote: (serviceId: string, query: ServiceQuoteQuery): Promise<ServiceQuote> =>
      quote(ctx, serviceId, query),
    /** Books a slot (use-cases/create-order.ts `createOrder`). */
    create: (user: AuthUser, body: CreateOrderBody, idempotencyKey?: string): Promise<Order> =>
      createOrder(ctx, user, body, idempotencyKey),
    /** A page of the caller's orders, newest first (use-cases/read-order.ts `listOrders`). */
    list: (user: AuthUser, query: { page: number; pageSize: number; status?: OrderStatus }) =>
      listOrders(ctx, user, query),
    /** One order's detail for its parties or an admin (use-cases/read-order.ts `getOrder`). */
    get: (user: AuthUser, id: string): Promise<OrderDetail> => getOrder(ctx, user, id),
    /** One step of the state machine (use-cases/transition.ts `transitionOrder`). */
    transition: (user: AuthUser, id: string, body: OrderTransitionBody): Promise<OrderDetail> =>
      transitionOrder(ctx, user, id, body),
    /** What cancelling now would do (use-cases/transition.ts `cancellationQuote`). */
    cancellationQuote: (user: AuthUser, id: string): Promise<CancellationQuote> =>
      cancellationQuote(ctx, user, id),
    /** Moves a booking to another time (use-cases/reschedule.ts `rescheduleOrder`). */
    reschedule: (user: AuthUser, id: string, body: RescheduleBody): Promise<OrderDetail> =>
      rescheduleOrder(ctx, user, id, body),
    /** The pro declines the new time (use-cases/reschedule-answer.ts). */
    declineReschedule: (user: AuthUser, id: string): Promise<OrderDetail> =>
      declineReschedule(ctx, user, id),
    /** The pro keeps the new time (use-cases/reschedule-answer.ts). */
    confirmReschedule: (user: AuthUser, id: string): Promise<OrderDetail> =>
      confirmReschedule(ctx, user, id),
    /** The pro says they are on the way (use-cases/on-my-way.ts `sendOnMyWay`). */
    onMyWay: (user: AuthUser, id: string, body: OnMyWayBody): Promise<OrderDetail> =>
      sendOnMyWay(ctx, user, id, body),
    /** The pro marks "Customer not there" (use-cases/no-show.ts `markNoShow`). */
    markNoShow: (user: AuthUser, id: string): Promise<OrderDetail> => markNoShow(ctx, user, id),
    /** The customer reports "Pro didn't come" (use-cases/no-show.ts `reportNoShow`). */
    reportNoShow: (user: AuthUser, id: string): Promise<OrderDetail> => reportNoShow(ctx, user, id),
    /** The customer disputes a no-show fee (use-cases/no-show.ts `disputeNoShow`). */
    disputeNoShow: (user: AuthUser, id: string, body: DisputeNoShowBody): Promise<OrderDetail> =>
      disputeNoShow(ctx, user, id, body),
    /** The pro proposes an extra (use-cases/change-orders.ts `proposeChangeOrder`). */
    proposeChangeOrder: (
      user: AuthUser,
      id: string,
      body: CreateChangeOrderBody,
      photos?: ProposalPhotos,
    ): Promise<ChangeOrder> => proposeChangeOrder(ctx, user, id, body, photos),
    /** The customer approves an extra: its payment to confirm (`approveChangeOrder`). */
    approveChangeOrder: (user: AuthUser, id: string, changeOrderId: string): Promise<Payment> =>
      approveChangeOrder(ctx, user, id, changeOrderId),
    /** Where an extra's photo is stored, for the order's parties (`changeOrderPhotoKey`). */
    changeOrderPhotoKey: (caller: AuthUser | null, orderId: string, file: string) =>
      changeOrderPhotoKey(ctx, caller, orderId, file),
    /** The customer declines an extra (`declineChangeOrder`). */
    declineChangeOrder: (user: AuthUser, id: string, changeOrderId: string): Promise<ChangeOrder> =>
      declineChangeOrder(ctx, user, id, changeOrderId),
  };
}

export type OrdersService = ReturnType<typeof createOrdersService>;
