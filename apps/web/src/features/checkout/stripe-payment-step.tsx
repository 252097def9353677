import type { Order } from '@vetted/contract';
import type { Stripe, StripeCardElement } from '@stripe/stripe-js';
import { Alert, AlertDescription, Button, FormField, Input, Price } from '@vetted/ui';
import { CreditCard, Lock } from 'lucide-react';
import * as React from 'react';
import { TestModeBanner } from './checkout-view';

/** Loads Stripe.js for a publishable key; resolves null when Stripe.js is unavailable. */
export type StripeLoader = (publishableKey: string) => Promise<Stripe | null>;

/**
 * Confirms the PaymentIntent `clientSecret` with the card typed into Stripe's card field
 * (`stripe.confirmCardPayment`): the card goes from the browser to Stripe, never to our server.
 * Resolves `{ error }` with Stripe's message on a decline or a failed 3-D Secure check.
 */
export type ConfirmCard = (clientSecret: string) => Promise<{ error?: { message?: string } }>;

const loaded = new Map<string, Promise<Stripe | null>>();

/**
 * The default {@link StripeLoader}: imports `@stripe/stripe-js/pure` on first use only (a
 * separate chunk, so Stripe.js is fetched on the stripe checkout and nowhere else) and loads
 * Stripe.js from js.stripe.com once per key. A failed load is forgotten so "Try again" retries.
 */
export const loadStripeJs: StripeLoader = (publishableKey) => {
  let promise = loaded.get(publishableKey);
  if (!promise) {
    promise = import('@stripe/stripe-js/pure')
      .then(({ loadStripe }) => loadStripe(publishableKey))
      .catch((error: unknown) => {
        loaded.delete(publishableKey);
        throw error;
      });
    loaded.set(publishableKey, promise);
  }
  return promise;
};

/** Shown when Stripe.js cannot be loaded (offline, blocked by an extension). */
export const STRIPE_LOAD_ERROR =
  'Card payment could not be loaded. Check your connection and try again.';

export interface StripePaymentStepProps {
  /** False while the payment is being initialised (no client secret yet). */
  ready: boolean;
  /** `payment.publishableKey`; Stripe.js is loaded with it. */
  publishableKey: string | null | undefined;
  /** Test keys: show the "Test mode" banner (Stripe's test cards apply). */
  testMode: boolean;
  initError?: string | null;
  onRetryInit?: () => void;
  /** A decline or other message, shown above the button. */
  declineMessage?: string | null;
  submitting?: boolean;
  amount?: Order['total'];
  /** Pay pressed with a complete card and a name: confirm the card with `confirmCard`. */
  onSubmit: (confirmCard: ConfirmCard) => void;
  /** @defaultValue 2 */
  headingLevel?: 2 | 3;
  /** How Stripe.js is loaded; stories and tests pass a fake. @defaultValue loadStripeJs */
  loadStripe?: StripeLoader;
}

/**
 * Checkout step 2 with Stripe: Stripe.js is loaded lazily and its Card Element
 * mounted, so the card number, expiry and CVC are typed into Stripe's own frame. On submit the
 * parent receives a {@link ConfirmCard} to run with the payment's client secret, then calls our
 * confirm endpoint without any card data.
 */
export function StripePaymentStep({
  ready,
  publishableKey,
  testMode,
  initError,
  onRetryInit,
  declineMessage,
  submitting,
  amount,
  onSubmit,
  headingLevel = 2,
  loadStripe = loadStripeJs,
}: StripePaymentStepProps) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const [stripe, setStripe] = React.useState<Stripe | null>(null);
  const [loadError, setLoadError] = React.useState<string | null>(null);
  const [attempt, setAttempt] = React.useState(0);
  const [cardError, setCardError] = React.useState<string | null>(null);
  const [cardComplete, setCardComplete] = React.useState(false);
  const [nameError, setNameError] = React.useState<string | null>(null);
  const mountRef = React.useRef<HTMLDivElement>(null);
  const cardRef = React.useRef<StripeCardElement | null>(null);

  React.useEffect(() => {
    if (!publishableKey) return;
    let live = true;
    setLoadError(null);
    // `attempt` re-runs this after "Try again".
    void attempt;
    loadStripe(publishableKey).then(
      (s) => {
        if (!live) return;
        if (s) setStripe(s);
        else setLoadError(STRIPE_LOAD_ERROR);
      },
      () => {
        if (live) setLoadError(STRIPE_LOAD_ERROR);
      },
    );
    return () => {
      live = false;
    };
  }, [publishableKey, loadStripe, attempt]);

  React.useEffect(() => {
    if (!stripe || !mountRef.current) return;
    const card = stripe.elements().create('card', {
      hidePostalCode: true,
      style: { base: { fontSize: '16px' } },
    });
    card.on('change', (event) => {
      setCardError(event.error?.message ?? null);
      setCardComplete(event.complete);
    });
    card.mount(mountRef.current);
    cardRef.current = card;
    return () => {
      cardRef.current = null;
      card.destroy();
    };
  }, [stripe]);

  if (initError || loadError) {
    const retry = initError ? onRetryInit : () => setAttempt((n) => n + 1);
    return (
      <div className="flex flex-col gap-4" role="alert">
        <Heading className="text-lg font-semibold">Payment</Heading>
        <p className="rounded-md border border-danger/30 bg-danger-soft p-3 text-sm text-danger">
          {initError ?? loadError}
        </p>
        {retry ? (
          <Button variant="outline" onClick={retry} className="self-start">
            Try again
          </Button>
        ) : null}
      </div>
    );
  }

  const busy = !ready || !stripe;
  return (
    <form
      noValidate
      aria-busy={busy}
      className="flex flex-col gap-5"
      onSubmit={(e) => {
        e.preventDefault();
        const card = cardRef.current;
        if (!stripe || !card) return;
        const name = String(new FormData(e.currentTarget).get('ccname') ?? '').trim();
        setNameError(name.length < 2 ? 'Enter the name on the card' : null);
        if (!cardComplete) setCardError((current) => current ?? 'Enter your card details');
        if (name.length < 2 || !cardComplete) return;
        onSubmit((clientSecret) =>
          stripe.confirmCardPayment(clientSecret, {
            payment_method: { card, billing_details: { name } },
          }),
        );
      }}
    >
      <div className="flex items-center justify-between gap-2">
        <Heading className="text-lg font-semibold">Card details</Heading>
        <span className="inline-flex items-center gap-1 text-xs text-muted">
          <Lock aria-hidden="true" className="size-3.5" /> Processed by Stripe
        </span>
      </div>
      {testMode ? <TestModeBanner /> : null}
      <fieldset className="m-0 flex min-w-0 flex-col gap-1.5 border-0 p-0">
        <legend className="mb-1.5 p-0 text-sm font-medium">Card</legend>
        <div
          ref={mountRef}
          aria-busy={!stripe}
          data-testid="stripe-card"
          className={[
            'min-h-11 rounded-md border border-input bg-surface px-3.5 py-3 transition-[border-color,box-shadow] duration-base',
            // Stripe.js marks its mount node while the card field is focused or invalid.
            '[&.StripeElement--focus]:border-ring [&.StripeElement--focus]:ring-1 [&.StripeElement--focus]:ring-ring',
            '[&.StripeElement--invalid]:border-danger',
          ].join(' ')}
        />
        {cardError ? (
          <p role="alert" className="text-sm text-danger">
            {cardError}
          </p>
        ) : null}
      </fieldset>
      <FormField label="Name on card" error={nameError} required>
        <Input name="ccname" autoComplete="cc-name" disabled={busy} />
      </FormField>
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
