/*
 * The checkout feature as other features see it: the only module they import from it.
 */

export { PayOrderDialog } from './pay-order-dialog';
export { useCardPayment } from './payment';
export { PaymentForm } from './payment-form';
