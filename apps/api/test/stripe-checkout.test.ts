import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications, orders, outbox, payments, webhookEvents } from '../src/db/schema';
import {
  availableSlots,
  bearer,
  book,
  createCustomer,
  createVendor,
  type TestUser,
  type TestVendor,
} from './fixtures';
import { createTestContext, type TestContext } from './helpers';
import { StripeFake } from './stripe-fake';

/**
 * Checkout with `PAYMENT_PROVIDER=stripe` end to end through `app.inject`, the official SDK
 * pointed at a local fake of the Stripe API (no network). The browser's Stripe.js confirmation
 * is simulated by the fake (`confirm`/`decline`); webhooks are signed with the SDK's
 * `generateTestHeaderString`.
 */
const WEBHOOK_SECRET = 'whsec_test_secret';
const fake = new StripeFake();
let ctx: TestContext;
let vendor: TestVendor;
/** Requests the fake had received once the app was built and ready. */
let requestsAtStart = -1;

beforeAll(async () => {
  const at = await fake.start();
  ctx = await createTestContext({
    paymentProvider: 'stripe',
    stripe: {
      secretKey: 'sk_test_vetted',
      publishableKey: 'pk_test_vetted',
      webhookSecret: WEBHOOK_SECRET,
      ...at,
    },
  });
  requestsAtStart = fake.requests.length;
  vendor = await createVendor(ctx, { serviceTitle: 'Boiler service', price: 20_000 });
});
afterAll(async () => {
  await ctx?.close();
  await fake.stop();
});

interface PaymentDto {
  id: string;
  status: string;
  provider: string;
  clientSecret?: string | null;
  publishableKey?: string | null;
  cardLast4: string | null;
  failureMessage: string | null;
  testMode: boolean;
}

/** A booking of the vendor's `index`-th free slot in the next 5 days (-1: the last one). */
async function newOrder(customer: TestUser, index = 0) {
  const slots = await availableSlots(ctx, vendor.serviceId, 5);
  const slot = slots.at(index)!;
  const res = await book(ctx, customer, vendor.serviceId, slot.startsAt);
  expect(res.statusCode).toBe(201);
  return res.json().data as { id: string; total: { amount: number; currency: string } };
}

async function initialize(customer: TestUser, orderId: string): Promise<PaymentDto> {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/v1/payments/initialize',
    headers: bearer(customer.token),
    payload: { orderId },
  });
  expect(res.statusCode).toBe(200);
  return res.json().data;
}

/** Our confirm endpoint as the web app calls it after Stripe.js: no card data at all. */
const confirm = (customer: TestUser, paymentId: string) =>
  ctx.app.inject({
    method: 'POST',
    url: `/v1/payments/${paymentId}/confirm`,
    headers: bearer(customer.token),
    payload: {},
  });

const transition = (user: TestUser, orderId: string, action: string) =>
  ctx.app.inject({
    method: 'POST',
    url: `/v1/orders/${orderId}/transitions`,
    headers: bearer(user.token),
    payload: { action },
  });

const paymentRow = async (id: string) =>
  (await ctx.app.db.select().from(payments).where(eq(payments.id, id)))[0]!;
const orderStatus = async (id: string) =>
  (await ctx.app.db.select().from(orders).where(eq(orders.id, id)))[0]!.status;

/** A Stripe event as Stripe sends it. */
function event(type: string, object: object) {
  return {
    id: `evt_${randomBytes(12).toString('hex')}`,
    object: 'event',
    api_version: Stripe.API_VERSION,
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
    data: { object },
  };
}

/** POSTs `body` to the webhook, signed with `secret` (default: the configured one). */
function sendWebhook(body: object, secret = WEBHOOK_SECRET, signature?: string | null) {
  const payload = JSON.stringify(body);
  const header =
    signature === undefined
      ? Stripe.webhooks.generateTestHeaderString({ payload, secret })
      : signature;
  return ctx.app.inject({
    method: 'POST',
    url: '/v1/payments/webhooks/stripe',
    headers: {
      'content-type': 'application/json; charset=utf-8',
      ...(header === null ? {} : { 'stripe-signature': header }),
    },
    payload,
  });
}

