import { and, eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ledgerEntries, notifications, outbox, payouts, sandboxBankEvents } from '../src/db/schema';
import {
  availableFrom,
  balances,
  bucketOf,
  HOLD_MS,
  majorUnits,
  payoutAmount,
  spreadsheetSafe,
} from '../src/domains/earnings/policy';
import { payoutSendJob } from '../src/domains/earnings/jobs/payout-send';
import { createEarningsService, PAYOUT_SEND_KIND } from '../src/domains/earnings/service';
import { unbalancedOrders } from '../src/domains/ledger/service';
import { createSandboxProvider } from '../src/domains/payments/sandbox-provider';
import {
  createStripeProvider,
  STRIPE_NO_DESTINATION,
} from '../src/domains/payments/stripe-provider';
import { resetClock, setClock } from './auth-helpers';
import {
  bearer,
  createAdmin,
  createCustomer,
  createVendor,
  GOOD_CARD,
  paidOrder,
  type TestUser,
  type TestVendor,
} from './fixtures';
import { createTestContext, type TestContext } from './helpers';
import { StripeFake } from './stripe-fake';

/*
 * "Earnings and payouts", through HTTP on a real database: figures read from the
 * ledger move pending → on hold → available → paid out with the domain clock, always adding up to
 * the vendor's `vendor_payable` postings; payouts under a lock, idempotent, through the sandbox
 * bank (and Stripe transfers against the local fake); the CSV export; who may call what.
 */

let ctx: TestContext;

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const MIN = 60_000;

beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => ctx?.close());
afterEach(() => resetClock(ctx));

const get = (token: string | null, url: string) =>
  ctx.app.inject({ method: 'GET', url, headers: token ? bearer(token) : {} });

const post = (
  token: string | null,
  url: string,
  payload: object,
  headers: Record<string, string> = {},
) =>
  ctx.app.inject({
    method: 'POST',
    url,
    headers: { ...(token ? bearer(token) : {}), ...headers },
    payload,
  });

const transition = (token: string, id: string, action: string, extra: object = {}) =>
  post(token, `/v1/orders/${id}/transitions`, { action, ...extra });

interface Figures {
  currency: string;
  pending: number;
  onHold: number;
  available: number;
  owed: number;
  paidOut: number;
  nextAvailableAt: string | null;
}
interface Entry {
  id: string;
  kind: string;
  amount: number;
  currency: string;
  bucket: string;
  orderId: string | null;
  orderReference: string | null;
  payoutId: string | null;
  createdAt: string;
}

/** The vendor's earnings (200 expected). */
async function earnings(vendor: TestVendor, query = '') {
  const res = await get(vendor.token, `/v1/vendor/earnings${query}`);
  expect(res.statusCode).toBe(200);
  return res.json().data as {
    currencies: Figures[];
    entries: Entry[];
    total: number;
    totalPages: number;
    page: number;
    pageSize: number;
    holdDays: number;
  };
}

/** The figures of `currency` (USD by default). */
async function usd(vendor: TestVendor, currency = 'USD'): Promise<Figures> {
  const found = (await earnings(vendor)).currencies.find((c) => c.currency === currency);
  expect(found).toBeDefined();
  return found!;
}

/**
 * The ledger's own word, by SQL: per currency, what the platform owes the vendor (−Σ of their
 * `vendor_payable` postings) and what left in payouts (Σ of the payout-linked postings).
 */
async function ledgerSums(vendorId: string) {
  // The query builder, not `db.execute`: its rows come back alike from PGlite and postgres.js.
  const rows = await ctx.app.db
    .select({
      currency: ledgerEntries.currency,
      owed: sql<number>`(-sum(${ledgerEntries.amount}))::int`,
      paidOut: sql<number>`coalesce(sum(${ledgerEntries.amount}) filter (where ${ledgerEntries.payoutId} is not null), 0)::int`,
    })
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.vendorId, vendorId), eq(ledgerEntries.account, 'vendor_payable')))
    .groupBy(ledgerEntries.currency)
    .orderBy(ledgerEntries.currency);
  return rows.map((r) => ({
    currency: r.currency,
    owed: Number(r.owed),
    paidOut: Number(r.paidOut),
  }));
}

