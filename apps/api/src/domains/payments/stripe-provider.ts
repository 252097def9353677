import Stripe from 'stripe';
import type {
  AuthorizeResult,
  ConnectedAccountState,
  ConnectedAccounts,
  PaymentProvider,
} from './provider';
import {
  intentCharges,
  intentEvents,
  latestCharge,
  retrieveIntent,
  stripeCurrency,
} from './stripe-history';
import { offSessionIntent, savedCardOfIntent, saveCardParams } from './stripe-saved-cards';

/** Where and how to reach Stripe. `host`/`port`/`protocol` point the SDK at a local fake in tests. */
export interface StripeProviderOptions {
  /** `sk_test_…` / `sk_live_…` (`STRIPE_SECRET_KEY`). */
  secretKey: string;
  /** `pk_test_…` / `pk_live_…` (`STRIPE_PUBLISHABLE_KEY`), handed to Stripe.js in the browser. */
  publishableKey: string;
  /** API host, default `api.stripe.com` (`STRIPE_API_HOST`). */
  host?: string;
  port?: number;
  protocol?: 'http' | 'https';
}

/** Last four digits of the card behind an intent (expanded payment method, else latest charge). */
function cardLast4(intent: Stripe.PaymentIntent): string | null {
  const pm = intent.payment_method;
  if (pm && typeof pm === 'object' && pm.card?.last4) return pm.card.last4;
  return latestCharge(intent)?.payment_method_details?.card?.last4 ?? null;
}

/**
 * What a Stripe connected account says about payouts: `payouts_enabled`, `details_submitted`,
 * its country and its default bank account's last four digits and holder name.
 */
export function connectedAccountState(account: Stripe.Account): ConnectedAccountState {
  const bank = account.external_accounts?.data.find((x) => x.object === 'bank_account');
  return {
    accountId: account.id,
    payoutsEnabled: account.payouts_enabled === true,
    detailsSubmitted: account.details_submitted === true,
    country: (account.country ?? '').toUpperCase(),
    last4: bank?.last4 ?? '',
    holderName: (bank?.object === 'bank_account' ? bank.account_holder_name : null) ?? '',
  };
}

/**
 * Why a Stripe payout cannot be made: the vendor has no connected account to transfer to (the
 * payouts service refuses earlier; this guards a payout made without one all the same).
 */
export const STRIPE_NO_DESTINATION = 'Connect a Stripe account to receive payouts';

/** Stripe's error code for an intent (or refund) in the wrong state for the call. */
const isUnexpectedState = (err: unknown) =>
  err instanceof Stripe.errors.StripeInvalidRequestError &&
  err.code === 'payment_intent_unexpected_state';

/** Connect onboarding of payout accounts: Express accounts and hosted onboarding links. */
function connectedAccounts(stripe: Stripe): ConnectedAccounts {
  return {
    async create({ vendorId, country, email, idempotencyKey }) {
      const account = await stripe.accounts.create(
        {
          type: 'express',
          country,
          ...(email ? { email } : {}),
          capabilities: { transfers: { requested: true } },
          metadata: { vendorId },
        },
        { idempotencyKey },
      );
      return connectedAccountState(account);
    },
    async onboardingLink({ accountId, returnUrl, refreshUrl }) {
      const link = await stripe.accountLinks.create({
        account: accountId,
        type: 'account_onboarding',
        return_url: returnUrl,
        refresh_url: refreshUrl,
      });
      return { url: link.url };
    },
    async retrieve(accountId) {
      return connectedAccountState(await stripe.accounts.retrieve(accountId));
    },
  };
}

/**
 * Reads the intent the browser confirmed: `requires_capture` → authorised; a failed attempt →
 * declined with Stripe's message; `canceled` → declined; else `requires_action`.
 */