describe('Stripe checkout', () => {
  it('start-up makes no call to Stripe', () => {
    expect(ctx.config.paymentProvider).toBe('stripe');
    expect(requestsAtStart).toBe(0);
  });

  it('initialize creates one manual-capture PaymentIntent and returns its client secret and the publishable key', async () => {
    const customer = await createCustomer(ctx);
    const order = await newOrder(customer);
    const p = await initialize(customer, order.id);
    expect(p).toMatchObject({
      provider: 'stripe',
      status: 'requires_payment',
      testMode: true,
      publishableKey: 'pk_test_vetted',
    });
    const intent = fake.intentFor(p.id)!;
    expect(intent).toMatchObject({
      amount: order.total.amount,
      currency: order.total.currency.toLowerCase(),
      capture_method: 'manual',
    });
    expect(p.clientSecret).toBe(intent.client_secret);
    const creates = fake
      .calls('POST', /^\/v1\/payment_intents$/)
      .filter((c) => (c.params.metadata as { paymentId?: string }).paymentId === p.id);
    expect(creates.map((c) => c.idempotencyKey)).toEqual([`payment:${p.id}:prepare`]);

    // Opening checkout again (reload) resumes the same intent: Stripe replays the same key.
    const again = await initialize(customer, order.id);
    expect(again.id).toBe(p.id);
    expect(again.clientSecret).toBe(intent.client_secret);
    expect([...fake.intents.values()].filter((i) => i.metadata.paymentId === p.id)).toHaveLength(1);
    expect((await paymentRow(p.id)).providerRef).toBe(intent.id);
  });

  it('confirm (no card data) marks the order paid once Stripe.js authorised the card; accept captures with the stored key', async () => {
    const customer = await createCustomer(ctx);
    const order = await newOrder(customer);
    const p = await initialize(customer, order.id);
    const intent = fake.intentFor(p.id)!;

    // Before the browser has confirmed the card, the intent still needs it.
    const early = await confirm(customer, p.id);
    expect(early.statusCode).toBe(402);
    expect(early.json().error.code).toBe('requires_action');
    expect(await orderStatus(order.id)).toBe('pending_payment');

    fake.confirm(intent.id, '4242');
    const res = await confirm(customer, p.id);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.payment).toMatchObject({ status: 'authorized', cardLast4: '4242' });
    expect(res.json().data.order.status).toBe('paid');
    // No card number ever reached our server: every request to it carried none.
    expect(JSON.stringify(fake.requests)).not.toMatch(/4242424242424242/);

    expect((await transition(vendor, order.id, 'accept')).statusCode).toBe(200);
    await ctx.drain();
    const captures = fake.calls('POST', new RegExp(`^/v1/payment_intents/${intent.id}/capture$`));
    expect(captures.map((c) => c.idempotencyKey)).toEqual([`payment:${p.id}:capture`]);
    expect(fake.intents.get(intent.id)?.status).toBe('succeeded');
    expect((await paymentRow(p.id)).status).toBe('captured');
  });

  it("a decline in the browser answers 402 with Stripe's message; another card then succeeds", async () => {
    const customer = await createCustomer(ctx);
    const order = await newOrder(customer);
    const p = await initialize(customer, order.id);
    const intent = fake.intentFor(p.id)!;
    fake.decline(intent.id, 'Your card has insufficient funds.', '9995');
    const declined = await confirm(customer, p.id);
    expect(declined.statusCode).toBe(402);
    expect(declined.json().error.message).toBe('Your card has insufficient funds.');
    expect(await paymentRow(p.id)).toMatchObject({ status: 'failed', cardLast4: '9995' });

    fake.confirm(intent.id, '4444');
    const paid = await confirm(customer, p.id);
    expect(paid.statusCode).toBe(200);
    expect(paid.json().data.payment).toMatchObject({ status: 'authorized', cardLast4: '4444' });
  });

  it('vendor decline voids the authorisation (cancel, with the void key)', async () => {
    const customer = await createCustomer(ctx);
    const order = await newOrder(customer);
    const p = await initialize(customer, order.id);
    const intent = fake.intentFor(p.id)!;
    fake.confirm(intent.id);
    expect((await confirm(customer, p.id)).statusCode).toBe(200);

    expect((await transition(vendor, order.id, 'decline')).statusCode).toBe(200);
    await ctx.drain();
    const cancels = fake.calls('POST', new RegExp(`^/v1/payment_intents/${intent.id}/cancel$`));
    expect(cancels.map((c) => c.idempotencyKey)).toEqual([`payment:${p.id}:void:${intent.id}`]);
    expect(fake.intents.get(intent.id)?.status).toBe('canceled');
    expect(fake.calls('POST', new RegExp(`/${intent.id}/capture$`))).toHaveLength(0);
    expect((await paymentRow(p.id)).status).toBe('voided');
  });

  it('customer cancel before acceptance voids too', async () => {
    const customer = await createCustomer(ctx);
    const order = await newOrder(customer);
    const p = await initialize(customer, order.id);
    const intent = fake.intentFor(p.id)!;
    fake.confirm(intent.id);
    expect((await confirm(customer, p.id)).statusCode).toBe(200);
    expect((await transition(customer, order.id, 'cancel')).statusCode).toBe(200);
    await ctx.drain();
    expect(fake.intents.get(intent.id)?.status).toBe('canceled');
    expect((await paymentRow(p.id)).status).toBe('voided');
  });

  it('a cancel after capture refunds: "Refund pending" until Stripe settles it (refund.updated), then refunded', async () => {
    const customer = await createCustomer(ctx);
    const order = await newOrder(customer, -1); // the last slot: more than 24 h ahead, full refund
    const p = await initialize(customer, order.id);
    const intent = fake.intentFor(p.id)!;
    fake.confirm(intent.id);
    expect((await confirm(customer, p.id)).statusCode).toBe(200);
    expect((await transition(vendor, order.id, 'accept')).statusCode).toBe(200);
    await ctx.drain();
    expect((await paymentRow(p.id)).status).toBe('captured');

    fake.refundStatus = 'pending';
    try {
      expect((await transition(customer, order.id, 'cancel')).statusCode).toBe(200);
      await ctx.drain();
    } finally {
      fake.refundStatus = 'succeeded';
    }
    const refunds = [...fake.refunds.values()].filter((r) => r.payment_intent === intent.id);
    expect(refunds).toHaveLength(1);
    expect(refunds[0]).toMatchObject({ amount: order.total.amount, status: 'pending' });
    expect((await paymentRow(p.id)).status).toBe('refund_pending');

    const settled = fake.settleRefund(refunds[0]!.id);
    const res = await sendWebhook(event('refund.updated', settled));
    expect(res.statusCode).toBe(200);
    expect(res.json().data.outcome).toBe('handled');
    await ctx.drain();
    expect(await paymentRow(p.id)).toMatchObject({
      status: 'refunded',
      amountRefunded: order.total.amount,
    });
    expect(await orderStatus(order.id)).toBe('refunded');
    // Still one refund at Stripe, and exactly one refund request carried its key.
    expect([...fake.refunds.values()].filter((r) => r.payment_intent === intent.id)).toHaveLength(
      1,
    );
    const posts = fake
      .calls('POST', /^\/v1\/refunds$/)
      .filter((c) => c.params.payment_intent === intent.id);
    expect(posts.map((c) => c.idempotencyKey)).toEqual([`payment:${p.id}:refund:1`]);
  });
});

