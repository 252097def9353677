import { randomBytes } from 'node:crypto';
import { AppError, badRequest } from '../../lib/errors';

export interface CardDetails {
  /** Digits only. */
  number: string;
  expMonth: number;
  expYear: number;
  cvc: string;
  name: string;
}

export type ChargeResult =
  | { ok: true; ref: string; last4: string }
  | { ok: false; message: string; code: string; last4: string };

export type RefundResult = { ok: true; ref: string } | { ok: false; message: string };

/**
 * A card payment processor (ARCHITECTURE §2 payments). `charge` answers a decline as a value
 * (the customer can retry with another card); it throws AppError for requests that can never
 * succeed (a malformed card number, a provider that is not configured).
 */
export interface PaymentProvider {
  readonly name: 'sandbox' | 'stripe';
  /** True when no real money moves; shown as "Test mode" in the UI. */
  readonly testMode: boolean;
  charge(input: {
    amount: number;
    currency: string;
    card: CardDetails;
    /** Same key → same outcome, never a second charge (honoured by real providers). */
    idempotencyKey: string;
  }): Promise<ChargeResult>;
  refund(ref: string, amount: number): Promise<RefundResult>;
}

/** The Luhn (mod 10) check every real card number passes. */
export function luhnValid(digits: string): boolean {
  if (!/^\d{12,19}$/.test(digits)) return false;
  let sum = 0;
  let double = false;
  for (let i = digits.length - 1; i >= 0; i--) {
    let d = digits.charCodeAt(i) - 48;
    if (double) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
    double = !double;
  }
  return sum % 10 === 0;
}

const ref = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;

/** Stripe-style test cards with a fixed outcome. Any other Luhn-valid number succeeds. */
export const SANDBOX_CARDS = {
  success: '4242424242424242',
  declined: '4000000000000002',
  insufficientFunds: '4000000000009995',
} as const;

/** In-process test provider: no network, no money. */
export class SandboxProvider implements PaymentProvider {
  readonly name = 'sandbox' as const;
  readonly testMode = true;
  private readonly charges = new Map<string, ChargeResult>();

  async charge(input: {
    amount: number;
    currency: string;
    card: CardDetails;
    idempotencyKey: string;
  }): Promise<ChargeResult> {
    const number = input.card.number.replace(/\D/g, '');
    if (!luhnValid(number)) {
      throw badRequest('Enter a valid card number', 'invalid_card_number', {
        'card.number': 'Enter a valid card number',
      });
    }
    const previous = this.charges.get(input.idempotencyKey);
    if (previous) return previous;
    const last4 = number.slice(-4);
    let result: ChargeResult;
    if (number === SANDBOX_CARDS.declined) {
      result = {
        ok: false,
        message: 'Your card was declined. Try another card.',
        code: 'card_declined',
        last4,
      };
    } else if (number === SANDBOX_CARDS.insufficientFunds) {
      result = {
        ok: false,
        message: 'Your card has insufficient funds. Try another card.',
        code: 'insufficient_funds',
        last4,
      };
    } else {
      result = { ok: true, ref: ref('sbx_ch'), last4 };
    }
    this.charges.set(input.idempotencyKey, result);
    // Keep the replay memory bounded in a long-running process.
    if (this.charges.size > 10_000) {
      const oldest = this.charges.keys().next().value;
      if (oldest !== undefined) this.charges.delete(oldest);
    }
    return result;
  }

  async refund(_ref: string, _amount: number): Promise<RefundResult> {
    return { ok: true, ref: ref('sbx_re') };
  }
}

/**
 * Stripe: a stub. Real Stripe takes card details in the browser (Stripe Elements →
 * PaymentIntent) and confirms through signed webhooks, so card numbers never reach this
 * server; that flow is not built yet. Without STRIPE_SECRET_KEY it answers 501 "Stripe is not
 * configured"; with one it still answers 501 until the PaymentIntents flow lands.
 */
export class StripeProvider implements PaymentProvider {
  readonly name = 'stripe' as const;
  readonly testMode: boolean;

  constructor(private readonly secretKey = process.env.STRIPE_SECRET_KEY) {
    this.testMode = !secretKey || secretKey.startsWith('sk_test_');
  }

  private unavailable(): never {
    if (!this.secretKey)
      throw new AppError(501, 'Stripe is not configured', 'provider_not_configured');
    throw new AppError(
      501,
      'Card payments through Stripe are not available yet',
      'not_implemented',
    );
  }

  async charge(): Promise<ChargeResult> {
    this.unavailable();
  }

  async refund(): Promise<RefundResult> {
    this.unavailable();
  }
}

const sandbox = new SandboxProvider();
let stripe: StripeProvider | undefined;

/** The provider by name (`config.paymentProvider` for new payments, `payments.provider` after). */
export function paymentProvider(name: string): PaymentProvider {
  if (name === 'stripe') {
    stripe ??= new StripeProvider();
    return stripe;
  }
  return sandbox;
}
