import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { notifications, payoutAccounts, payouts } from '../src/db/schema';
import { availableFrom } from '../src/domains/earnings/policy';
import { resetClock, setClock } from './auth-helpers';
import {
  bearer,
  book,
  createCustomer,
  createVendor,
  type TestUser,
  type TestVendor,
} from './fixtures';
import { createTestContext, type TestContext } from './helpers';
import { StripeFake } from './stripe-fake';

/*
 * Payout accounts with `PAYMENT_PROVIDER=stripe`, through HTTP against the local Stripe fake:
 * Connect onboarding (an Express account, an account link the PUT answers), the signed
 * `account.updated` webhook marking the account verified or restricted, and payouts as Connect
 * transfers to that account, refused without a verified one.
 */

const WEBHOOK_SECRET = 'whsec_test_payouts';
/** The Connect endpoint's own secret: Stripe signs events of connected accounts with it. */
const CONNECT_WEBHOOK_SECRET = 'whsec_test_connect';
const PUBLIC_URL = 'https://vetted.test';
const fake = new StripeFake();
let ctx: TestContext;

const HOUR = 3_600_000;
const MIN = 60_000;

beforeAll(async () => {
  const at = await fake.start();
  ctx = await createTestContext({
    paymentProvider: 'stripe',
    publicUrl: PUBLIC_URL,
    stripe: {
      secretKey: 'sk_test_vetted',
      publishableKey: 'pk_test_vetted',
      webhookSecret: WEBHOOK_SECRET,
      connectWebhookSecret: CONNECT_WEBHOOK_SECRET,
      ...at,
    },
  });
});
afterAll(async () => {
  await ctx?.close();
  await fake.stop();
});
afterEach(() => resetClock(ctx));

const send = (method: 'GET' | 'PUT' | 'POST', user: TestUser, url: string, payload?: object) =>
  ctx.app.inject({ method, url, headers: bearer(user.token), payload });

/** An `account.updated` event carrying `account`, signed as the Connect endpoint signs it. */
function accountUpdated(account: object, secret = CONNECT_WEBHOOK_SECRET) {
  const body = {
    id: `evt_${randomBytes(12).toString('hex')}`,
    object: 'event',
    api_version: Stripe.API_VERSION,
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type: 'account.updated',
    data: { object: account },
  };
  const payload = JSON.stringify(body);
  return ctx.app.inject({
    method: 'POST',
    url: '/v1/payments/webhooks/stripe',
    headers: {
      'content-type': 'application/json; charset=utf-8',
      'stripe-signature': Stripe.webhooks.generateTestHeaderString({
        payload,
        secret,
      }),
    },
    payload,
  });
}

/** A vendor whose `price` (minor units) is available to pay out: paid by card through Stripe. */
async function vendorWithAvailableMoney(price = 10_000): Promise<TestVendor> {
  const vendor = await createVendor(ctx, { price });
  const customer = await createCustomer(ctx);
  const booked = await book(ctx, customer, vendor.serviceId);
  expect(booked.statusCode).toBe(201);
  const order = booked.json().data as { id: string; startsAt: string };
  const init = await send('POST', customer, '/v1/payments/initialize', { orderId: order.id });
  const paymentId = init.json().data.id as string;
  fake.confirm(fake.intentFor(paymentId)!.id);
  expect((await send('POST', customer, `/v1/payments/${paymentId}/confirm`, {})).statusCode).toBe(
    200,
  );
  const act = (action: string, extra: object = {}) =>
    send('POST', vendor, `/v1/orders/${order.id}/transitions`, { action, ...extra });
  expect((await act('accept')).statusCode).toBe(200);
  await ctx.drain();
  const code = (await send('GET', customer, `/v1/orders/${order.id}`)).json().data.startCode;
  const startsAt = Date.parse(order.startsAt);
  setClock(ctx, new Date(startsAt - 10 * MIN));
  expect((await act('start', { startCode: code })).statusCode).toBe(200);
  const completedAt = new Date(startsAt + HOUR);
  setClock(ctx, completedAt);
  expect((await act('complete')).statusCode).toBe(200);
  await ctx.drain();
  setClock(ctx, availableFrom(completedAt));
  return vendor;
}

