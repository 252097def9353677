import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config';
import type { PaymentProvider } from '../src/domains/payments/provider';
import { createStripeProvider } from '../src/domains/payments/stripe-provider';
import { StripeFake } from './stripe-fake';

/** The Stripe provider through the official SDK against a local fake of the Stripe API (no network). */
describe('Stripe provider', () => {
  const fake = new StripeFake();
  let stripe: PaymentProvider;

  beforeAll(async () => {
    const at = await fake.start();
    stripe = createStripeProvider({
      secretKey: 'sk_test_fake',
      publishableKey: 'pk_test_fake',
      ...at,
    });
  });
  afterAll(() => fake.stop());

  const paymentId = () => crypto.randomUUID();

  it('is a test-mode provider with a test key and makes no call when created', () => {
    const before = fake.requests.length;
    const live = createStripeProvider({ secretKey: 'sk_live_x', publishableKey: 'pk_live_x' });
    expect(live.testMode).toBe(false);
    expect(stripe.testMode).toBe(true);
    expect(stripe.name).toBe('stripe');
    expect(fake.requests.length).toBe(before);
  });

  it('prepare creates a manual-capture PaymentIntent with the payment id and the key', async () => {
    const id = paymentId();
    const prepared = await stripe.prepare({
      paymentId: id,
      amount: 5250,
      currency: 'EUR',
      idempotencyKey: `payment:${id}:prepare`,
    });
    expect(prepared.publishableKey).toBe('pk_test_fake');
    expect(prepared.ref).toMatch(/^pi_/);
    expect(prepared.clientSecret).toMatch(new RegExp(`^${prepared.ref}_secret_`));
    const [call] = fake.calls('POST', /^\/v1\/payment_intents$/).slice(-1);
    expect(call).toMatchObject({
      idempotencyKey: `payment:${id}:prepare`,
      params: {
        amount: '5250',
        currency: 'eur',
        capture_method: 'manual',
        metadata: { paymentId: id },
      },
    });
    // The same key again: Stripe answers the first intent, no second one.
    const again = await stripe.prepare({
      paymentId: id,
      amount: 5250,
      currency: 'EUR',
      idempotencyKey: `payment:${id}:prepare`,
    });
    expect(again.ref).toBe(prepared.ref);
    expect([...fake.intents.values()].filter((i) => i.metadata.paymentId === id)).toHaveLength(1);
  });

  it('authorize reads the intent: requires_action, declined, then authorized with last4', async () => {
    const id = paymentId();
    const { ref } = await stripe.prepare({
      paymentId: id,
      amount: 1000,
      currency: 'EUR',
      idempotencyKey: `payment:${id}:prepare`,
    });
    const input = { paymentId: id, ref, amount: 1000, currency: 'EUR', idempotencyKey: 'k1' };
    const pending = await stripe.authorize(input);
    expect(pending).toMatchObject({ status: 'requires_action', ref });

    fake.decline(ref!, 'Your card has insufficient funds.', '9995');
    expect(await stripe.authorize(input)).toEqual({
      status: 'declined',
      code: 'generic_decline',
      message: 'Your card has insufficient funds.',
      last4: '9995',
    });

    fake.confirm(ref!, '4242');
    expect(await stripe.authorize(input)).toEqual({ status: 'authorized', ref, last4: '4242' });
    // An intent made for another payment or amount is never accepted.
    expect(await stripe.authorize({ ...input, amount: 999 })).toMatchObject({
      status: 'declined',
      code: 'payment_mismatch',
    });
    expect(await stripe.authorize({ ...input, paymentId: paymentId() })).toMatchObject({
      status: 'declined',
      code: 'payment_mismatch',
    });
  });

  it('capture, refund and events pass the idempotency keys; a repeated capture is a no-op', async () => {
    const id = paymentId();
    const { ref } = await stripe.prepare({
      paymentId: id,
      amount: 4000,
      currency: 'EUR',
      idempotencyKey: `payment:${id}:prepare`,
    });
    fake.confirm(ref!);
    await stripe.capture({
      ref: ref!,
      amount: 4000,
      currency: 'EUR',
      idempotencyKey: `payment:${id}:capture`,
    });
    // A redelivery with a new key after a lost response: already captured, no error, no new capture.
    await stripe.capture({
      ref: ref!,
      amount: 4000,
      currency: 'EUR',
      idempotencyKey: `payment:${id}:capture:2`,
    });
    const captures = fake.calls('POST', new RegExp(`^/v1/payment_intents/${ref}/capture$`));
    expect(captures.map((c) => c.idempotencyKey)).toEqual([
      `payment:${id}:capture`,
      `payment:${id}:capture:2`,
    ]);
    expect(fake.intents.get(ref!)?.amount_received).toBe(4000);

    fake.refundStatus = 'pending';
    const refund = await stripe.refund({
      ref: ref!,
      amount: 1500,
      currency: 'EUR',
      idempotencyKey: `payment:${id}:refund:1`,
    });
    fake.refundStatus = 'succeeded';
    expect(refund.status).toBe('pending');
    const again = await stripe.refund({
      ref: ref!,
      amount: 1500,
      currency: 'EUR',
      idempotencyKey: `payment:${id}:refund:1`,
    });
    expect(again).toEqual({ refundRef: refund.refundRef, status: 'pending' });
    // Stripe settles it later; the same key now reads the settled refund, never a second one.
    fake.settleRefund(refund.refundRef);
    const settled = await stripe.refund({
      ref: ref!,
      amount: 1500,
      currency: 'EUR',
      idempotencyKey: `payment:${id}:refund:1`,
    });
    expect(settled).toEqual({ refundRef: refund.refundRef, status: 'succeeded' });
    expect([...fake.refunds.values()].filter((r) => r.payment_intent === ref)).toHaveLength(1);
    expect(
      fake.calls('POST', /^\/v1\/refunds$/).filter((c) => c.params.payment_intent === ref),
    ).toHaveLength(1);

    const events = await stripe.events(ref!);
    expect(events.map((e) => [e.type, e.amount, e.currency, e.idempotencyKey])).toEqual([
      ['authorization', 4000, 'EUR', `payment:${id}:prepare`],
      ['capture', 4000, 'EUR', `payment:${id}:capture`],
      ['refund', 1500, 'EUR', `payment:${id}:refund:1`],
    ]);
  });

  it('void cancels the intent once; voiding again succeeds without a second cancel taking effect', async () => {
    const id = paymentId();
    const { ref } = await stripe.prepare({
      paymentId: id,
      amount: 2000,
      currency: 'EUR',
      idempotencyKey: `payment:${id}:prepare`,
    });
    fake.confirm(ref!);
    await stripe.void({ ref: ref!, idempotencyKey: `payment:${id}:void` });
    await stripe.void({ ref: ref!, idempotencyKey: `payment:${id}:void:again` });
    expect(fake.intents.get(ref!)?.status).toBe('canceled');
    expect(
      fake.calls('POST', /\/cancel$/).filter((c) => c.path.includes(ref!))[0]?.idempotencyKey,
    ).toBe(`payment:${id}:void`);
    const events = await stripe.events(ref!);
    expect(events.map((e) => e.type)).toEqual(['authorization', 'void']);
  });

  it('charges(since) lists authorised, captured, voided and refunded intents across pages', async () => {
    const since = new Date();
    const local = new StripeFake();
    const at = await local.start();
    try {
      const provider = createStripeProvider({
        secretKey: 'sk_test_x',
        publishableKey: 'pk_test_x',
        ...at,
      });
      const make = async (amount: number) => {
        const id = paymentId();
        const { ref } = await provider.prepare({
          paymentId: id,
          amount,
          currency: 'EUR',
          idempotencyKey: id,
        });
        return { id, ref: ref! };
      };
      const unpaid = await make(100);
      const held = await make(200);
      local.confirm(held.ref);
      const captured = await make(300);
      local.confirm(captured.ref);
      await provider.capture({
        ref: captured.ref,
        amount: 300,
        currency: 'EUR',
        idempotencyKey: 'c1',
      });
      const refunded = await make(400);
      local.confirm(refunded.ref);
      await provider.capture({
        ref: refunded.ref,
        amount: 400,
        currency: 'EUR',
        idempotencyKey: 'c2',
      });
      await provider.refund({
        ref: refunded.ref,
        amount: 400,
        currency: 'EUR',
        idempotencyKey: 'r2',
      });
      const partial = await make(500);
      local.confirm(partial.ref);
      await provider.capture({
        ref: partial.ref,
        amount: 500,
        currency: 'EUR',
        idempotencyKey: 'c3',
      });
      await provider.refund({
        ref: partial.ref,
        amount: 100,
        currency: 'EUR',
        idempotencyKey: 'r3',
      });
      const voided = await make(600);
      local.confirm(voided.ref);
      await provider.void({ ref: voided.ref, idempotencyKey: 'v1' });
      // More than one page of 100 so auto-pagination is exercised.
      for (let i = 0; i < 101; i++) await make(1);

      const charges = await provider.charges(since);
      const byRef = new Map(charges.map((c) => [c.ref, c]));
      expect(byRef.has(unpaid.ref)).toBe(false);
      expect(byRef.get(held.ref)).toMatchObject({
        paymentId: held.id,
        state: 'authorized',
        amount: 200,
      });
      expect(byRef.get(captured.ref)).toMatchObject({ state: 'captured', amountRefunded: 0 });
      expect(byRef.get(refunded.ref)).toMatchObject({ state: 'refunded', amountRefunded: 400 });
      expect(byRef.get(partial.ref)).toMatchObject({
        state: 'partially_refunded',
        amountRefunded: 100,
      });
      expect(byRef.get(voided.ref)).toMatchObject({ state: 'voided', currency: 'EUR' });
      expect(charges).toHaveLength(5);
      expect(local.calls('GET', /^\/v1\/payment_intents$/).length).toBeGreaterThan(1);
    } finally {
      await local.stop();
    }
  });
});

