import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { notifications, payoutAccounts, payouts, sandboxBankEvents } from '../src/db/schema';
import {
  checkBankAccount,
  connectedAccountStatus,
} from '../src/domains/earnings/payout-account-policy';
import { availableFrom } from '../src/domains/earnings/policy';
import { resetClock, setClock } from './auth-helpers';
import { bearer, createCustomer, createVendor, paidOrder, type TestVendor } from './fixtures';
import { createTestContext, type TestContext } from './helpers';

/*
 * Payout accounts with the sandbox provider, through HTTP on a real database: a pro adds where
 * payouts go (an IBAN, or a US routing number and account number checked by ibantools and
 * abavalidator), only the last four digits are stored, and no payout is made without a verified
 * account, neither when asked for nor when the outbox sends it.
 */

let ctx: TestContext;

const HOUR = 3_600_000;
const MIN = 60_000;

beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => ctx?.close());
afterEach(() => resetClock(ctx));

const send = (
  method: 'GET' | 'PUT' | 'POST',
  token: string | null,
  url: string,
  payload?: object,
) => ctx.app.inject({ method, url, headers: token ? bearer(token) : {}, payload });

const putAccount = (vendor: { token: string }, body: object) =>
  send('PUT', vendor.token, '/v1/vendor/payout-account', body);

const GOOD_IBAN = 'DE89 3704 0044 0532 0130 00';
const GOOD_US = {
  type: 'us_bank_account',
  country: 'US',
  holderName: 'Demo Plumbing Co',
  routingNumber: '011000015',
  accountNumber: '000123456789',
};

/** A vendor with `price` (minor units) available to pay out now (job done, hold over). */
async function vendorWithAvailableMoney(price = 10_000): Promise<TestVendor> {
  const vendor = await createVendor(ctx, { price });
  const { customer, order } = await paidOrder(ctx, vendor);
  const act = (token: string, action: string, extra: object = {}) =>
    send('POST', token, `/v1/orders/${order.id}/transitions`, { action, ...extra });
  expect((await act(vendor.token, 'accept')).statusCode).toBe(200);
  await ctx.drain();
  const code = (await send('GET', customer.token, `/v1/orders/${order.id}`)).json().data.startCode;
  const startsAt = Date.parse(order.startsAt);
  setClock(ctx, new Date(startsAt - 10 * MIN));
  expect((await act(vendor.token, 'start', { startCode: code })).statusCode).toBe(200);
  const completedAt = new Date(startsAt + HOUR);
  setClock(ctx, completedAt);
  expect((await act(vendor.token, 'complete')).statusCode).toBe(200);
  await ctx.drain();
  setClock(ctx, availableFrom(completedAt));
  return vendor;
}

