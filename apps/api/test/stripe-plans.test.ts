import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { orders, savedPaymentMethods } from '../src/db/schema';
import { createStripeProvider } from '../src/domains/payments/stripe-provider';
import { bearer, createCustomer, createVendor, type TestUser, type TestVendor } from './fixtures';
import { createTestContext, type TestContext } from './helpers';
import { StripeFake } from './stripe-fake';

/*
 * Recurring plans on `PAYMENT_PROVIDER=stripe`, the official SDK pointed at the local fake of
 * the Stripe API: the first visit's checkout saves its card on a Customer, later visits are
 * authorised off-session on it 48 h before they start. The fake clock (`vi.setSystemTime`)
 * moves the app; each test uses its own pro and customer.
 */
const fake = new StripeFake();
let at: { host: string; port: number; protocol: 'http' };
let ctx: TestContext;

beforeAll(async () => {
  at = await fake.start();
  ctx = await createTestContext({
    // The fake clock runs months ahead of the tokens' real issue time.
    accessTokenTtlS: 400 * 24 * 3600,
    paymentProvider: 'stripe',
    stripe: {
      secretKey: 'sk_test_vetted',
      publishableKey: 'pk_test_vetted',
      webhookSecret: 'whsec_test_secret',
      ...at,
    },
  });
});
afterAll(async () => {
  await ctx?.close();
  await fake.stop();
});
afterEach(() => vi.useRealTimers());

function clockAt(iso: string) {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(iso));
}

const send = (user: TestUser, method: 'GET' | 'POST', url: string, payload?: object) =>
  ctx.app.inject({ method, url, headers: bearer(user.token), payload });

/** Off-session PaymentIntent creations the fake received for payment `paymentId`. */
const offSessionCalls = (paymentId: string) =>
  fake
    .calls('POST', /^\/v1\/payment_intents$/)
    .filter((r) => r.params.off_session === 'true')
    .filter((r) => (r.params.metadata as Record<string, string>).paymentId === paymentId);

/**
 * A weekly plan of `customer` with `vendor` from `startsAt`, its first visit paid through the
 * Stripe checkout: initialize, Stripe.js confirms card `last4` in the browser, our confirm.
 */
async function stripePlan(customer: TestUser, vendor: TestVendor, startsAt: string, last4: string) {
  const created = await send(customer, 'POST', '/v1/plans', {
    serviceId: vendor.serviceId,
    startsAt,
    frequency: 'weekly',
    address: '12 Main Street, New York',
  });
  expect(created.statusCode, created.body).toBe(201);
  const plan = created.json().data as { id: string; firstOrderId: string };
  const init = await send(customer, 'POST', '/v1/payments/initialize', {
    orderId: plan.firstOrderId,
  });
  expect(init.statusCode, init.body).toBe(200);
  const paymentId = init.json().data.id as string;
  const intent = fake.intentFor(paymentId)!;
  expect(intent).toMatchObject({ capture_method: 'manual', setup_future_usage: 'off_session' });
  expect(fake.customers.get(intent.customer!)?.metadata).toEqual({ paymentId });
  fake.confirm(intent.id, last4);
  const paid = await send(customer, 'POST', `/v1/payments/${paymentId}/confirm`, {});
  expect(paid.statusCode, paid.body).toBe(200);
  return { ...plan, intent };
}

/** The plan's visit orders: visit → { id, status }. */
async function visitOrders(planId: string) {
  const rows = await ctx.app.db.select().from(orders).where(eq(orders.planId, planId));
  return Object.fromEntries(rows.map((o) => [o.planVisit, { id: o.id, status: o.status }]));
}

