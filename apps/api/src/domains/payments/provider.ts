/**
 * Payment provider interface.
 *
 * Every money-moving call takes an `idempotencyKey` that the caller stored in our database
 * BEFORE the call, so a retry (outbox redelivery, a customer's repeated confirm, a restart after
 * a crash) reaches the provider with the same key and never moves money twice.
 *
 * Amounts are integers in minor currency units (cents for EUR). Errors: a call that fails
 * transiently throws (the outbox retries it); a decline is a value, never an exception.
 */

/** Card fields the sandbox provider reads; Stripe never receives them (Stripe.js collects the card). */
export interface CardDetails {
  number: string;
  expMonth: number;
  expYear: number;
  cvc: string;
  name: string;
}

/** Outcome of {@link PaymentProvider.authorize}. */
export type AuthorizeResult =
  | { status: 'authorized'; ref: string; last4: string | null }
  | { status: 'declined'; code: string; message: string; last4: string | null }
  | { status: 'requires_action'; ref: string; clientSecret: string };

/** A card the provider keeps for off-session charges: `pm_…` / `sbx_pm_…`, Stripe's `cus_…`. */
export interface SavedCard {
  ref: string;
  customerRef: string | null;
  last4: string | null;
  brand: string | null;
}

/** One thing the provider did to a card (admin view). `at` is an ISO 8601 timestamp. */
export interface ProviderEvent {
  type: 'authorization' | 'capture' | 'void' | 'refund' | 'payout';
  amount: number;
  currency: string;
  idempotencyKey: string | null;
  at: string;
  ref: string;
}

/** A charge as the provider sees it (reconciliation). Amounts in minor units. */
export interface ProviderCharge {
  ref: string;
  paymentId: string | null;
  amount: number;
  currency: string;
  state: 'authorized' | 'captured' | 'voided' | 'refunded' | 'partially_refunded';
  amountRefunded: number;
}

/** Where a Stripe connected account stands (from `GET /v1/accounts/:id` or `account.updated`). */
export interface ConnectedAccountState {
  /** `acct_…`. */
  accountId: string;
  /** Stripe's `payouts_enabled`: transfers to it can be paid out to the pro's bank. */
  payoutsEnabled: boolean;
  /** Stripe's `details_submitted`: the pro finished onboarding at least once. */
  detailsSubmitted: boolean;
  /** ISO 3166-1 alpha-2 (upper case), '' when unknown. */
  country: string;
  /** Last four digits of the account's default bank account, '' until one is added. */
  last4: string;
  /** The bank account's holder name, '' when Stripe does not say. */
  holderName: string;
}

/**
 * Connect onboarding (Stripe only): an Express account per pro and the account links that send
 * the pro to Stripe's hosted onboarding. Errors are thrown as the SDK's (transient or not).
 */
export interface ConnectedAccounts {
  /**
   * Creates an Express account (`POST /v1/accounts`, `type: express`, transfers capability,
   * `metadata.vendorId`); the same `idempotencyKey` returns the same account.
   */
  create(input: {
    vendorId: string;
    country: string;
    email: string | null;
    idempotencyKey: string;
  }): Promise<ConnectedAccountState>;
  /**
   * A single-use onboarding link (`POST /v1/account_links`, `account_onboarding`) that returns
   * the pro to `returnUrl`, or to `refreshUrl` when the link expired or was used.
   */
  onboardingLink(input: {
    accountId: string;
    returnUrl: string;
    refreshUrl: string;
  }): Promise<{ url: string }>;
  /** Reads the account back (`GET /v1/accounts/:id`). */
  retrieve(accountId: string): Promise<ConnectedAccountState>;
}

/** A payment provider (sandbox fake bank or Stripe). */
export interface PaymentProvider {
  /** Connect onboarding of payout accounts; Stripe only (the sandbox takes bank details). */
  readonly connectedAccounts?: ConnectedAccounts;
  readonly name: 'sandbox' | 'stripe';
  readonly testMode: boolean;
  /**
   * At payment initialisation. Stripe: creates a PaymentIntent (capture_method manual,
   * metadata.paymentId; with `saveCard`, a Customer and `setup_future_usage: 'off_session'` for a
   * plan's first visit). Sandbox: no-op.
   */
  prepare(input: {
    paymentId: string;
    amount: number;
    currency: string;
    idempotencyKey: string;
    saveCard?: boolean;
  }): Promise<{ ref: string | null; clientSecret: string | null; publishableKey: string | null }>;
  /** Sandbox: authorises `card`. Stripe: reads the PaymentIntent `ref` the browser confirmed with Stripe.js. */
  authorize(input: {
    paymentId: string;
    ref: string | null;
    amount: number;
    currency: string;
    card?: CardDetails;
    idempotencyKey: string;
  }): Promise<AuthorizeResult>;
  capture(input: {
    ref: string;
    amount: number;
    currency: string;
    idempotencyKey: string;
  }): Promise<void>;
  void(input: { ref: string; idempotencyKey: string }): Promise<void>;
  refund(input: {
    ref: string;
    amount: number;
    currency: string;
    idempotencyKey: string;
  }): Promise<{ refundRef: string; status: 'pending' | 'succeeded' }>;
  /**
   * Pays `amount` (minor units) in `currency` out to a vendor, with our payout id as
   * metadata, to `destination`: the sandbox's verified bank account (its last four digits, kept
   * on the fake bank's row) or a Stripe connected account (`acct_…`, a Connect transfer). Without
   * a destination it throws an Error with `permanent: true`. A repeated
   * `idempotencyKey` returns the first payout's ref and moves no money again; transient failures
   * throw (the outbox retries), a refusal no retry can change carries `permanent: true`.
   */
  payout(input: {
    payoutId: string;
    amount: number;
    currency: string;
    destination: string | null;
    idempotencyKey: string;
  }): Promise<{ ref: string }>;
  /**
   * Keeps the card of an authorised checkout for later off-session charges (a plan's visits).
   * Sandbox: a `sandbox_payment_methods` row `sbx_pm_…` (last four digits, the test card's
   * off-session behaviour), one per payment. Stripe: the PaymentIntent's saved PaymentMethod
   * and Customer. Null when the provider kept nothing.
   */
  saveCard?(input: {
    paymentId: string;
    /** The authorised charge (Stripe: the PaymentIntent `pi_…`). */
    ref: string;
    card?: CardDetails;
  }): Promise<SavedCard | null>;
  /**
   * Authorises `amount` (minor units) on a saved card without the customer present
   * (Stripe: `off_session: true, confirm: true, capture_method: 'manual'`). A decline (also
   * "authentication required") is a value; a repeated `idempotencyKey` returns the first outcome.
   */
  offSessionAuthorize?(input: {
    paymentMethodRef: string;
    customerRef?: string | null;
    amount: number;
    currency: string;
    paymentId: string;
    idempotencyKey: string;
  }): Promise<AuthorizeResult>;
  /** What the provider did to this charge (admin view). */
  events(ref: string): Promise<ProviderEvent[]>;
  /** Charges created since `since` (reconciliation: find orphans our database does not account for). */
  charges(since: Date): Promise<ProviderCharge[]>;
}
