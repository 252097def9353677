import type { Order } from '@vetted/contract';
import { PaymentStep } from './payment-step';
import type { useCardPayment } from './payment';
import { type StripeLoader, StripePaymentStep } from './stripe-payment-step';

export interface PaymentFormProps {
  /** The state and actions of {@link useCardPayment}. */
  payment: ReturnType<typeof useCardPayment>;
  amount: Order['total'];
  onRetryInit: () => void;
  /** @defaultValue 2 */
  headingLevel?: 2 | 3;
  /** Stripe.js loader (stories pass a fake). */
  loadStripe?: StripeLoader;
}

/**
 * The card step for the payment's provider: Stripe's card field (Stripe.js, loaded only here)
 * when the server answered `provider: 'stripe'`, else the sandbox card form with its
 * "Test mode" banner.
 */
export function PaymentForm({
  payment,
  amount,
  onRetryInit,
  headingLevel,
  loadStripe,
}: PaymentFormProps) {
  const p = payment.payment;
  if (p?.provider === 'stripe') {
    return (
      <StripePaymentStep
        ready={Boolean(p.clientSecret)}
        publishableKey={p.publishableKey}
        testMode={p.testMode}
        initError={payment.initError}
        onRetryInit={onRetryInit}
        declineMessage={payment.decline}
        submitting={payment.paying}
        amount={amount}
        onSubmit={payment.payWithStripe}
        headingLevel={headingLevel}
        loadStripe={loadStripe}
      />
    );
  }
  return (
    <PaymentStep
      ready={p !== null}
      testMode={p?.testMode ?? true}
      initError={payment.initError}
      onRetryInit={onRetryInit}
      errors={payment.cardErrors}
      declineMessage={payment.decline}
      submitting={payment.paying}
      amount={amount}
      onSubmit={payment.pay}
      headingLevel={headingLevel}
    />
  );
}
