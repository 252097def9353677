/**
 * Where a pro's payouts go: `GET/PUT /v1/vendor/payout-account`. With the sandbox provider a bank
 * account (an IBAN, or a US routing number and account number) checked on the server; with
 * Stripe, a Connect Express account the pro completes on Stripe's onboarding pages. Only the
 * last four digits of an account (and a US routing number, which is public) are ever stored.
 */
import { z } from 'zod';
import { isoDateTime, text } from './common';

/** 409 of `POST /v1/vendor/payouts` while the pro has no verified payout account. */
export const PAYOUT_ACCOUNT_REQUIRED_MESSAGE = 'Add where your payouts go first';

/** `bank_account` (sandbox: details entered here) or `stripe_connect` (Stripe Express account). */
export const payoutAccountKindSchema = z.enum(['bank_account', 'stripe_connect']);
export type PayoutAccountKind = z.infer<typeof payoutAccountKindSchema>;

/**
 * `pending`: Stripe still needs details (onboarding not finished); `verified`: payouts can be
 * sent; `restricted`: Stripe disabled payouts to it (the pro must update details at Stripe).
 */
export const payoutAccountStatusSchema = z.enum(['pending', 'verified', 'restricted']);
export type PayoutAccountStatus = z.infer<typeof payoutAccountStatusSchema>;

/** A pro's payout destination as shown back: never a full account number. */
export const payoutAccountSchema = z.object({
  kind: payoutAccountKindSchema,
  status: payoutAccountStatusSchema,
  /** ISO 3166-1 alpha-2 country of the bank account ('' until Stripe reports it). */
  country: z.string(),
  holderName: z.string(),
  /** Last four digits of the IBAN or account number ("•••• 6789"); '' until known. */
  last4: z.string(),
  /** US routing number (public); null for an IBAN or a Stripe account. */
  routingNumber: z.string().nullable(),
  updatedAt: isoDateTime,
});
export type PayoutAccount = z.infer<typeof payoutAccountSchema>;

/** `GET/PUT /v1/vendor/payout-account`: the provider in use, the account (null before one is added). */
export const payoutAccountStateSchema = z.object({
  /** Which form applies: `sandbox` takes bank details, `stripe` uses Connect onboarding. */
  provider: z.enum(['sandbox', 'stripe']),
  account: payoutAccountSchema.nullable(),
  /**
   * Stripe's onboarding page to send the pro to (an account link, single use and short-lived);
   * only in the answer of a `stripe_connect` PUT, else null.
   */
  onboardingUrl: z.string().nullable(),
});
export type PayoutAccountState = z.infer<typeof payoutAccountStateSchema>;

const holderName = text()
  .trim()
  .min(2, 'Enter the account holder’s name as your bank has it')
  .max(100, 'Use at most 100 characters');
const country = text()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]{2}$/, 'Choose the country of your bank');

/**
 * `PUT /v1/vendor/payout-account` body, by `type`:
 * - `iban`: an IBAN account (spaces allowed); its country must be `country`.
 * - `us_bank_account`: a US routing number (9 digits, ABA checksum) and account number.
 * - `stripe_connect`: start (or continue) Stripe Connect onboarding; the answer carries the URL.
 * Check digits are verified on the server (422 with what to fix).
 */
export const putPayoutAccountBodySchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('iban'),
    country,
    holderName,
    iban: text()
      .trim()
      .min(1, 'Enter your IBAN')
      .max(42, 'An IBAN has at most 34 letters and digits'),
  }),
  z.object({
    type: z.literal('us_bank_account'),
    country: z.literal('US', 'US bank accounts are in the US'),
    holderName,
    routingNumber: text()
      .trim()
      .regex(/^\d{9}$/, 'A routing number has 9 digits'),
    accountNumber: text()
      .trim()
      .regex(/^\d{4,17}$/, 'An account number has 4 to 17 digits'),
  }),
  z.object({ type: z.literal('stripe_connect'), country }),
]);
export type PutPayoutAccountBody = z.input<typeof putPayoutAccountBodySchema>;
