/**
 * The payments domain as other domains see it: the only module they import from payments
 * (ARCHITECTURE §1a). Everything else under payments/ is private to it.
 */
export { toPaymentDto } from './dto';
export { paymentCaptureJob } from './jobs/capture';
export { paymentOrphanRefundJob } from './jobs/orphan-refund';
export { paymentRefundJob } from './jobs/refund';
export { paymentVoidJob } from './jobs/void';
export { messages as paymentMessages, tipNote } from './messages';
export { authorizeKey, captureKey } from './policy';
export type {
  AuthorizeResult,
  CardDetails,
  ConnectedAccountState,
  ConnectedAccounts,
  PaymentProvider,
  ProviderCharge,
  ProviderEvent,
} from './provider';
export { createReconciler, type Reconciler } from './reconciliation';
export { default as paymentRoutes } from './routes';
export { createSandboxProvider, SandboxBankError, sandboxPayoutRef } from './sandbox-provider';
export {
  CAPTURE_KIND,
  createPaymentsService,
  isCaptured,
  lockPaymentForRefund,
  ORPHAN_REFUND_KIND,
  type PaymentsService,
  REFUND_KIND,
  requestCapture,
  requestPaymentRefund,
  requestRefund,
  requestVoid,
  VOID_KIND,
} from './service';
export { createStripeProvider, STRIPE_NO_DESTINATION } from './stripe-provider';
export {
  createStripeWebhookService,
  default as stripeWebhookRoutes,
  type StripeWebhookService,
} from './stripe-webhook';
export type { ConfirmInput, Payer, PaymentProviders, PaymentsDeps } from './types';
