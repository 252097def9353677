import { and, asc, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ledgerEntries,
  notifications,
  orderEvents,
  orders,
  outbox,
  payments,
  sandboxBankEvents,
} from '../src/db/schema';
import { systemClock } from '../src/domains/deps';
import { unbalancedOrders, vendorBalance } from '../src/domains/ledger/service';
import { createSandboxProvider } from '../src/domains/payments/sandbox-provider';
import { createPaymentsService, REFUND_KIND, requestRefund } from '../src/domains/payments/service';
import type { DeliveryContext } from '../src/jobs/define';
import { paymentCaptureJob } from '../src/domains/payments/jobs/capture';
import { paymentRefundJob } from '../src/domains/payments/jobs/refund';
import {
  availableSlots,
  bearer,
  book,
  createAdmin,
  createCustomer,
  createVendor,
  GOOD_CARD,
  pay,
  type TestUser,
  type TestVendor,
} from './fixtures';
import { createTestContext, type TestContext } from './helpers';

let ctx: TestContext;
let vendor: TestVendor;
/** $100.00 service + 5 % booking fee. */
const SUBTOTAL = 10_000;
const FEE = 500;
const TOTAL = SUBTOTAL + FEE;

beforeAll(async () => {
  ctx = await createTestContext();
  vendor = await createVendor(ctx, { price: SUBTOTAL });
});
afterAll(async () => ctx?.close());

/** A slot at least `hours` ahead (the refund policy depends on the notice). */
async function slotAhead(hours: number, latest?: number): Promise<string> {
  const slots = await availableSlots(ctx, vendor.serviceId, 4);
  const slot = slots.find((s) => {
    const ahead = Date.parse(s.startsAt) - Date.now();
    return ahead >= hours * 3_600_000 && (latest === undefined || ahead < latest * 3_600_000);
  });
  if (!slot) throw new Error(`no slot ${hours}–${latest ?? '∞'} h ahead`);
  return slot.startsAt;
}

async function paidOrder(opts: { startsAt?: string; card?: typeof GOOD_CARD } = {}) {
  const customer = await createCustomer(ctx);
  const created = await book(ctx, customer, vendor.serviceId, opts.startsAt);
  expect(created.statusCode).toBe(201);
  const orderId = created.json().data.id as string;
  const res = await pay(ctx, customer, orderId, opts.card);
  expect(res.statusCode).toBe(200);
  await ctx.drain();
  return { customer, orderId, paymentId: res.json().data.payment.id as string };
}

const transition = (who: TestUser, orderId: string, action: string) =>
  ctx.app.inject({
    method: 'POST',
    url: `/v1/orders/${orderId}/transitions`,
    headers: bearer(who.token),
    payload: { action },
  });

async function payment(id: string) {
  const [row] = await ctx.app.db.select().from(payments).where(eq(payments.id, id));
  return row!;
}

async function orderStatus(id: string) {
  const [row] = await ctx.app.db.select().from(orders).where(eq(orders.id, id));
  return row!.status;
}

const bank = (paymentId: string) =>
  ctx.app.db
    .select()
    .from(sandboxBankEvents)
    .where(
      and(eq(sandboxBankEvents.paymentId, paymentId), eq(sandboxBankEvents.status, 'succeeded')),
    )
    .orderBy(asc(sandboxBankEvents.createdAt), asc(sandboxBankEvents.id));

const ledger = (paymentId: string) =>
  ctx.app.db
    .select()
    .from(ledgerEntries)
    .where(eq(ledgerEntries.paymentId, paymentId))
    .orderBy(asc(ledgerEntries.createdAt), asc(ledgerEntries.id));

async function titlesFor(userId: string) {
  const rows = await ctx.app.db
    .select()
    .from(notifications)
    .where(eq(notifications.userId, userId))
    .orderBy(asc(notifications.createdAt));
  return rows.map((n) => n.title);
}

