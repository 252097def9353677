/**
 * What Stripe's PaymentIntents say happened to a card: the admin view's events and
 * reconciliation's charges. Reads only.
 */
import type Stripe from 'stripe';
import type { ProviderCharge, ProviderEvent } from './provider';

/** Stripe keeps amounts in minor units like we do, but wants currencies in lower case. */
export const stripeCurrency = (currency: string) => currency.toLowerCase();
export const ourCurrency = (currency: string) => currency.toUpperCase();
/** Stripe timestamps are Unix seconds. */
const iso = (unixSeconds: number) => new Date(unixSeconds * 1000).toISOString();

/** The intent `ref` with its latest charge and payment method expanded. */
export const retrieveIntent = (stripe: Stripe, ref: string) =>
  stripe.paymentIntents.retrieve(ref, { expand: ['latest_charge', 'payment_method'] });

/** The expanded latest charge of an intent, or null (not expanded or no attempt yet). */
export function latestCharge(intent: Stripe.PaymentIntent): Stripe.Charge | null {
  return intent.latest_charge && typeof intent.latest_charge === 'object'
    ? intent.latest_charge
    : null;
}

/**
 * What Stripe did to the intent `ref` (admin view): its authorisation, capture, void and
 * refunds, oldest first.
 */
export async function intentEvents(stripe: Stripe, ref: string): Promise<ProviderEvent[]> {
  const intent = await retrieveIntent(stripe, ref);
  const currency = ourCurrency(intent.currency);
  const charge = latestCharge(intent);
  const events: ProviderEvent[] = [];
  const authorized = charge?.status === 'succeeded';
  if (charge && authorized) {
    events.push({
      type: 'authorization',
      amount: charge.amount,
      currency,
      idempotencyKey: intent.metadata?.idempotencyKey ?? null,
      at: iso(charge.created),
      ref: charge.id,
    });
  }
  if (charge?.captured) {
    events.push({
      type: 'capture',
      amount: charge.amount_captured,
      currency,
      idempotencyKey: intent.metadata?.captureKey ?? null,
      // Stripe keeps no capture time on the charge; its authorisation time is the closest.
      at: iso(charge.created),
      ref: charge.id,
    });
  }
  if (intent.status === 'canceled' && charge && authorized) {
    events.push({
      type: 'void',
      amount: intent.amount,
      currency,
      idempotencyKey: null,
      at: iso(intent.canceled_at ?? intent.created),
      ref: intent.id,
    });
  }
  for await (const refund of stripe.refunds.list({ payment_intent: intent.id, limit: 100 })) {
    if (refund.status === 'failed' || refund.status === 'canceled') continue;
    events.push({
      type: 'refund',
      amount: refund.amount,
      currency: ourCurrency(refund.currency),
      idempotencyKey: refund.metadata?.idempotencyKey ?? null,
      at: iso(refund.created),
      ref: refund.id,
    });
  }
  return events.sort((a, b) => a.at.localeCompare(b.at));
}

/** Intents created since `since` that hold or held an authorisation (reconciliation). */
export async function intentCharges(stripe: Stripe, since: Date): Promise<ProviderCharge[]> {
  const list: ProviderCharge[] = [];
  const intents = stripe.paymentIntents.list({
    created: { gte: Math.floor(since.getTime() / 1000) },
    limit: 100,
    expand: ['data.latest_charge'],
  });
  for await (const intent of intents) {
    const state = chargeState(intent);
    if (!state) continue;
    list.push({
      ref: intent.id,
      paymentId: intent.metadata?.paymentId ?? null,
      amount: intent.amount,
      currency: ourCurrency(intent.currency),
      state,
      amountRefunded: latestCharge(intent)?.amount_refunded ?? 0,
    });
  }
  return list;
}

/** Where the money of an intent stands; null while no card has been authorised (nothing to reconcile). */
function chargeState(intent: Stripe.PaymentIntent): ProviderCharge['state'] | null {
  switch (intent.status) {
    case 'requires_capture':
      return 'authorized';
    case 'succeeded': {
      const charge = latestCharge(intent);
      const refunded = charge?.amount_refunded ?? 0;
      if (charge?.refunded || (refunded > 0 && refunded >= (charge?.amount_captured ?? 0))) {
        return 'refunded';
      }
      return refunded > 0 ? 'partially_refunded' : 'captured';
    }
    case 'canceled':
      // Cancelled after an authorisation: the hold was released.
      return latestCharge(intent)?.status === 'succeeded' ? 'voided' : null;
    default:
      return null;
  }
}