/** The figures add up to the ledger: pending (on hold included) + available − owed = −Σ postings. */
async function expectBalanced(vendor: TestVendor) {
  const figures = (await earnings(vendor)).currencies;
  const sums = await ledgerSums(vendor.vendorId);
  expect(figures.map((f) => f.currency)).toEqual(sums.map((s) => s.currency));
  for (const s of sums) {
    const f = figures.find((x) => x.currency === s.currency)!;
    expect(f.pending + f.available - f.owed).toBe(s.owed);
    expect(f.paidOut).toBe(s.paidOut);
    expect(f.onHold).toBeLessThanOrEqual(f.pending);
  }
  expect(await unbalancedOrders(ctx.app.db)).toEqual([]);
}

/** A paid order the vendor accepted (its capture delivered). */
async function acceptedOrder(vendor: TestVendor) {
  const { customer, order } = await paidOrder(ctx, vendor);
  expect((await transition(vendor.token, order.id, 'accept')).statusCode).toBe(200);
  await ctx.drain();
  return { customer, order: order as { id: string; reference: string; startsAt: string } };
}

/** An accepted order taken through start (the customer's code) and complete; returns when. */
async function completedOrder(vendor: TestVendor) {
  const { customer, order } = await acceptedOrder(vendor);
  const detail = await get(customer.token, `/v1/orders/${order.id}`);
  const code = detail.json().data.startCode as string;
  const startsAt = Date.parse(order.startsAt);
  setClock(ctx, new Date(startsAt - 10 * MIN));
  expect((await transition(vendor.token, order.id, 'start', { startCode: code })).statusCode).toBe(
    200,
  );
  const completedAt = new Date(startsAt + HOUR);
  setClock(ctx, completedAt);
  expect((await transition(vendor.token, order.id, 'complete')).statusCode).toBe(200);
  await ctx.drain();
  return { customer, order, completedAt };
}

/** Gives the vendor a verified sandbox bank account ending 6789: payouts need one. */
async function addBankAccount(vendor: TestVendor) {
  const res = await ctx.app.inject({
    method: 'PUT',
    url: '/v1/vendor/payout-account',
    headers: bearer(vendor.token),
    payload: {
      type: 'us_bank_account',
      country: 'US',
      holderName: 'Vera Vendor',
      routingNumber: '011000015',
      accountNumber: '000123456789',
    },
  });
  expect(res.statusCode).toBe(200);
}

/** Payout request; `key` sends an Idempotency-Key. */
const payout = (vendor: TestVendor, body: object, key?: string) =>
  post(vendor.token, '/v1/vendor/payouts', body, key ? { 'idempotency-key': key } : {});

// ─── the journey ────────────────────────────────────────────────────────────────────────────