describe('capture when the vendor accepts', () => {
  it('captures once with the payment key, posts a balanced charge and owes the vendor the price', async () => {
    const { orderId, paymentId } = await paidOrder();
    const accepted = await transition(vendor, orderId, 'accept');
    expect(accepted.statusCode).toBe(200);
    // Queued with the acceptance, done by the outbox.
    expect((await payment(paymentId)).status).toBe('authorized');
    await ctx.drain();
    const p = await payment(paymentId);
    expect(p.status).toBe('captured');
    expect(p.capturedAt).not.toBeNull();
    expect((await bank(paymentId)).map((e) => [e.type, e.amount, e.idempotencyKey])).toEqual([
      ['authorization', TOTAL, `payment:${paymentId}:authorize:1`],
      ['capture', TOTAL, `payment:${paymentId}:capture`],
    ]);
    expect((await ledger(paymentId)).map((l) => [l.account, l.amount, l.kind])).toEqual([
      ['customer_card', TOTAL, 'charge'],
      ['platform_fee', -FEE, 'platform_fee'],
      ['vendor_payable', -SUBTOTAL, 'vendor_payable'],
    ]);
    expect(await unbalancedOrders(ctx.app.db)).toEqual([]);

    // Redelivering the capture job changes nothing.
    const [job] = await ctx.app.db
      .select()
      .from(outbox)
      .where(eq(outbox.idempotencyKey, `payment:${paymentId}:capture`));
    await paymentCaptureJob.run(
      paymentCaptureJob.payload.parse(job!.payload),
      {
        id: job!.id,
        key: job!.idempotencyKey!,
        kind: job!.kind,
        attempt: 2,
        createdAt: job!.createdAt,
      },
      ctx.app.payments,
    );
    expect(await bank(paymentId)).toHaveLength(2);
    expect(await ledger(paymentId)).toHaveLength(3);
  });
});

describe('void on decline or cancel before acceptance', () => {
  it('vendor declines: the hold is released, the customer is told, nothing is posted', async () => {
    const { customer, orderId, paymentId } = await paidOrder();
    expect((await transition(vendor, orderId, 'decline')).statusCode).toBe(200);
    await ctx.drain();
    const p = await payment(paymentId);
    expect(p.status).toBe('voided');
    expect((await bank(paymentId)).map((e) => [e.type, e.idempotencyKey])).toEqual([
      ['authorization', `payment:${paymentId}:authorize:1`],
      ['void', `payment:${paymentId}:void:${p.providerRef}`],
    ]);
    expect(await ledger(paymentId)).toEqual([]);
    expect(await titlesFor(customer.id)).toContain('Card hold released');
    expect(await orderStatus(orderId)).toBe('declined');
  });

  it('customer cancels a paid order: voided, not refunded', async () => {
    const { customer, orderId, paymentId } = await paidOrder();
    expect((await transition(customer, orderId, 'cancel')).statusCode).toBe(200);
    await ctx.drain();
    expect((await payment(paymentId)).status).toBe('voided');
    expect((await bank(paymentId)).map((e) => e.type)).toEqual(['authorization', 'void']);
  });
});

