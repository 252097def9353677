import type { Stripe, StripeCardElement } from '@stripe/stripe-js';
import { FormField, Input } from '@vetted/ui';
import * as React from 'react';
import { CardFormFrame, PaymentInitError, type PaymentStepCommonProps } from './payment-parts';

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

export interface StripePaymentStepProps extends PaymentStepCommonProps {
  /** `payment.publishableKey`; Stripe.js is loaded with it. */
  publishableKey: string | null | undefined;
  /** Pay pressed with a complete card and a name: confirm the card with `confirmCard`. */
  onSubmit: (confirmCard: ConfirmCard) => void;
  /** How Stripe.js is loaded; stories and tests pass a fake. @defaultValue loadStripeJs */
  loadStripe?: StripeLoader;
}

/**
 * Stripe.js for `publishableKey` (through `loadStripe`) and its Card Element, mounted on
 * `mountRef`'s node once Stripe.js is there. `loadError` is {@link STRIPE_LOAD_ERROR} after a
 * failed load, and `retryLoad` tries again; `cardError` is Stripe's message about the typed card
 * (settable, for "Enter your card details"), `cardComplete` whether the card can be confirmed.
 */
function useStripeCard(publishableKey: string | null | undefined, loadStripe: StripeLoader) {
  const [stripe, setStripe] = React.useState<Stripe | null>(null);
  const [loadError, setLoadError] = React.useState<string | null>(null);
  const [attempt, setAttempt] = React.useState(0);
  const [cardError, setCardError] = React.useState<string | null>(null);
  const [cardComplete, setCardComplete] = React.useState(false);
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

  const retryLoad = () => setAttempt((n) => n + 1);
  return { stripe, loadError, retryLoad, mountRef, cardRef, cardError, setCardError, cardComplete };
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
  initError,
  onRetryInit,
  onSubmit,
  loadStripe = loadStripeJs,
  ...frame
}: StripePaymentStepProps) {
  const { stripe, loadError, retryLoad, mountRef, cardRef, cardError, setCardError, cardComplete } =
    useStripeCard(publishableKey, loadStripe);
  const [nameError, setNameError] = React.useState<string | null>(null);

  if (initError || loadError) {
    return (
      <PaymentInitError
        message={initError ?? loadError ?? ''}
        onRetry={initError ? onRetryInit : retryLoad}
        headingLevel={frame.headingLevel}
      />
    );
  }

  const busy = !ready || !stripe;
  return (
    <CardFormFrame
      {...frame}
      busy={busy}
      lockNote="Processed by Stripe"
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
    </CardFormFrame>
  );
}
