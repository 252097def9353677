/**
 * Stripe's saved cards for plans: the first visit's PaymentIntent saves its card
 * (`setup_future_usage: 'off_session'` on a Customer), and later visits are authorised
 * off-session on it (`off_session: true, confirm: true, capture_method: 'manual'`).
 */
import Stripe from 'stripe';
import type { AuthorizeResult, PaymentProvider, SavedCard } from './provider';
import { stripeCurrency } from './stripe-history';

/**
 * What a plan's first PaymentIntent adds: a Customer of its own (created once per prepare key)
 * and `setup_future_usage: 'off_session'`, so Stripe keeps the card for off-session charges.
 */
export async function saveCardParams(
  stripe: Stripe,
  input: { paymentId: string; idempotencyKey: string },
): Promise<{ customer: string; setup_future_usage: 'off_session' }> {
  const customer = await stripe.customers.create(
    { metadata: { paymentId: input.paymentId } },
    { idempotencyKey: `${input.idempotencyKey}:customer` },
  );
  return { customer: customer.id, setup_future_usage: 'off_session' };
}

/** The card the authorised intent `ref` saved (`pm_…` on `cus_…`), or null when it saved none. */
export async function savedCardOfIntent(stripe: Stripe, ref: string): Promise<SavedCard | null> {
  const intent = await stripe.paymentIntents.retrieve(ref, { expand: ['payment_method'] });
  const pm = intent.payment_method;
  const customer = intent.customer;
  if (!pm || !customer || intent.setup_future_usage !== 'off_session') return null;
  const card = typeof pm === 'object' ? pm.card : null;
  return {
    ref: typeof pm === 'string' ? pm : pm.id,
    customerRef: typeof customer === 'string' ? customer : customer.id,
    last4: card?.last4 ?? null,
    brand: card?.brand ?? null,
  };
}

/** Last four digits of an expanded PaymentMethod (or null when only its id is at hand). */
const pmLast4 = (pm: string | Stripe.PaymentMethod | null | undefined) =>
  (pm && typeof pm === 'object' ? pm.card?.last4 : null) ?? null;

/** The decline of a card whose bank wants the customer present (3-D Secure). */
const needsCustomer = (last4: string | null): AuthorizeResult => ({
  status: 'declined',
  code: 'authentication_required',
  message: 'Your bank asks you to confirm this payment: pay it from the order page.',
  last4,
});

/**
 * An off-session PaymentIntent on the saved card, confirmed at once with manual capture and our
 * key (a retry replays Stripe's first answer); its card's last four digits come with it
 * (`expand: ['payment_method']`). A card error is a decline with Stripe's decline code and
 * message, except `authentication_required` (the bank wants 3-D Secure), which tells the customer
 * to pay from the order page; other errors are thrown for the caller to retry.
 */
export async function offSessionIntent(
  stripe: Stripe,
  input: Parameters<NonNullable<PaymentProvider['offSessionAuthorize']>>[0],
): Promise<AuthorizeResult> {
  try {
    const intent = await stripe.paymentIntents.create(
      {
        amount: input.amount,
        currency: stripeCurrency(input.currency),
        ...(input.customerRef ? { customer: input.customerRef } : {}),
        payment_method: input.paymentMethodRef,
        off_session: true,
        confirm: true,
        capture_method: 'manual',
        metadata: { paymentId: input.paymentId, idempotencyKey: input.idempotencyKey },
        expand: ['payment_method'],
      },
      { idempotencyKey: input.idempotencyKey },
    );
    if (intent.status === 'requires_capture' || intent.status === 'succeeded') {
      return { status: 'authorized', ref: intent.id, last4: pmLast4(intent.payment_method) };
    }
    return needsCustomer(pmLast4(intent.payment_method));
  } catch (err) {
    if (!(err instanceof Stripe.errors.StripeCardError)) throw err;
    // Off-session, Stripe answers a card that wants 3-D Secure with this card error (not a
    // `requires_action` intent): the customer can still pay it themselves.
    if (err.code === 'authentication_required') return needsCustomer(pmLast4(err.payment_method));
    return {
      status: 'declined',
      code: err.decline_code ?? err.code ?? 'card_declined',
      message: err.message,
      last4: pmLast4(err.payment_method),
    };
  }
}