describe('refund on cancellation after acceptance', () => {
  it('≥ 24 h ahead: "Refund pending" at once, "Refunded" once the bank confirmed; ledger balances to zero', async () => {
    const { customer, orderId, paymentId } = await paidOrder({ startsAt: await slotAhead(25) });
    expect((await transition(vendor, orderId, 'accept')).statusCode).toBe(200);
    await ctx.drain();
    const cancelled = await transition(customer, orderId, 'cancel');
    expect(cancelled.statusCode).toBe(200);
    // Before the provider answered: the order page shows the refund as pending.
    expect(cancelled.json().data.payment.status).toBe('refund_pending');
    expect(await titlesFor(customer.id)).not.toContain('Refunded');

    await ctx.drain();
    const p = await payment(paymentId);
    expect(p.status).toBe('refunded');
    expect(p.amountRefunded).toBe(TOTAL);
    expect(await orderStatus(orderId)).toBe('refunded');
    const events = await ctx.app.db
      .select()
      .from(orderEvents)
      .where(eq(orderEvents.orderId, orderId))
      .orderBy(asc(orderEvents.createdAt), asc(orderEvents.id));
    expect(events.at(-1)).toMatchObject({ status: 'refunded', note: 'Refunded in full: $105.00' });
    expect(await titlesFor(customer.id)).toContain('Refunded');
    expect((await bank(paymentId)).map((e) => [e.type, e.amount, e.idempotencyKey])).toEqual([
      ['authorization', TOTAL, `payment:${paymentId}:authorize:1`],
      ['capture', TOTAL, `payment:${paymentId}:capture`],
      ['refund', TOTAL, `payment:${paymentId}:refund:1`],
    ]);
    const lines = await ledger(paymentId);
    expect(lines.reduce((sum, l) => sum + l.amount, 0)).toBe(0);
    const byAccount = (account: string) =>
      lines.filter((l) => l.account === account).reduce((sum, l) => sum + l.amount, 0);
    expect(byAccount('vendor_payable')).toBe(0);
    expect(byAccount('platform_fee')).toBe(0);
    expect(byAccount('refunds')).toBe(-TOTAL);

    const admin = await createAdmin(ctx);
    const view = await ctx.app.inject({
      method: 'GET',
      url: `/v1/admin/payments/${paymentId}`,
      headers: bearer(admin.token),
    });
    expect(view.json().data.providerEvents.map((e: { type: string }) => e.type)).toEqual([
      'authorization',
      'capture',
      'refund',
    ]);
    expect(view.json().data.ledger).toHaveLength(6);
  });

  it('< 24 h ahead: half the service price back, the booking fee kept, the vendor keeps the rest', async () => {
    const other = await createVendor(ctx, { price: SUBTOTAL });
    const slots = await availableSlots(ctx, other.serviceId, 2);
    const soon = slots.find((s) => Date.parse(s.startsAt) - Date.now() < 20 * 3_600_000);
    expect(soon).toBeDefined();
    const customer = await createCustomer(ctx);
    const created = await book(ctx, customer, other.serviceId, soon!.startsAt);
    const orderId = created.json().data.id as string;
    const paymentId = (await pay(ctx, customer, orderId)).json().data.payment.id as string;
    expect((await transition(other, orderId, 'accept')).statusCode).toBe(200);
    expect((await transition(customer, orderId, 'cancel')).statusCode).toBe(200);
    await ctx.drain();
    expect((await payment(paymentId)).amountRefunded).toBe(SUBTOTAL / 2);
    // The order list carries the refunded amount, so it can say "Partly refunded … of …".
    const list = await ctx.app.inject({
      method: 'GET',
      url: '/v1/orders',
      headers: bearer(customer.token),
    });
    const item = list.json().data.items.find((o: { id: string }) => o.id === orderId);
    expect(item).toMatchObject({
      status: 'refunded',
      total: { amount: TOTAL, currency: 'USD' },
      amountRefunded: { amount: SUBTOTAL / 2, currency: 'USD' },
    });
    expect((await bank(paymentId)).map((e) => [e.type, e.amount])).toEqual([
      ['authorization', TOTAL],
      ['capture', TOTAL],
      ['refund', SUBTOTAL / 2],
    ]);
    expect(await vendorBalance(ctx.app.db, other.vendorId)).toEqual([
      { currency: 'USD', amount: SUBTOTAL / 2 },
    ]);
    expect(await unbalancedOrders(ctx.app.db)).toEqual([]);
  });

  it('a refund the bank fails stays "Refund pending" and is retried; never "Refunded"', async () => {
    const { customer, orderId, paymentId } = await paidOrder({
      startsAt: await slotAhead(25),
      card: { ...GOOD_CARD, number: '4000 0000 0000 5126' },
    });
    expect((await transition(vendor, orderId, 'accept')).statusCode).toBe(200);
    await ctx.drain();
    expect((await transition(customer, orderId, 'cancel')).statusCode).toBe(200);
    await ctx.drain();
    expect((await payment(paymentId)).status).toBe('refund_pending');
    expect(await orderStatus(orderId)).toBe('cancelled');
    const [job] = await ctx.app.db
      .select()
      .from(outbox)
      .where(like(outbox.idempotencyKey, `payment:${paymentId}:refund:%`));
    expect(job).toMatchObject({
      kind: REFUND_KIND,
      attempts: 1,
      deliveredAt: null,
      failedAt: null,
      lastError: 'The bank could not process this refund right now',
    });
    expect(job!.dueAt.getTime()).toBeGreaterThan(Date.now());
    expect(await titlesFor(customer.id)).not.toContain('Refunded');
    const detail = await ctx.app.inject({
      method: 'GET',
      url: `/v1/orders/${orderId}`,
      headers: bearer(customer.token),
    });
    expect(detail.json().data.payment.status).toBe('refund_pending');
  });
});