describe('POST /v1/payments/webhooks/stripe', () => {
  it('payment_intent.amount_capturable_updated marks the order paid; a replay of the event changes nothing', async () => {
    const customer = await createCustomer(ctx);
    const order = await newOrder(customer);
    const p = await initialize(customer, order.id);
    const intent = fake.confirm(fake.intentFor(p.id)!.id, '1881');
    const evt = event('payment_intent.amount_capturable_updated', intent);

    const res = await sendWebhook(evt);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true, data: { received: true, outcome: 'handled' } });
    expect(await paymentRow(p.id)).toMatchObject({ status: 'authorized', cardLast4: '1881' });
    expect(await orderStatus(order.id)).toBe('paid');

    const before = {
      outbox: (await ctx.app.db.select().from(outbox)).length,
      payment: await paymentRow(p.id),
    };
    const replay = await sendWebhook(evt);
    expect(replay.statusCode).toBe(200);
    expect(replay.json().data.outcome).toBe('duplicate');
    expect((await ctx.app.db.select().from(outbox)).length).toBe(before.outbox);
    expect(await paymentRow(p.id)).toEqual(before.payment);
    const recorded = await ctx.app.db
      .select()
      .from(webhookEvents)
      .where(eq(webhookEvents.eventId, evt.id));
    expect(recorded).toHaveLength(1);
    expect(recorded[0]).toMatchObject({ provider: 'stripe', type: evt.type });

    // The browser's confirm arriving after the webhook finds it paid: no second authorisation.
    const late = await confirm(customer, p.id);
    expect(late.statusCode).toBe(409);
    expect(late.json().error.code).toBe('already_paid');
    await ctx.drain();
    const notices = await ctx.app.db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, customer.id));
    expect(notices.filter((n) => n.title === 'Card authorised')).toHaveLength(1);
  });

  it('a stale amount_capturable_updated for an intent not authorised at Stripe changes nothing', async () => {
    const customer = await createCustomer(ctx);
    const order = await newOrder(customer);
    const p = await initialize(customer, order.id);
    const intent = fake.intentFor(p.id)!;
    // Forged-looking data in a correctly signed event: we read the intent back from Stripe.
    const res = await sendWebhook(
      event('payment_intent.amount_capturable_updated', { ...intent, status: 'requires_capture' }),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().data.outcome).toBe('ignored');
    expect((await paymentRow(p.id)).status).toBe('requires_payment');
    expect(await orderStatus(order.id)).toBe('pending_payment');
  });

  it("payment_intent.payment_failed marks an open payment failed with Stripe's message", async () => {
    const customer = await createCustomer(ctx);
    const order = await newOrder(customer);
    const p = await initialize(customer, order.id);
    const intent = fake.decline(fake.intentFor(p.id)!.id, 'Your card was declined.', '0002');
    const res = await sendWebhook(event('payment_intent.payment_failed', intent));
    expect(res.statusCode).toBe(200);
    expect(await paymentRow(p.id)).toMatchObject({
      status: 'failed',
      failureMessage: 'Your card was declined.',
      cardLast4: '0002',
    });
    expect(await orderStatus(order.id)).toBe('pending_payment');
  });

  it('answers 400 "Invalid signature" for a wrong secret, an altered body or no signature, and records nothing', async () => {
    const customer = await createCustomer(ctx);
    const order = await newOrder(customer);
    const p = await initialize(customer, order.id);
    const intent = fake.confirm(fake.intentFor(p.id)!.id);
    const evt = event('payment_intent.amount_capturable_updated', intent);

    const wrongSecret = await sendWebhook(evt, 'whsec_someone_else');
    expect(wrongSecret.statusCode).toBe(400);
    expect(wrongSecret.json()).toMatchObject({
      ok: false,
      error: { message: 'Invalid signature' },
    });

    const payload = JSON.stringify(evt);
    const header = Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
    const altered = await ctx.app.inject({
      method: 'POST',
      url: '/v1/payments/webhooks/stripe',
      headers: { 'content-type': 'application/json', 'stripe-signature': header },
      payload: payload.replace(`"${intent.id}"`, '"pi_other"'),
    });
    expect(altered.statusCode).toBe(400);
    expect(altered.json().error.message).toBe('Invalid signature');

    const unsigned = await sendWebhook(evt, WEBHOOK_SECRET, null);
    expect(unsigned.statusCode).toBe(400);
    expect(unsigned.json().error.message).toBe('Invalid signature');

    const garbage = await sendWebhook(evt, WEBHOOK_SECRET, 't=1,v1=deadbeef');
    expect(garbage.statusCode).toBe(400);

    expect(
      await ctx.app.db.select().from(webhookEvents).where(eq(webhookEvents.eventId, evt.id)),
    ).toHaveLength(0);
    expect((await paymentRow(p.id)).status).toBe('requires_payment');
  });

  it('answers 200 to event types it does not act on', async () => {
    const res = await sendWebhook(event('customer.created', { id: 'cus_1', object: 'customer' }));
    expect(res.statusCode).toBe(200);
    expect(res.json().data.outcome).toBe('ignored');
  });
});