async function orderOf(user: TestUser, id: string) {
  const res = await send(user, 'GET', `/v1/orders/${id}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

async function noticeTypes(user: TestUser) {
  await ctx.drain();
  const res = await send(user, 'GET', '/v1/notifications?pageSize=50');
  return (res.json().data.items as { type: string }[]).map((n) => n.type);
}

const savedCardsOf = (customerId: string) =>
  ctx.app.db
    .select()
    .from(savedPaymentMethods)
    .where(eq(savedPaymentMethods.customerId, customerId));

describe('Stripe saved cards for plans', () => {
  it("saves the first visit's card on a Customer and authorises visit 2 off-session on it 48 h before", async () => {
    clockAt('2027-02-25T12:00:00Z');
    const pro = await createVendor(ctx, { businessName: 'Stripe Weekly Cleaners' });
    const ann = await createCustomer(ctx, 'Ann Stripe');
    const plan = await stripePlan(ann, pro, '2027-03-01T14:00:00.000Z', '4242');

    const pm = fake.intents.get(plan.intent.id)!.payment_method!;
    expect(pm).toMatch(/^pm_/);
    expect(fake.paymentMethods.get(pm)?.customer).toBe(plan.intent.customer);
    const cards = await savedCardsOf(ann.id);
    expect(cards).toHaveLength(1);
    expect(cards[0]).toMatchObject({
      provider: 'stripe',
      providerRef: pm,
      providerCustomerRef: plan.intent.customer,
      last4: '4242',
      brand: 'visa',
    });
    expect(cards[0]!.providerCustomerRef).toMatch(/^cus_/);

    const accepted = await send(pro, 'POST', `/v1/plans/${plan.id}/accept`);
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json().data).toMatchObject({ status: 'active', card: { last4: '4242' } });
    const visit2 = (await visitOrders(plan.id))[2]!;
    expect(visit2.status).toBe('pending_payment');

    // One minute before start − 48 h nothing is charged yet.
    clockAt('2027-03-06T13:59:00Z');
    await ctx.drain();
    expect((await visitOrders(plan.id))[2]?.status).toBe('pending_payment');

    clockAt('2027-03-06T14:01:00Z');
    await ctx.drain();
    await ctx.drain();
    const order = await orderOf(ann, visit2.id);
    expect(order.status).toBe('accepted');
    expect(order.payment).toMatchObject({ provider: 'stripe', cardLast4: '4242' });
    const calls = offSessionCalls(order.payment.id);
    expect(calls).toHaveLength(1);
    expect(calls[0]!.idempotencyKey).toBeTruthy();
    expect(calls[0]!.params).toMatchObject({
      off_session: 'true',
      confirm: 'true',
      capture_method: 'manual',
      customer: plan.intent.customer,
      payment_method: pm,
      amount: String(order.total.amount),
    });
    const offIntent = fake.intentFor(order.payment.id)!;
    expect(offIntent.status).toMatch(/requires_capture|succeeded/);

    // Later passes of the jobs charge nothing more.
    await ctx.drain();
    expect(offSessionCalls(order.payment.id)).toHaveLength(1);
  });

  it('a card that needs authentication off-session tells both and leaves visit 2 unpaid', async () => {
    clockAt('2027-04-01T12:00:00Z');
    const pro = await createVendor(ctx, { businessName: 'Stripe Declined Gardens' });
    const bo = await createCustomer(ctx, 'Bo Stripe');
    // Stripe's 4000 0027 6000 3184: 3-D Secure passed in the browser, required again off-session.
    const plan = await stripePlan(bo, pro, '2027-04-05T13:00:00.000Z', '3184');
    expect((await savedCardsOf(bo.id))[0]?.last4).toBe('3184');
    expect((await send(pro, 'POST', `/v1/plans/${plan.id}/accept`)).statusCode).toBe(200);
    const visit2 = (await visitOrders(plan.id))[2]!;

    clockAt('2027-04-10T13:01:00Z');
    await ctx.drain();
    await ctx.drain();
    expect((await visitOrders(plan.id))[2]?.status).toBe('pending_payment');
    expect(await noticeTypes(bo)).toContain('plan.visit_declined');
    expect(await noticeTypes(pro)).toContain('plan.visit_declined');
    const order = await orderOf(bo, visit2.id);
    expect(order.payment).toMatchObject({ status: 'failed', cardLast4: '3184' });
    expect(order.payment.failureMessage).toMatch(
      /confirm this payment: pay it from the order page/,
    );
    const calls = offSessionCalls(order.payment.id);
    expect(calls).toHaveLength(1);
    expect(calls[0]!.params).toMatchObject({ off_session: 'true', confirm: 'true' });
    expect(fake.intentFor(order.payment.id)?.status).toBe('requires_payment_method');

    // The customer then pays it in checkout, passing 3-D Secure in the browser.
    const init = await send(bo, 'POST', '/v1/payments/initialize', { orderId: visit2.id });
    expect(init.statusCode, init.body).toBe(200);
    const { id: paymentId, clientSecret } = init.json().data as {
      id: string;
      clientSecret: string;
    };
    fake.confirm(clientSecret.split('_secret_')[0]!, '3184');
    const paid = await send(bo, 'POST', `/v1/payments/${paymentId}/confirm`, {});
    expect(paid.statusCode, paid.body).toBe(200);
    expect((await visitOrders(plan.id))[2]?.status).toMatch(/paid|accepted/);
  });

  it("a declined off-session charge is a decline with Stripe's code; the same key replays it", async () => {
    const provider = createStripeProvider({
      secretKey: 'sk_test_vetted',
      publishableKey: 'pk_test_vetted',
      ...at,
    });
    const input = {
      paymentMethodRef: 'pm_card_chargeCustomerFail',
      amount: 5_000,
      currency: 'USD',
      paymentId: 'pay-declines',
      idempotencyKey: `off-session-${Date.now()}`,
    };
    const first = await provider.offSessionAuthorize!(input);
    expect(first).toMatchObject({ status: 'declined', code: 'generic_decline', last4: '0341' });
    expect(await provider.offSessionAuthorize!(input)).toEqual(first);
    const intents = [...fake.intents.values()].filter(
      (i) => i.metadata.paymentId === input.paymentId,
    );
    expect(intents).toHaveLength(1);
    expect(intents[0]!.status).toBe('requires_payment_method');
  });
});