describe('refund handler against a provider that fails first', () => {
  it('retries with the same key and records the refund once the provider confirms it', async () => {
    const { orderId, paymentId } = await paidOrder({ startsAt: await slotAhead(25) });
    expect((await transition(vendor, orderId, 'accept')).statusCode).toBe(200);
    await ctx.drain();
    const sandbox = createSandboxProvider({ db: ctx.app.db, clock: systemClock });
    let failures = 1;
    const keys: string[] = [];
    const flaky = {
      ...sandbox,
      async refund(input: Parameters<typeof sandbox.refund>[0]) {
        keys.push(input.idempotencyKey);
        if (failures-- > 0) throw new Error('connection reset');
        return sandbox.refund(input);
      },
    };
    const service = createPaymentsService({
      db: ctx.app.db,
      clock: systemClock,
      config: ctx.config,
      log: ctx.app.log,
      providers: { sandbox: flaky },
    });
    // Queue a partial refund the way the orders domain does (in its transaction)…
    const queued = await ctx.app.db.transaction((tx) =>
      requestRefund(tx, orderId, 2_500, 'goodwill', null),
    );
    expect(queued).toEqual({ paymentId, kind: 'refund', amount: 2_500 });
    const [job] = await ctx.app.db
      .select()
      .from(outbox)
      .where(eq(outbox.idempotencyKey, `payment:${paymentId}:refund:1`));
    const delivery = (attempt: number): DeliveryContext => ({
      id: job!.id,
      key: job!.idempotencyKey!,
      kind: job!.kind,
      attempt,
      createdAt: job!.createdAt,
    });
    const handler = (payload: unknown, delivery: DeliveryContext) =>
      paymentRefundJob.run(paymentRefundJob.payload.parse(payload), delivery, service);
    // …the first delivery fails: still pending, nothing posted.
    await expect(handler(job!.payload, delivery(1))).rejects.toThrow('connection reset');
    expect((await payment(paymentId)).status).toBe('refund_pending');
    expect((await ledger(paymentId)).filter((l) => l.kind === 'refund')).toEqual([]);
    // The retry succeeds; a third delivery is a no-op.
    await handler(job!.payload, delivery(2));
    await handler(job!.payload, delivery(3));
    expect(keys).toEqual(Array(3).fill(`payment:${paymentId}:refund:1`));
    const p = await payment(paymentId);
    expect(p).toMatchObject({ status: 'refunded', amountRefunded: 2_500 });
    expect((await bank(paymentId)).filter((e) => e.type === 'refund').map((e) => e.amount)).toEqual(
      [2_500],
    );
    expect((await ledger(paymentId)).filter((l) => l.kind === 'refund')).toHaveLength(3);
    expect(await unbalancedOrders(ctx.app.db)).toEqual([]);
  });
});

describe('cancel right after accept, before the capture ran', () => {
  it('a refund delivered before its capture captures first: one capture, one refund', async () => {
    const { customer, orderId, paymentId } = await paidOrder({ startsAt: await slotAhead(25) });
    expect((await transition(vendor, orderId, 'accept')).statusCode).toBe(200);
    expect((await transition(customer, orderId, 'cancel')).statusCode).toBe(200);
    // The worker may deliver the refund row first: do exactly that.
    const [job] = await ctx.app.db
      .select()
      .from(outbox)
      .where(eq(outbox.idempotencyKey, `payment:${paymentId}:refund:1`));
    await paymentRefundJob.run(
      paymentRefundJob.payload.parse(job!.payload),
      {
        id: job!.id,
        key: job!.idempotencyKey!,
        kind: job!.kind,
        attempt: 1,
        createdAt: job!.createdAt,
      },
      ctx.app.payments,
    );
    await ctx.drain();
    expect((await bank(paymentId)).map((e) => [e.type, e.idempotencyKey])).toEqual([
      ['authorization', `payment:${paymentId}:authorize:1`],
      ['capture', `payment:${paymentId}:capture`],
      ['refund', `payment:${paymentId}:refund:1`],
    ]);
    expect(await payment(paymentId)).toMatchObject({ status: 'refunded', amountRefunded: TOTAL });
    expect(await orderStatus(orderId)).toBe('refunded');
    expect((await ledger(paymentId)).reduce((sum, l) => sum + l.amount, 0)).toBe(0);
    expect(await ledger(paymentId)).toHaveLength(6);
  });
});
