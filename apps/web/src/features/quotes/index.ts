/*
 * The quotes feature as other features see it: the only module they import from it.
 */

export { CustomerChangeOrdersSection, VendorChangeOrdersSection } from './change-order-actions';
export { CustomerChangeOrders, VendorChangeOrdersCard } from './change-order-views';
export { GetQuotesCallout } from './get-quotes-callout';
export { QuoteLineItems } from './quote-line-items';