async function authorizeIntent(
  stripe: Stripe,
  { paymentId, ref, amount, currency }: Parameters<PaymentProvider['authorize']>[0],
): Promise<AuthorizeResult> {
  if (!ref) throw new Error(`Stripe payment ${paymentId} has no PaymentIntent`);
  const intent = await retrieveIntent(stripe, ref);
  if (
    intent.metadata?.paymentId !== paymentId ||
    intent.amount !== amount ||
    intent.currency !== stripeCurrency(currency)
  ) {
    // Never accept an intent made for another payment or amount.
    return {
      status: 'declined',
      code: 'payment_mismatch',
      message: 'This payment could not be verified. Try again.',
      last4: null,
    };
  }
  const last4 = cardLast4(intent);
  if (intent.status === 'requires_capture' || intent.status === 'succeeded') {
    return { status: 'authorized', ref: intent.id, last4 };
  }
  if (intent.status === 'requires_payment_method' && intent.last_payment_error) {
    const error = intent.last_payment_error;
    return {
      status: 'declined',
      code: error.decline_code ?? error.code ?? 'card_declined',
      message: error.message ?? 'Your card was declined. Try another card.',
      last4: error.payment_method?.card?.last4 ?? last4,
    };
  }
  if (intent.status === 'canceled') {
    return {
      status: 'declined',
      code: 'payment_intent_canceled',
      message: 'This payment was cancelled. Start again.',
      last4,
    };
  }
  if (!intent.client_secret) throw new Error(`PaymentIntent ${intent.id} has no client secret`);
  return { status: 'requires_action', ref: intent.id, clientSecret: intent.client_secret };
}

/** The refund of intent `ref` created with `idempotencyKey` (kept in its metadata), or null. */
async function findRefund(
  stripe: Stripe,
  ref: string,
  idempotencyKey: string,
): Promise<Stripe.Refund | null> {
  for await (const refund of stripe.refunds.list({ payment_intent: ref, limit: 100 })) {
    if (refund.metadata?.idempotencyKey === idempotencyKey) return refund;
  }
  return null;
}

/**
 * Refunds `amount` of intent `ref` with `idempotencyKey`. A refund Stripe reports
 * `failed`/`canceled` throws an Error with `permanent: true`.
 */
async function refundIntent(
  stripe: Stripe,
  { ref, amount, idempotencyKey }: Parameters<PaymentProvider['refund']>[0],
): Promise<{ refundRef: string; status: 'pending' | 'succeeded' }> {
  // Stripe answers a repeated key with its FIRST response (a refund pending then stays
  // pending in it) and forgets keys after 24 h: read this key's refund if it exists.
  let refund = await findRefund(stripe, ref, idempotencyKey);
  refund ??= await stripe.refunds.create(
    { payment_intent: ref, amount, metadata: { idempotencyKey } },
    { idempotencyKey },
  );
  if (refund.status === 'failed' || refund.status === 'canceled') {
    // Final at Stripe: retrying the same key cannot help. `permanent` tells the payments
    // service to stop retrying and leave it to a person.
    throw Object.assign(
      new Error(`Stripe refund ${refund.id} ${refund.status}: ${refund.failure_reason}`),
      { permanent: true },
    );
  }
  return {
    refundRef: refund.id,
    status: refund.status === 'succeeded' ? 'succeeded' : 'pending',
  };
}

/** A Connect transfer of a payout to the vendor's connected account `destination`. */
async function transferPayout(
  stripe: Stripe,
  input: Parameters<PaymentProvider['payout']>[0],
): Promise<{ ref: string }> {
  const { payoutId, amount, currency, destination, idempotencyKey } = input;
  if (!destination) {
    // There is no connected account to send to: no retry can change that, so the payout
    // fails and its money becomes available again.
    throw Object.assign(new Error(STRIPE_NO_DESTINATION), { permanent: true });
  }
  try {
    const transfer = await stripe.transfers.create(
      {
        amount,
        currency: stripeCurrency(currency),
        destination,
        metadata: { payoutId, idempotencyKey },
      },
      { idempotencyKey },
    );
    return { ref: transfer.id };
  } catch (err) {
    // A refusal (no such account, insufficient platform balance…) is final for this key:
    // Stripe answers a repeat with the same error.
    if (err instanceof Stripe.errors.StripeInvalidRequestError) {
      throw Object.assign(new Error(err.message), { permanent: true, cause: err });
    }
    throw err;
  }
}

