/**
 * The orders domain as other domains see it: the only module they import from orders (ARCHITECTURE
 * §1a). Everything else under orders/ is private to it.
 */
export { newOrderReference, newStartCode } from './codes';
export type { OrderPayments, OrdersDeps } from './deps';
export { createOrdersService, type OrdersService } from './service';
export { reminderReads } from './reminder-reads';
export { locateTown } from './service-area';
export { supportChats } from './support-chats';
export { vendorNoShowCount } from './no-show-reads';
export { relationTo } from './use-cases/context';
export {
  approveChangeOrderOnAuthorization,
  CHANGEABLE_STATES as CHANGE_ORDER_STATES,
  changeOrderOfPayment,
  closeExtrasOnRefund,
  lineItemsOf,
} from './use-cases/change-order-lifecycle';
export { createPlanVisits, type PlanVisits } from './use-cases/plan-visit';
export {
  createQuoteOrders,
  type QuoteOrderInput,
  type QuoteOrders,
} from './use-cases/quote-order';
export { acceptQuotedOrderJob } from './jobs/accept-quoted';
export type { OrdersContext } from './use-cases/context';
export { default as orderRoutes } from './routes';
export {
  anonymiseCustomerOrders,
  bookingsReceivedOldestFirst,
  countOrdersOfParty,
  customerOrdersOldestFirst,
  loadOrderFacts,
  loadOrderView,
  lockOrder,
  type OrderEventRow,
  type OrderFactsRow,
  type OrderRow,
  type OrderView,
  toOrderDto,
} from './repository';
export {
  bookingFee,
  cancellationRefund,
  decideTransition,
  type MoneyEffect,
  type OrderAction,
  type OrderFacts,
  type OrderRole,
  refundIfCancelledNow,
  TRANSITIONS,
} from './policy';
export { presentOrderDetailFor, presentOrdersFor, vendorNetOf } from './vendor-view';
export {
  applyPaymentToOrder,
  notePaymentOnOrder,
  type PaymentOrderChange,
  paymentTransition,
  REFUNDABLE_ORDER_STATUSES,
} from './use-cases/payment-order-changes';