describe('GET /v1/vendor/earnings and POST /v1/vendor/payouts', () => {
  it('owes nothing for an authorisation; once captured the net is pending, not available', async () => {
    const vendor = await createVendor(ctx, { price: 10_000 }); // $100.00 + $5.00 booking fee
    const { order } = await paidOrder(ctx, vendor);
    await ctx.drain();
    // Paid means authorised: the card is only held, so the ledger owes the vendor nothing yet.
    const before = await earnings(vendor);
    expect(before.currencies).toEqual([]);
    expect(before.entries).toEqual([]);
    expect(before.holdDays).toBe(7);

    expect((await transition(vendor.token, order.id, 'accept')).statusCode).toBe(200);
    await ctx.drain();
    const after = await earnings(vendor);
    expect(after.currencies).toEqual([
      {
        currency: 'USD',
        pending: 10_000, // total 10 500 − fee 500
        onHold: 0,
        available: 0,
        owed: 0,
        paidOut: 0,
        nextAvailableAt: null,
      },
    ]);
    expect(after.entries).toMatchObject([
      {
        kind: 'vendor_payable',
        amount: 10_000,
        currency: 'USD',
        bucket: 'pending',
        orderId: order.id,
        orderReference: order.reference,
        payoutId: null,
      },
    ]);
    expect(after.total).toBe(1);
    await expectBalanced(vendor);
    // Nothing to pay out while the job is not done.
    const refused = await payout(vendor, { currency: 'USD' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.code).toBe('nothing_available');
  });

  it('moves pending → on hold → available after 7 days → paid out through the sandbox bank', async () => {
    const vendor = await createVendor(ctx, { price: 10_000 });
    await addBankAccount(vendor);
    const { completedAt } = await completedOrder(vendor);

    const held = await usd(vendor);
    expect(held).toEqual({
      currency: 'USD',
      pending: 10_000,
      onHold: 10_000,
      available: 0,
      owed: 0,
      paidOut: 0,
      nextAvailableAt: new Date(completedAt.getTime() + 7 * DAY).toISOString(),
    });
    expect((await earnings(vendor)).entries[0]!.bucket).toBe('on_hold');
    await expectBalanced(vendor);
    expect((await payout(vendor, { currency: 'USD' })).statusCode).toBe(409);

    // One millisecond before the hold ends: still held.
    setClock(ctx, new Date(completedAt.getTime() + 7 * DAY - 1));
    expect((await usd(vendor)).available).toBe(0);

    setClock(ctx, new Date(completedAt.getTime() + 7 * DAY));
    expect(await usd(vendor)).toEqual({
      currency: 'USD',
      pending: 0,
      onHold: 0,
      available: 10_000,
      owed: 0,
      paidOut: 0,
      nextAvailableAt: null,
    });
    expect((await earnings(vendor)).entries[0]!.bucket).toBe('available');
    await expectBalanced(vendor);

    const tooMuch = await payout(vendor, { currency: 'USD', amount: 10_001 });
    expect(tooMuch.statusCode).toBe(409);
    expect(tooMuch.json().error).toMatchObject({
      code: 'payout_exceeds_available',
      message: 'You can pay out at most $100.00 now',
    });

    const created = await payout(vendor, { currency: 'usd' });
    expect(created.statusCode).toBe(201);
    const p = created.json().data;
    expect(p).toMatchObject({
      amount: 10_000,
      currency: 'USD',
      status: 'pending',
      provider: 'sandbox',
      failureMessage: null,
      paidAt: null,
    });
    // Out of `available` at once, before the provider confirms.
    expect(await usd(vendor)).toMatchObject({ pending: 0, available: 0, paidOut: 10_000 });
    const entries = (await earnings(vendor)).entries;
    expect(entries[0]).toMatchObject({
      kind: 'payout',
      amount: -10_000,
      bucket: 'paid_out',
      orderId: null,
      orderReference: null,
      payoutId: p.id,
    });
    await expectBalanced(vendor);

    await ctx.drain();
    const list = await get(vendor.token, '/v1/vendor/payouts');
    expect(list.statusCode).toBe(200);
    expect(list.json().data).toMatchObject({ total: 1, totalPages: 1, page: 1 });
    const paid = list.json().data.items[0];
    expect(paid).toMatchObject({ id: p.id, status: 'paid', amount: 10_000 });
    expect(paid.paidAt).toBe(new Date(completedAt.getTime() + 7 * DAY).toISOString());

    const bank = await ctx.app.db
      .select()
      .from(sandboxBankEvents)
      .where(eq(sandboxBankEvents.type, 'payout'));
    const mine = bank.filter((b) => b.idempotencyKey === `payout:${p.id}`);
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({
      ref: `sbx_po_${p.id.replaceAll('-', '')}`,
      amount: 10_000,
      currency: 'USD',
      status: 'succeeded',
    });
    const [row] = await ctx.app.db.select().from(payouts).where(eq(payouts.id, p.id));
    expect(row!.providerRef).toBe(mine[0]!.ref);

    const inbox = await ctx.app.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, vendor.id), eq(notifications.type, 'payout.paid')));
    expect(inbox).toHaveLength(1);
    expect(inbox[0]).toMatchObject({ title: 'Payout sent: $100.00', link: '/vendor/earnings' });

    expect(await usd(vendor)).toMatchObject({ pending: 0, available: 0, paidOut: 10_000 });
    await expectBalanced(vendor);
    // Draining again moves nothing twice.
    await ctx.drain();
    const again = await ctx.app.db
      .select()
      .from(sandboxBankEvents)
      .where(eq(sandboxBankEvents.idempotencyKey, `payout:${p.id}`));
    expect(again).toHaveLength(1);
  });

  it('counts a tip with its order: held with the job, available with it', async () => {
    const vendor = await createVendor(ctx, { price: 8_000 });
    const { customer, order, completedAt } = await completedOrder(vendor);
    setClock(ctx, new Date(completedAt.getTime() + HOUR));
    const started = await post(customer.token, `/v1/orders/${order.id}/tip`, {
      amount: 1_500,
      currency: 'USD',
    });
    expect(started.statusCode).toBe(200);
    const confirmed = await post(customer.token, `/v1/payments/${started.json().data.id}/confirm`, {
      card: GOOD_CARD,
    });
    expect(confirmed.statusCode).toBe(200);
    await ctx.drain();

    const data = await earnings(vendor);
    expect(data.currencies[0]).toMatchObject({ pending: 9_500, onHold: 9_500, available: 0 });
    expect(data.entries[0]).toMatchObject({
      kind: 'tip',
      amount: 1_500,
      bucket: 'on_hold',
      orderId: order.id,
    });
    await expectBalanced(vendor);

    // The hold runs from the job's completion, not from the tip.
    setClock(ctx, new Date(completedAt.getTime() + 7 * DAY));
    expect(await usd(vendor)).toMatchObject({ pending: 0, onHold: 0, available: 9_500 });
    await expectBalanced(vendor);
  });

  it('a refund after the capture reduces pending', async () => {
    const vendor = await createVendor(ctx, { price: 10_000 });
    const { order } = await acceptedOrder(vendor);
    expect((await usd(vendor)).pending).toBe(10_000);
    // A partial refund of an accepted order (as support would issue it): the vendor's part first.
    await ctx.app.db.transaction((tx) =>
      ctx.app.payments.requestRefund(tx, order.id, 2_000, 'Goodwill', null),
    );
    await ctx.drain();
    const data = await earnings(vendor);
    expect(data.currencies[0]).toMatchObject({ pending: 8_000, onHold: 0, available: 0 });
    expect(data.entries[0]).toMatchObject({ kind: 'refund', amount: -2_000, bucket: 'pending' });
    await expectBalanced(vendor);
  });

  it("holds what the vendor keeps of a late cancellation from the cancellation's time", async () => {
    const vendor = await createVendor(ctx, { price: 10_000 });
    const { customer, order } = await acceptedOrder(vendor);
    const cancelledAt = new Date(Date.parse(order.startsAt) - 2 * HOUR);
    setClock(ctx, cancelledAt);
    expect((await transition(customer.token, order.id, 'cancel')).statusCode).toBe(200);
    await ctx.drain();
    // Late band: half the service price back (5 000) from the vendor's part; the fee is kept.
    expect(await usd(vendor)).toEqual({
      currency: 'USD',
      pending: 5_000,
      onHold: 5_000,
      available: 0,
      owed: 0,
      paidOut: 0,
      nextAvailableAt: availableFrom(cancelledAt).toISOString(),
    });
    await expectBalanced(vendor);
    setClock(ctx, availableFrom(cancelledAt));
    expect(await usd(vendor)).toMatchObject({ pending: 0, available: 5_000 });
  });

  it('two payouts at once never move more than is available', async () => {
    const vendor = await createVendor(ctx, { price: 10_000 });
    await addBankAccount(vendor);
    const { completedAt } = await completedOrder(vendor);
    setClock(ctx, availableFrom(completedAt));

    const everything = await Promise.all([
      payout(vendor, { currency: 'USD' }),
      payout(vendor, { currency: 'USD' }),
    ]);
    expect(everything.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    expect(everything.find((r) => r.statusCode === 409)!.json().error.code).toBe(
      'nothing_available',
    );
    expect(await usd(vendor)).toMatchObject({ available: 0, paidOut: 10_000 });
    await expectBalanced(vendor);

    // A second job; two partial payouts of 6 000 from its 10 000: only one fits.
    const second = await completedOrder(vendor);
    setClock(ctx, availableFrom(second.completedAt));
    const partial = await Promise.all([
      payout(vendor, { currency: 'USD', amount: 6_000 }),
      payout(vendor, { currency: 'USD', amount: 6_000 }),
    ]);
    expect(partial.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    expect(await usd(vendor)).toMatchObject({ available: 4_000, paidOut: 16_000 });
    const rows = await ctx.app.db
      .select()
      .from(payouts)
      .where(eq(payouts.vendorId, vendor.vendorId));
    expect(rows.reduce((sum, r) => sum + r.amount, 0)).toBe(16_000);
    await expectBalanced(vendor);
  });

  it('an Idempotency-Key repeat returns the first payout and moves nothing again', async () => {
    const vendor = await createVendor(ctx, { price: 10_000 });
    await addBankAccount(vendor);
    const { completedAt } = await completedOrder(vendor);
    setClock(ctx, availableFrom(completedAt));

    const first = await payout(vendor, { currency: 'USD', amount: 3_000 }, 'payout-key-1');
    expect(first.statusCode).toBe(201);
    const replays = await Promise.all([
      payout(vendor, { currency: 'USD', amount: 3_000 }, 'payout-key-1'),
      payout(vendor, { currency: 'USD', amount: 3_000 }, 'payout-key-1'),
    ]);
    for (const r of replays) {
      expect(r.statusCode).toBe(201);
      expect(r.json().data.id).toBe(first.json().data.id);
    }
    const other = await payout(vendor, { currency: 'USD', amount: 4_000 }, 'payout-key-1');
    expect(other.statusCode).toBe(422);
    expect(other.json().error.code).toBe('idempotency_mismatch');
    const bad = await payout(vendor, { currency: 'USD' }, ' ');
    expect(bad.statusCode).toBe(400);

    const rows = await ctx.app.db
      .select()
      .from(payouts)
      .where(eq(payouts.vendorId, vendor.vendorId));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.idempotencyKey).toBe('payout-key-1');
    expect(await usd(vendor)).toMatchObject({ available: 7_000, paidOut: 3_000 });
    await expectBalanced(vendor);
  });

  it('a payout the provider refuses for good fails, and its money is available again', async () => {
    const vendor = await createVendor(ctx, { price: 10_000 });
    await addBankAccount(vendor);
    const { completedAt } = await completedOrder(vendor);
    setClock(ctx, availableFrom(completedAt));
    const created = await payout(vendor, { currency: 'USD' });
    expect(created.statusCode).toBe(201);
    const id = created.json().data.id as string;
    const [job] = await ctx.app.db
      .select()
      .from(outbox)
      .where(eq(outbox.idempotencyKey, `payout:${id}`));
    expect(job).toMatchObject({ kind: PAYOUT_SEND_KIND });

    // The same service with a bank that fails: first for now (retried), then for good.
    const sandbox = createSandboxProvider({ db: ctx.app.db, clock: ctx.app.clock });
    let permanent = false;
    const failing = createEarningsService({
      db: ctx.app.db,
      clock: ctx.app.clock,
      config: ctx.config,
      log: ctx.app.log,
      providers: {
        sandbox: {
          ...sandbox,
          payout: async () => {
            throw Object.assign(new Error('The bank refused this account.'), { permanent });
          },
        },
      },
    });
    const deliver = () =>
      payoutSendJob.run(
        payoutSendJob.payload.parse(job!.payload),
        {
          id: job!.id,
          key: job!.idempotencyKey!,
          kind: job!.kind,
          attempt: 1,
          createdAt: job!.createdAt,
        },
        failing,
      );
    await expect(deliver()).rejects.toThrow('The bank refused this account.');
    expect(await usd(vendor)).toMatchObject({ available: 0, paidOut: 10_000 });

    permanent = true;
    await deliver();
    const list = (await get(vendor.token, '/v1/vendor/payouts')).json().data.items;
    expect(list[0]).toMatchObject({
      id,
      status: 'failed',
      failureMessage: 'The bank refused this account.',
      paidAt: null,
    });
    expect(await usd(vendor)).toMatchObject({ pending: 0, available: 10_000, paidOut: 0 });
    const entries = (await earnings(vendor)).entries.filter((e) => e.payoutId === id);
    expect(entries.map((e) => e.amount).sort()).toEqual([-10_000, 10_000]);
    await expectBalanced(vendor);

    // The app's own delivery of the job later finds it failed and sends nothing.
    await ctx.drain();
    const bank = await ctx.app.db
      .select()
      .from(sandboxBankEvents)
      .where(eq(sandboxBankEvents.idempotencyKey, `payout:${id}`));
    expect(bank).toHaveLength(0);
    await ctx.drain();
    const inbox = await ctx.app.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, vendor.id), eq(notifications.type, 'payout.failed')));
    expect(inbox).toHaveLength(1);
    expect(inbox[0]!.body).toBe(
      'The bank refused this account. The $100.00 is available to pay out again.',
    );
    // …so it can be paid out again.
    const retry = await payout(vendor, { currency: 'USD' });
    expect(retry.statusCode).toBe(201);
    expect(retry.json().data.amount).toBe(10_000);
  });

  it('pages the entries, newest first', async () => {
    const vendor = await createVendor(ctx, { price: 10_000 });
    await acceptedOrder(vendor);
    await acceptedOrder(vendor);
    const all = await earnings(vendor);
    expect(all.total).toBe(2);
    const page2 = await earnings(vendor, '?page=2&pageSize=1');
    expect(page2).toMatchObject({ page: 2, pageSize: 1, total: 2, totalPages: 2 });
    expect(page2.entries).toHaveLength(1);
    expect(page2.entries[0]!.id).toBe(all.entries[1]!.id);
    // The figures are whole on every page.
    expect(page2.currencies).toEqual(all.currencies);
    expect(all.currencies[0]!.pending).toBe(20_000);
  });
});