describe('Stripe configuration', () => {
  const base = { JWT_SECRET: 'x'.repeat(40), PAYMENT_PROVIDER: 'stripe' };
  const problems = (env: Record<string, string>) => {
    try {
      loadConfig(env);
    } catch (err) {
      if (err instanceof ConfigError) return err.problems;
      throw err;
    }
    return [];
  };

  it('PAYMENT_PROVIDER=stripe without its keys fails at start, naming each missing variable', () => {
    expect(problems(base)).toEqual([
      { variable: 'STRIPE_SECRET_KEY', message: 'is required when PAYMENT_PROVIDER=stripe' },
      { variable: 'STRIPE_PUBLISHABLE_KEY', message: 'is required when PAYMENT_PROVIDER=stripe' },
      { variable: 'STRIPE_WEBHOOK_SECRET', message: 'is required when PAYMENT_PROVIDER=stripe' },
    ]);
    expect(
      problems({ ...base, STRIPE_SECRET_KEY: 'sk_test_a', STRIPE_PUBLISHABLE_KEY: 'pk_test_a' }),
    ).toEqual([
      { variable: 'STRIPE_WEBHOOK_SECRET', message: 'is required when PAYMENT_PROVIDER=stripe' },
    ]);
  });

  it('refuses a key of the wrong kind without echoing it', () => {
    const found = problems({
      ...base,
      STRIPE_SECRET_KEY: 'pk_test_swapped',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_a',
      STRIPE_WEBHOOK_SECRET: 'whsec_a',
    });
    expect(found.map((p) => p.variable)).toEqual(['STRIPE_SECRET_KEY']);
    expect(JSON.stringify(found)).not.toContain('pk_test_swapped');
  });

  it('reads the keys and the test API address; sandbox needs none of them', () => {
    const config = loadConfig({
      ...base,
      STRIPE_SECRET_KEY: 'sk_test_a',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_a',
      STRIPE_WEBHOOK_SECRET: 'whsec_a',
      STRIPE_API_HOST: '127.0.0.1',
      STRIPE_API_PORT: '12111',
      STRIPE_API_PROTOCOL: 'http',
    });
    expect(config.paymentProvider).toBe('stripe');
    expect(config.stripe).toEqual({
      secretKey: 'sk_test_a',
      publishableKey: 'pk_test_a',
      webhookSecret: 'whsec_a',
      host: '127.0.0.1',
      port: 12111,
      protocol: 'http',
    });
    const sandbox = loadConfig({ JWT_SECRET: 'x'.repeat(40) });
    expect(sandbox.paymentProvider).toBe('sandbox');
    expect(sandbox.stripe).toBeUndefined();
  });
});