describe('GET/PUT /v1/vendor/payout-account (sandbox)', () => {
  it('has no account at first, and says which provider applies', async () => {
    const vendor = await createVendor(ctx);
    const res = await send('GET', vendor.token, '/v1/vendor/payout-account');
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ provider: 'sandbox', account: null, onboardingUrl: null });
  });

  it('verifies a good IBAN and stores only its last four digits', async () => {
    const vendor = await createVendor(ctx);
    const res = await putAccount(vendor, {
      type: 'iban',
      country: 'de',
      holderName: '  Vera Vendor ',
      iban: GOOD_IBAN.toLowerCase(),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      provider: 'sandbox',
      onboardingUrl: null,
      account: {
        kind: 'bank_account',
        status: 'verified',
        country: 'DE',
        holderName: 'Vera Vendor',
        last4: '3000',
        routingNumber: null,
      },
    });
    const [row] = await ctx.app.db
      .select()
      .from(payoutAccounts)
      .where(eq(payoutAccounts.vendorId, vendor.vendorId));
    expect(row).toMatchObject({ kind: 'bank_account', status: 'verified', last4: '3000' });
    expect(JSON.stringify(row)).not.toContain('370400440532013000');
    // GET answers the same account.
    const again = await send('GET', vendor.token, '/v1/vendor/payout-account');
    expect(again.json().data.account).toEqual(res.json().data.account);
  });

  it('verifies a US routing number by its ABA checksum and keeps the account’s last four', async () => {
    const vendor = await createVendor(ctx);
    const res = await putAccount(vendor, GOOD_US);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.account).toMatchObject({
      kind: 'bank_account',
      status: 'verified',
      country: 'US',
      last4: '6789',
      routingNumber: '011000015',
    });
    const [row] = await ctx.app.db
      .select()
      .from(payoutAccounts)
      .where(eq(payoutAccounts.vendorId, vendor.vendorId));
    expect(JSON.stringify(row)).not.toContain('000123456789');
  });

  it.each([
    [
      'an IBAN with a wrong check digit',
      { type: 'iban', country: 'DE', holderName: 'Vera', iban: 'DE89 3704 0044 0532 0130 01' },
      'iban',
      'This IBAN’s check digits do not match: check it for a mistyped character',
    ],
    [
      'an IBAN one digit short',
      { type: 'iban', country: 'DE', holderName: 'Vera', iban: 'DE89 3704 0044 0532 0130 0' },
      'iban',
      'This IBAN has the wrong number of characters for DE: check for a missing or extra digit',
    ],
    [
      'an IBAN of another country',
      { type: 'iban', country: 'FR', holderName: 'Vera', iban: GOOD_IBAN },
      'iban',
      'This IBAN is for a bank in DE, not FR: choose DE as the country or enter the IBAN of your account in FR',
    ],
    [
      'a routing number with a bad checksum',
      { ...GOOD_US, routingNumber: '011000016' },
      'routingNumber',
      'This routing number’s check digit does not match: copy the 9 digits from the bottom left of a check or from your bank',
    ],
  ])('refuses %s with 422 saying what to fix, storing nothing', async (_, body, field, message) => {
    const vendor = await createVendor(ctx);
    const res = await putAccount(vendor, body);
    expect(res.statusCode).toBe(422);
    expect(res.json().error).toEqual({
      message,
      code: 'invalid_bank_account',
      fields: { [field]: message },
    });
    const rows = await ctx.app.db
      .select()
      .from(payoutAccounts)
      .where(eq(payoutAccounts.vendorId, vendor.vendorId));
    expect(rows).toEqual([]);
  });

  it.each([
    ['a routing number of 8 digits', { ...GOOD_US, routingNumber: '01100001' }, 'routingNumber'],
    ['an account number with letters', { ...GOOD_US, accountNumber: '12AB5678' }, 'accountNumber'],
    ['no holder name', { ...GOOD_US, holderName: ' ' }, 'holderName'],
    ['an unknown type', { type: 'paypal', country: 'US' }, 'type'],
  ])('refuses %s with 400 naming the field', async (_, body, field) => {
    const vendor = await createVendor(ctx);
    const res = await putAccount(vendor, body);
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().error.fields)).toContain(field);
  });

  it('refuses Stripe onboarding when the sandbox provider is in use', async () => {
    const vendor = await createVendor(ctx);
    const res = await putAccount(vendor, { type: 'stripe_connect', country: 'US' });
    expect(res.statusCode).toBe(422);
    expect(res.json().error.code).toBe('payout_account_kind');
  });

  it('replaces the account when the pro changes it', async () => {
    const vendor = await createVendor(ctx);
    expect((await putAccount(vendor, GOOD_US)).statusCode).toBe(200);
    const res = await putAccount(vendor, {
      type: 'iban',
      country: 'DE',
      holderName: 'Vera',
      iban: GOOD_IBAN,
    });
    expect(res.json().data.account).toMatchObject({ last4: '3000', routingNumber: null });
    const rows = await ctx.app.db
      .select()
      .from(payoutAccounts)
      .where(eq(payoutAccounts.vendorId, vendor.vendorId));
    expect(rows).toHaveLength(1);
  });

  it('is for pros only', async () => {
    const customer = await createCustomer(ctx);
    expect((await send('GET', null, '/v1/vendor/payout-account')).statusCode).toBe(401);
    expect((await send('GET', customer.token, '/v1/vendor/payout-account')).statusCode).toBe(403);
    expect((await putAccount(customer, GOOD_US)).statusCode).toBe(403);
  });
});