// ─── the CSV export ─────────────────────────────────────────────────────────────────────────

describe('GET /v1/vendor/earnings/export', () => {
  it('sends every entry as a CSV attachment with quoted text and both amounts', async () => {
    const vendor = await createVendor(ctx, {
      price: 12_345,
      serviceTitle: 'Leak repair, "deluxe"',
      timeZone: 'America/New_York',
    });
    const { order } = await acceptedOrder(vendor);
    await ctx.app.db.transaction((tx) =>
      ctx.app.payments.requestRefund(tx, order.id, 45, 'Goodwill', null),
    );
    await ctx.drain();
    setClock(ctx, new Date('2031-03-04T03:00:00Z')); // still March 3 in New York

    const res = await get(vendor.token, '/v1/vendor/earnings/export');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(
      'attachment; filename="vetted-earnings-2031-03-03.csv"',
    );
    const text = res.body.replace(/^\uFEFF/, '');
    const lines = text.split('\r\n').filter((l) => l !== '');
    expect(lines).toHaveLength(3); // header + two entries
    expect(lines[0]).toBe(
      'Date,Type,Status,Order reference,Service,Payout,Currency,Amount,Amount (minor units)',
    );
    const entries = (await earnings(vendor)).entries;
    // Newest first: the refund, then the booking; the title's comma and quotes are quoted.
    expect(lines[1]).toBe(
      `${entries[0]!.createdAt},Refund,Pending,${order.reference},"Leak repair, ""deluxe""",,USD,-0.45,-45`,
    );
    expect(lines[2]).toBe(
      `${entries[1]!.createdAt},Booking,Pending,${order.reference},"Leak repair, ""deluxe""",,USD,123.45,12345`,
    );
  });

  it('is a header alone for a vendor without entries', async () => {
    const vendor = await createVendor(ctx);
    const res = await get(vendor.token, '/v1/vendor/earnings/export');
    expect(res.statusCode).toBe(200);
    expect(
      res.body
        .replace(/^\uFEFF/, '')
        .trim()
        .split('\r\n'),
    ).toHaveLength(1);
  });
});