const accountRow = async (vendor: TestVendor) =>
  (
    await ctx.app.db
      .select()
      .from(payoutAccounts)
      .where(eq(payoutAccounts.vendorId, vendor.vendorId))
  )[0];

describe('Stripe Connect payout accounts', () => {
  it('onboards a pro: Express account, account link, account.updated, payout as a transfer', async () => {
    const vendor = await vendorWithAvailableMoney();
    expect((await send('GET', vendor, '/v1/vendor/payout-account')).json().data).toEqual({
      provider: 'stripe',
      account: null,
      onboardingUrl: null,
    });

    // "Set up payouts with Stripe": an Express account and a link to Stripe's onboarding.
    const started = await send('PUT', vendor, '/v1/vendor/payout-account', {
      type: 'stripe_connect',
      country: 'us',
    });
    expect(started.statusCode).toBe(200);
    const state = started.json().data;
    expect(state.account).toMatchObject({ kind: 'stripe_connect', status: 'pending', last4: '' });
    expect(state.onboardingUrl).toMatch(/^https:\/\/connect\.stripe\.com\/setup\//);
    const [created] = fake.calls('POST', /^\/v1\/accounts$/).slice(-1);
    expect(created!.params).toMatchObject({
      type: 'express',
      country: 'US',
      email: vendor.email,
      capabilities: { transfers: { requested: 'true' } },
      metadata: { vendorId: vendor.vendorId },
    });
    expect(created!.idempotencyKey).toBe(`connect-account:${vendor.vendorId}`);
    const accountId = (await accountRow(vendor))!.stripeAccountId!;
    expect(accountId).toMatch(/^acct_/);
    const [link] = fake.calls('POST', /^\/v1\/account_links$/).slice(-1);
    expect(link!.params).toEqual({
      account: accountId,
      type: 'account_onboarding',
      return_url: `${PUBLIC_URL}/vendor/earnings?stripe=return`,
      refresh_url: `${PUBLIC_URL}/vendor/earnings?stripe=refresh`,
    });

    // Not verified yet: no payout.
    const early = await send('POST', vendor, '/v1/vendor/payouts', { currency: 'USD' });
    expect(early.statusCode).toBe(409);
    expect(early.json().error.message).toBe('Add where your payouts go first');

    // Coming back for a new link reuses the account.
    const accountsBefore = fake.calls('POST', /^\/v1\/accounts$/).length;
    const again = await send('PUT', vendor, '/v1/vendor/payout-account', {
      type: 'stripe_connect',
      country: 'US',
    });
    expect(again.json().data.onboardingUrl).not.toBe(state.onboardingUrl);
    expect(fake.calls('POST', /^\/v1\/accounts$/).length).toBe(accountsBefore);
    expect((await accountRow(vendor))!.stripeAccountId).toBe(accountId);

    // The pro finishes at Stripe; Stripe tells us.
    const hook = await accountUpdated(fake.onboard(accountId, { last4: '6789' }));
    expect(hook.statusCode).toBe(200);
    expect(hook.json().data.outcome).toBe('handled');
    const verified = (await send('GET', vendor, '/v1/vendor/payout-account')).json().data;
    expect(verified.account).toMatchObject({
      kind: 'stripe_connect',
      status: 'verified',
      country: 'US',
      last4: '6789',
      holderName: 'Demo Plumbing Co',
    });
    await ctx.drain();
    const [notice] = await ctx.app.db
      .select()
      .from(notifications)
      .where(
        and(eq(notifications.userId, vendor.id), eq(notifications.type, 'payout_account.verified')),
      );
    expect(notice!.title).toBe('Payouts are set up');

    // The payout is a Connect transfer to that account, with the payout's key.
    const created2 = await send('POST', vendor, '/v1/vendor/payouts', { currency: 'USD' });
    expect(created2.statusCode).toBe(201);
    const { id } = created2.json().data as { id: string };
    await ctx.drain();
    const [row] = await ctx.app.db.select().from(payouts).where(eq(payouts.id, id));
    expect(row).toMatchObject({ status: 'paid', provider: 'stripe' });
    const transfer = fake.transfers.get(row!.providerRef!);
    expect(transfer).toMatchObject({
      amount: 10_000,
      currency: 'usd',
      destination: accountId,
      metadata: { payoutId: id },
    });
    const sent = fake.calls('POST', /^\/v1\/transfers$/).filter((r) => r.params.metadata);
    expect(sent.at(-1)!.idempotencyKey).toBe(`payout:${id}`);
  });

  it('marks the account restricted when Stripe disables payouts, and refuses payouts then', async () => {
    const vendor = await vendorWithAvailableMoney();
    await send('PUT', vendor, '/v1/vendor/payout-account', {
      type: 'stripe_connect',
      country: 'US',
    });
    const accountId = (await accountRow(vendor))!.stripeAccountId!;
    await accountUpdated(fake.onboard(accountId));
    expect((await accountRow(vendor))!.status).toBe('verified');

    const hook = await accountUpdated(fake.onboard(accountId, { payoutsEnabled: false }));
    expect(hook.json().data.outcome).toBe('handled');
    expect((await accountRow(vendor))!.status).toBe('restricted');
    const res = await send('POST', vendor, '/v1/vendor/payouts', { currency: 'USD' });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('payout_account_required');
  });

  it('reads a pending account back from Stripe when the pro opens the page (no webhook yet)', async () => {
    const vendor = await createVendor(ctx);
    await send('PUT', vendor, '/v1/vendor/payout-account', {
      type: 'stripe_connect',
      country: 'US',
    });
    const accountId = (await accountRow(vendor))!.stripeAccountId!;
    fake.onboard(accountId, { last4: '4321' });
    const res = await send('GET', vendor, '/v1/vendor/payout-account');
    expect(res.json().data.account).toMatchObject({ status: 'verified', last4: '4321' });
    expect(fake.calls('GET', new RegExp(`^/v1/accounts/${accountId}$`))).toHaveLength(1);
    // Verified: later reads are ours alone.
    await send('GET', vendor, '/v1/vendor/payout-account');
    expect(fake.calls('GET', new RegExp(`^/v1/accounts/${accountId}$`))).toHaveLength(1);
  });

  it('refuses an event signed with neither secret', async () => {
    const hook = await accountUpdated({ id: 'acct_x', object: 'account' }, 'whsec_wrong');
    expect(hook.statusCode).toBe(400);
  });

  it('takes account.updated signed with the account endpoint’s secret too', async () => {
    const hook = await accountUpdated({ id: 'acct_nobody', object: 'account' }, WEBHOOK_SECRET);
    expect(hook.statusCode).toBe(200);
  });

  it('ignores account.updated of an account no pro holds', async () => {
    const hook = await accountUpdated({
      id: 'acct_unknown',
      object: 'account',
      payouts_enabled: true,
      details_submitted: true,
    });
    expect(hook.statusCode).toBe(200);
    expect(hook.json().data.outcome).toBe('ignored');
  });

  it('refuses bank details: with Stripe they are entered at Stripe', async () => {
    const vendor = await createVendor(ctx);
    const res = await send('PUT', vendor, '/v1/vendor/payout-account', {
      type: 'iban',
      country: 'DE',
      holderName: 'Vera',
      iban: 'DE89370400440532013000',
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().error.code).toBe('payout_account_kind');
    expect(await accountRow(vendor)).toBeUndefined();
  });
});
