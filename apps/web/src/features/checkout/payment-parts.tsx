import type { Order } from '@vetted/contract';
import { Alert, AlertDescription, Button, Price } from '@vetted/ui';
import { CreditCard, FlaskConical, Lock } from 'lucide-react';
import type * as React from 'react';

/** The props the sandbox card step and the Stripe card step share. */
export interface PaymentStepCommonProps {
  /** False while the payment is being initialised. */
  ready: boolean;
  /** Sandbox or test keys: show the "Test mode" banner. */
  testMode: boolean;
  /** Payment could not be initialised: message + retry. */
  initError?: string | null;
  onRetryInit?: () => void;
  /** A decline or other server message, shown above the button. */
  declineMessage?: string | null;
  submitting?: boolean;
  /** Shown on the button ("Pay $129.62"); just "Pay" without it. */
  amount?: Order['total'];
  /**
   * The level of the step's headings: 3 inside a dialog that has its own title.
   * @defaultValue 2
   */
  headingLevel?: 2 | 3;
}

/** "Test mode" banner: no real money moves (sandbox provider). */
export function TestModeBanner() {
  return (
    <div
      role="note"
      className="flex items-start gap-3 rounded-md border border-warning/40 bg-warning-soft p-3 text-sm text-warning"
    >
      <FlaskConical aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
      <p>
        <strong>Test mode — no real money moves.</strong> Use 4242 4242 4242 4242, any future expiry
        date and any CVC. 4000 0000 0000 0002 is declined.
      </p>
    </div>
  );
}

/** The payment step when it cannot go on (an alert): `message`, and "Try again" when `onRetry`. */
export function PaymentInitError({
  message,
  onRetry,
  headingLevel = 2,
}: {
  message: string;
  onRetry?: () => void;
  /** @defaultValue 2 */
  headingLevel?: 2 | 3;
}) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <div className="flex flex-col gap-4" role="alert">
      <Heading className="text-lg font-semibold">Payment</Heading>
      <p className="rounded-md border border-danger/30 bg-danger-soft p-3 text-sm text-danger">
        {message}
      </p>
      {onRetry ? (
        <Button variant="outline" onClick={onRetry} className="self-start">
          Try again
        </Button>
      ) : null}
    </div>
  );
}

export interface CardFormFrameProps
  extends Omit<PaymentStepCommonProps, 'ready' | 'initError' | 'onRetryInit'> {
  /** Fields disabled and the button spinning: the payment or the card field is not ready yet. */
  busy: boolean;
  /** Beside the lock, under the "Card details" heading: who sees the card ("Encrypted"). */
  lockNote: string;
  onSubmit: (event: React.FormEvent<HTMLFormElement>) => void;
  /** The card fields. */
  children: React.ReactNode;
}

/**
 * The card form around its fields, the same for every provider: "Card details" with a lock
 * note, the test-mode banner, the decline (an alert) and "Pay <amount>".
 */
export function CardFormFrame({
  busy,
  lockNote,
  testMode,
  declineMessage,
  submitting,
  amount,
  headingLevel = 2,
  onSubmit,
  children,
}: CardFormFrameProps) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <form noValidate aria-busy={busy} className="flex flex-col gap-5" onSubmit={onSubmit}>
      <div className="flex items-center justify-between gap-2">
        <Heading className="text-lg font-semibold">Card details</Heading>
        <span className="inline-flex items-center gap-1 text-xs text-muted">
          <Lock aria-hidden="true" className="size-3.5" /> {lockNote}
        </span>
      </div>
      {testMode ? <TestModeBanner /> : null}
      {children}
      {declineMessage ? (
        <Alert variant="danger" role="alert">
          <AlertDescription>{declineMessage}</AlertDescription>
        </Alert>
      ) : null}
      <Button type="submit" size="lg" loading={submitting || busy} className="w-full">
        <CreditCard aria-hidden="true" />
        {amount ? (
          <>
            Pay <Price amount={amount.amount} currency={amount.currency} />
          </>
        ) : (
          'Pay'
        )}
      </Button>
    </form>
  );
}