// ─── who may call ───────────────────────────────────────────────────────────────────────────

describe('access', () => {
  let customer: TestUser;
  let admin: TestUser;
  beforeAll(async () => {
    customer = await createCustomer(ctx);
    admin = await createAdmin(ctx);
  });

  const calls = [
    ['GET', '/v1/vendor/earnings'],
    ['GET', '/v1/vendor/earnings/export'],
    ['GET', '/v1/vendor/payouts'],
    ['POST', '/v1/vendor/payouts'],
  ] as const;

  for (const [method, url] of calls) {
    it(`${method} ${url}: 401 anonymous, 403 for a customer or an admin`, async () => {
      const send = (token: string | null) =>
        method === 'GET' ? get(token, url) : post(token, url, { currency: 'USD' });
      expect((await send(null)).statusCode).toBe(401);
      const asCustomer = await send(customer.token);
      expect(asCustomer.statusCode).toBe(403);
      expect(asCustomer.json().error.code).toBe('vendor_only');
      expect((await send(admin.token)).statusCode).toBe(403);
    });
  }

  it('refuses a malformed payout body with 400', async () => {
    const vendor = await createVendor(ctx);
    expect((await payout(vendor, { currency: 'DOLLARS' })).statusCode).toBe(400);
    expect((await payout(vendor, { currency: 'USD', amount: 0 })).statusCode).toBe(400);
    expect((await payout(vendor, { currency: 'USD', amount: 1.5 })).statusCode).toBe(400);
  });
});