/**
 * The Stripe provider: PaymentIntents with manual capture. The browser collects
 * the card with Stripe.js and confirms the intent, so card numbers never reach this server.
 *
 * - `prepare` creates the intent (`capture_method: 'manual'`, `metadata.paymentId`) and returns
 *   its client secret and the publishable key for Stripe.js.
 * - `authorize` reads the intent the browser confirmed: `requires_capture` → authorised;
 *   `requires_payment_method` after a failed attempt → declined with Stripe's message;
 *   `canceled` → declined; anything else → `requires_action` (the browser must finish, e.g. 3-D Secure).
 * - `capture`/`void`/`refund` pass the caller's stored idempotency key to Stripe, so a retried
 *   call never moves money twice. Capturing an already captured intent and voiding an already
 *   cancelled one succeed (the outbox may deliver twice).
 *
 * - `payout` is a Connect transfer (`transfers.create`) to the vendor's connected account with
 *   the payout's idempotency key; without an account it fails for good ({@link STRIPE_NO_DESTINATION}).
 * - `connectedAccounts` onboards a pro: an Express account (`accounts.create`) and account links
 *   (`accountLinks.create`) to Stripe's hosted onboarding; `account.updated` reports the result.
 *
 * Constructing the provider makes no network call. Stripe errors (network, 5xx, rate limits)
 * are thrown as the SDK's `Stripe.errors.*` for the outbox to retry; the SDK itself retries
 * twice first with the same idempotency key. A refund Stripe reports `failed`/`canceled` throws
 * an Error with `permanent: true` (no retry can change it).
 */
export function createStripeProvider(options: StripeProviderOptions): PaymentProvider {
  const stripe = new Stripe(options.secretKey, {
    host: options.host,
    port: options.port,
    protocol: options.protocol,
    maxNetworkRetries: 2,
    telemetry: false,
    appInfo: { name: 'Vetted' },
  });

  const retrieve = (ref: string) => retrieveIntent(stripe, ref);

  return {
    name: 'stripe',
    testMode: !options.secretKey.includes('_live_'),

    connectedAccounts: connectedAccounts(stripe),

    async prepare({ paymentId, amount, currency, idempotencyKey, saveCard }) {
      // A plan's first visit keeps its card for the next visits (stripe-saved-cards.ts).
      const saving = saveCard ? await saveCardParams(stripe, { paymentId, idempotencyKey }) : {};
      const intent = await stripe.paymentIntents.create(
        {
          amount,
          currency: stripeCurrency(currency),
          capture_method: 'manual',
          allowed_payment_method_types: ['card'],
          metadata: { paymentId, idempotencyKey },
          ...saving,
        },
        { idempotencyKey },
      );
      return {
        ref: intent.id,
        clientSecret: intent.client_secret,
        publishableKey: options.publishableKey,
      };
    },

    authorize: (input) => authorizeIntent(stripe, input),
    saveCard: ({ ref }) => savedCardOfIntent(stripe, ref),
    offSessionAuthorize: (input) => offSessionIntent(stripe, input),

    async capture({ ref, amount, idempotencyKey }) {
      try {
        await stripe.paymentIntents.capture(
          ref,
          { amount_to_capture: amount, metadata: { captureKey: idempotencyKey } },
          { idempotencyKey },
        );
      } catch (err) {
        // Already captured (e.g. a redelivery after a lost response): the money is where it should be.
        if (isUnexpectedState(err) && (await retrieve(ref)).status === 'succeeded') return;
        throw err;
      }
    },

    async void({ ref, idempotencyKey }) {
      try {
        await stripe.paymentIntents.cancel(
          ref,
          { cancellation_reason: 'requested_by_customer' },
          { idempotencyKey },
        );
      } catch (err) {
        if (isUnexpectedState(err) && (await retrieve(ref)).status === 'canceled') return;
        throw err;
      }
    },

    refund: (input) => refundIntent(stripe, input),

    payout: (input) => transferPayout(stripe, input),

    events: (ref) => intentEvents(stripe, ref),
    charges: (since) => intentCharges(stripe, since),
  };
}