describe('POST /v1/vendor/payouts needs a verified payout account', () => {
  it('answers 409 "Add where your payouts go first" without one, and moves nothing', async () => {
    const vendor = await vendorWithAvailableMoney();
    const res = await send('POST', vendor.token, '/v1/vendor/payouts', { currency: 'USD' });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toEqual({
      message: 'Add where your payouts go first',
      code: 'payout_account_required',
    });
    const rows = await ctx.app.db
      .select()
      .from(payouts)
      .where(eq(payouts.vendorId, vendor.vendorId));
    expect(rows).toEqual([]);
  });

  it('pays out to the verified account, and the pro is told "•••• 6789"', async () => {
    const vendor = await vendorWithAvailableMoney();
    expect((await putAccount(vendor, GOOD_US)).statusCode).toBe(200);
    const res = await send('POST', vendor.token, '/v1/vendor/payouts', { currency: 'USD' });
    expect(res.statusCode).toBe(201);
    const { id } = res.json().data as { id: string };
    await ctx.drain();
    const [row] = await ctx.app.db.select().from(payouts).where(eq(payouts.id, id));
    expect(row!.status).toBe('paid');
    const [bank] = await ctx.app.db
      .select()
      .from(sandboxBankEvents)
      .where(eq(sandboxBankEvents.idempotencyKey, `payout:${id}`));
    expect(bank).toMatchObject({ type: 'payout', amount: 10_000, last4: '6789' });
    const [notice] = await ctx.app.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, vendor.id), eq(notifications.type, 'payout.paid')));
    expect(notice!.body).toBe('$100.00 of your earnings was sent to your account •••• 6789.');
  });

  it('the send job fails the payout when the account went away, and the money is available again', async () => {
    const vendor = await vendorWithAvailableMoney();
    expect((await putAccount(vendor, GOOD_US)).statusCode).toBe(200);
    const res = await send('POST', vendor.token, '/v1/vendor/payouts', { currency: 'USD' });
    expect(res.statusCode).toBe(201);
    const { id } = res.json().data as { id: string };
    // Between the request and the job: the account is no longer verified.
    await ctx.app.db
      .update(payoutAccounts)
      .set({ status: 'restricted' })
      .where(eq(payoutAccounts.vendorId, vendor.vendorId));
    await ctx.drain();
    const [row] = await ctx.app.db.select().from(payouts).where(eq(payouts.id, id));
    expect(row).toMatchObject({
      status: 'failed',
      failureMessage: 'Add where your payouts go first',
    });
    const bank = await ctx.app.db
      .select()
      .from(sandboxBankEvents)
      .where(eq(sandboxBankEvents.idempotencyKey, `payout:${id}`));
    expect(bank).toEqual([]);
    const earnings = (await send('GET', vendor.token, '/v1/vendor/earnings')).json().data;
    expect(earnings.currencies[0]).toMatchObject({ available: 10_000, paidOut: 0 });
  });
});

describe('payout account rules (pure)', () => {
  it.each([
    ['NL91 ABNA 0417 1643 00', 'NL', true, '4300'],
    ['GB82WEST12345698765432', 'GB', true, '5432'],
    ['gb82 west 1234 5698 7654 32', 'GB', true, '5432'],
    ['GB82WEST12345698765433', 'GB', false, null],
    ['XX82WEST12345698765432', 'XX', false, null],
  ])('IBAN %s in %s: valid %s, last4 %s', (iban, country, ok, last4) => {
    const checked = checkBankAccount({ type: 'iban', country, holderName: 'A B', iban });
    expect(checked.ok).toBe(ok);
    if (checked.ok) expect(checked.account.last4).toBe(last4);
  });

  it.each([
    ['011000015', true],
    ['021000021', true],
    ['011000016', false],
    ['000000000', false],
  ])('routing number %s: valid %s', (routingNumber, ok) => {
    const checked = checkBankAccount({
      ...GOOD_US,
      type: 'us_bank_account',
      country: 'US',
      routingNumber,
    });
    expect(checked.ok).toBe(ok);
  });

  it.each([
    [true, true, 'verified'],
    [true, false, 'verified'],
    [false, true, 'restricted'],
    [false, false, 'pending'],
  ] as const)('payouts enabled %s, details submitted %s → %s', (enabled, submitted, want) => {
    expect(
      connectedAccountStatus({
        accountId: 'acct_1',
        payoutsEnabled: enabled,
        detailsSubmitted: submitted,
        country: 'US',
        last4: '',
        holderName: '',
      }),
    ).toBe(want);
  });
});