// ─── Stripe Connect transfers (local fake of the Stripe API) ────────────────────────────────

describe('Stripe provider payout', () => {
  const fake = new StripeFake();
  let at: Awaited<ReturnType<StripeFake['start']>>;
  beforeAll(async () => {
    at = await fake.start();
  });
  afterAll(() => fake.stop());

  const stripe = () =>
    createStripeProvider({ secretKey: 'sk_test_fake', publishableKey: 'pk_test_fake', ...at });

  it('fails for good without a connected account, calling nothing', async () => {
    const before = fake.requests.length;
    const err = await stripe()
      .payout({
        payoutId: crypto.randomUUID(),
        amount: 1_000,
        currency: 'USD',
        destination: null,
        idempotencyKey: 'payout:x',
      })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(Error);
    expect((err as Error).message).toBe(STRIPE_NO_DESTINATION);
    expect((err as { permanent?: boolean }).permanent).toBe(true);
    expect(fake.requests.length).toBe(before);
  });

  it('creates one Connect transfer per idempotency key', async () => {
    const payoutId = crypto.randomUUID();
    const input = {
      payoutId,
      amount: 2_500,
      currency: 'EUR',
      destination: 'acct_123',
      idempotencyKey: `payout:${payoutId}`,
    };
    const first = await stripe().payout(input);
    const again = await stripe().payout(input);
    expect(again.ref).toBe(first.ref);
    expect(fake.transfers.size).toBe(1);
    expect(fake.transfers.get(first.ref)).toMatchObject({
      amount: 2_500,
      currency: 'eur',
      destination: 'acct_123',
      metadata: { payoutId },
    });
    const sent = fake.requests.filter((r) => r.path === '/v1/transfers');
    expect(sent.every((r) => r.idempotencyKey === `payout:${payoutId}`)).toBe(true);
  });

  it('a payout made with Stripe needs a verified connected account, not a bank account', async () => {
    const vendor = await createVendor(ctx, { price: 10_000 });
    await addBankAccount(vendor);
    const { completedAt } = await completedOrder(vendor);
    setClock(ctx, availableFrom(completedAt));
    // The earnings service as the app builds it when PAYMENT_PROVIDER=stripe.
    const earningsWithStripe = createEarningsService({
      db: ctx.app.db,
      clock: ctx.app.clock,
      config: { ...ctx.config, paymentProvider: 'stripe' },
      log: ctx.app.log,
      providers: {
        sandbox: createSandboxProvider({ db: ctx.app.db, clock: ctx.app.clock }),
        stripe: stripe(),
      },
    });
    const err = await earningsWithStripe
      .createPayout({ id: vendor.id, role: 'vendor' }, { currency: 'USD' })
      .catch((e: unknown) => e);
    expect(err).toMatchObject({ status: 409, code: 'payout_account_required' });
    const rows = await ctx.app.db
      .select()
      .from(payouts)
      .where(eq(payouts.vendorId, vendor.vendorId));
    expect(rows).toEqual([]);
    expect(await usd(vendor)).toMatchObject({ available: 10_000, paidOut: 0 });
    await expectBalanced(vendor);
  });

  it('turns a refusal by Stripe into a permanent failure', async () => {
    const err = await stripe()
      .payout({
        payoutId: crypto.randomUUID(),
        amount: 100,
        currency: 'USD',
        destination: 'nobody',
        idempotencyKey: 'payout:refused',
      })
      .catch((e: unknown) => e);
    expect((err as { permanent?: boolean }).permanent).toBe(true);
    expect((err as Error).message).toContain('No such destination');
  });
});

// ─── the rules (pure) ───────────────────────────────────────────────────────────────────────

describe('earnings policy', () => {
  const settled = new Date('2030-01-01T12:00:00Z');
  const at = (ms: number) => new Date(settled.getTime() + ms);

  it.each([
    ['accepted', null, null, 0, 'pending'],
    ['in_progress', null, null, 0, 'pending'],
    ['completed', settled, null, 0, 'on_hold'],
    ['completed', settled, null, HOLD_MS - 1, 'on_hold'],
    ['completed', settled, null, HOLD_MS, 'available'],
    ['cancelled', settled, null, HOLD_MS + DAY, 'available'],
    ['refunded', settled, null, 1, 'on_hold'],
    [null, null, 'p1', 0, 'paid_out'],
  ] as const)(
    'status %s settled %s payout %s at +%i ms → %s',
    (status, when, payoutId, ms, want) => {
      expect(bucketOf({ orderStatus: status, settledAt: when, payoutId }, at(ms))).toBe(want);
    },
  );

  it('sums groups per currency; pending includes what is on hold', () => {
    const figures = balances(
      [
        { currency: 'USD', owed: 1_000, orderStatus: 'accepted', settledAt: null, payoutId: null },
        {
          currency: 'USD',
          owed: 2_000,
          orderStatus: 'completed',
          settledAt: settled,
          payoutId: null,
        },
        {
          currency: 'USD',
          owed: 4_000,
          orderStatus: 'completed',
          settledAt: at(-HOLD_MS),
          payoutId: null,
        },
        { currency: 'USD', owed: -3_000, orderStatus: null, settledAt: null, payoutId: 'p' },
        { currency: 'EUR', owed: 0, orderStatus: 'refunded', settledAt: settled, payoutId: null },
      ],
      at(HOUR),
    );
    expect(figures).toEqual([
      {
        currency: 'EUR',
        pending: 0,
        onHold: 0,
        available: 0,
        owed: 0,
        paidOut: 0,
        nextAvailableAt: null,
      },
      {
        currency: 'USD',
        pending: 3_000,
        onHold: 2_000,
        available: 1_000,
        owed: 0,
        paidOut: 3_000,
        nextAvailableAt: availableFrom(settled).toISOString(),
      },
    ]);
  });

  it.each([
    [0, undefined, { ok: false, reason: 'nothing_available' }],
    [-5, undefined, { ok: false, reason: 'nothing_available' }],
    [500, undefined, { ok: true, amount: 500 }],
    [500, 500, { ok: true, amount: 500 }],
    [500, 501, { ok: false, reason: 'too_much' }],
    [500, 1, { ok: true, amount: 1 }],
  ] as const)('payout of %i available, asked %s', (available, requested, want) => {
    expect(payoutAmount(available, requested)).toEqual(want);
  });

  it.each([
    [12_345, 'USD', '123.45'],
    [5, 'USD', '0.05'],
    [-5, 'USD', '-0.05'],
    [-12_300, 'EUR', '-123.00'],
    [0, 'USD', '0.00'],
    [500, 'JPY', '500'],
    [1_234, 'KWD', '1.234'],
  ] as const)('%i minor units of %s read %s', (minor, currency, want) => {
    expect(majorUnits(minor, currency)).toBe(want);
  });

  it.each([
    ['=SUM(A1)', "'=SUM(A1)"],
    ['+1', "'+1"],
    ['-1', "'-1"],
    ['@cmd', "'@cmd"],
    ['Leak repair', 'Leak repair'],
  ])('spreadsheetSafe(%s) = %s', (text, want) => {
    expect(spreadsheetSafe(text)).toBe(want);
  });
});
