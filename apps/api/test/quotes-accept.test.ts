import { CONTACT_MASKS } from '@vetted/contract';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createCustomer, pay, say, type TestUser } from './fixtures';
import { createTestContext, type TestContext } from './helpers';
import {
  bostonPro,
  call,
  clockAt,
  DAY,
  fromNow,
  leadOf,
  noticesOf,
  ordersOfRequest,
  type QuoteDto,
  quoteFor,
  requestQuotes,
  settle,
  viewRequest,
} from './quotes-fixtures';

/*
 * Counter-offers and accepting a quote through HTTP on a real database with a fake clock: the
 * pro's answer to a counter, the order an accepted quote creates (total + fee, slot, line
 * items), the quotes it closes, checkout into `accepted`, exactly one order under parallel
 * accepts, the expiry jobs, and contact details masked until a paid order. Each test starts
 * later than the one before, so jobs an earlier test left queued change nothing.
 */

let ctx: TestContext;
beforeAll(async () => {
  // The fake clock runs months ahead of the tokens' real issue time.
  ctx = await createTestContext({ accessTokenTtlS: 400 * 24 * 3600 });
});
afterAll(async () => ctx?.close());
afterEach(() => vi.useRealTimers());

const accept = (customer: TestUser, quote: QuoteDto, startsAt: string) =>
  call(ctx, customer, 'POST', `/v1/quotes/${quote.id}/accept`, { startsAt });

async function orderOf(user: TestUser, id: string) {
  const res = await call(ctx, user, 'GET', `/v1/orders/${id}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

describe('accepting a quote', () => {
  it('creates one order at the total plus the fee on the chosen slot; the other pro is not chosen; paying accepts it', async () => {
    clockAt('2027-03-15T14:00:00Z');
    const chosen = await bostonPro(ctx, 'qa-accept', { businessName: 'Chosen Pipes' });
    const other = await bostonPro(ctx, 'qa-accept', { businessName: 'Other Pipes' });
    const customer = await createCustomer(ctx, 'Ava Accept');
    const request = await requestQuotes(ctx, customer, 'qa-accept');
    const lineItems = [
      { description: 'Replace the valve', amount: 12_000 },
      { description: 'Parts', amount: 3_550 },
    ];
    const qa = await quoteFor(ctx, chosen, request.id, { lineItems });
    const qb = await quoteFor(ctx, other, request.id);

    // Only one of the quote's own slots.
    const offSlot = await accept(customer, qa, fromNow(5 * DAY));
    expect(offSlot.statusCode, offSlot.body).toBe(400);
    expect(await ordersOfRequest(ctx, request.id)).toEqual([]);

    const res = await accept(customer, qa, qa.slots[1]!);
    expect(res.statusCode, res.body).toBe(200);
    const { quote, orderId } = res.json().data;
    expect(quote).toMatchObject({ id: qa.id, status: 'accepted', orderId });

    // 12 000 + 3 550 = 15 550; fee 5 % = 777.5 → 778; total 16 328.
    const order = await orderOf(customer, orderId);
    expect(order).toMatchObject({
      status: 'pending_payment',
      startsAt: qa.slots[1],
      subtotal: { amount: 15_550, currency: 'USD' },
      fee: { amount: 778, currency: 'USD' },
      total: { amount: 16_328, currency: 'USD' },
      lineItems,
      quote: { id: qa.id, requestId: request.id },
      vendor: { id: chosen.vendorId },
    });
    expect((await ordersOfRequest(ctx, request.id)).map((o) => o.id)).toEqual([orderId]);

    const view = await viewRequest(ctx, customer, request.id);
    expect(view.acceptedQuoteId).toBe(qa.id);
    expect(leadOf(view, other)).toMatchObject({
      status: 'not_chosen',
      quote: { id: qb.id, status: 'not_chosen' },
    });
    const notices = await noticesOf(ctx, other);
    expect(
      notices.some(
        (n) => n.type.includes('not_chosen') || /not chosen/i.test(`${n.title} ${n.body}`),
      ),
      JSON.stringify(notices),
    ).toBe(true);

    // Neither quote can be accepted again.
    expect((await accept(customer, qb, qb.slots[0]!)).statusCode).toBe(409);
    expect((await accept(customer, qa, qa.slots[0]!)).statusCode).toBe(409);
    expect(await ordersOfRequest(ctx, request.id)).toHaveLength(1);

    // The pro committed by quoting: the sandbox checkout moves the order to accepted.
    const paid = await pay(ctx, customer, orderId);
    expect(paid.statusCode, paid.body).toBe(200);
    await settle(ctx);
    expect((await orderOf(customer, orderId)).status).toBe('accepted');
    expect((await orderOf(chosen, orderId)).status).toBe('accepted');
  });

  it('under 10 parallel accepts of the same and the other quote: one 200, nine 409, one order', async () => {
    clockAt('2027-03-16T14:00:00Z');
    const a = await bostonPro(ctx, 'qa-race');
    const b = await bostonPro(ctx, 'qa-race');
    const customer = await createCustomer(ctx, 'Rae Race');
    const request = await requestQuotes(ctx, customer, 'qa-race');
    const qa = await quoteFor(ctx, a, request.id);
    const qb = await quoteFor(ctx, b, request.id);
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        i % 2 ? accept(customer, qb, qb.slots[0]!) : accept(customer, qa, qa.slots[0]!),
      ),
    );
    const statuses = results.map((r) => r.statusCode);
    expect(
      statuses.filter((s) => s === 200),
      JSON.stringify(results.map((r) => r.body)),
    ).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(9);
    const winner = results.find((r) => r.statusCode === 200)!.json().data;
    const rows = await ordersOfRequest(ctx, request.id);
    expect(rows.map((o) => o.id)).toEqual([winner.orderId]);
    expect(rows[0]!.quoteId).toBe(winner.quote.id);
    const view = await viewRequest(ctx, customer, request.id);
    expect(view.acceptedQuoteId).toBe(winner.quote.id);
    expect(view.leads.map((l) => l.quote?.status).sort()).toEqual(['accepted', 'not_chosen']);
  });
});

describe('counter-offers', () => {
  it('one per quote, below the total; the pro alone answers: accepted sets the total, declined keeps it', async () => {
    clockAt('2027-03-18T14:00:00Z');
    const a = await bostonPro(ctx, 'qr-counter', { businessName: 'Ace Pipes' });
    const b = await bostonPro(ctx, 'qr-counter', { businessName: 'Best Pipes' });
    const customer = await createCustomer(ctx, 'Cleo Counter');
    const request = await requestQuotes(ctx, customer, 'qr-counter');
    const qa = await quoteFor(ctx, a, request.id); // 20 000
    const qb = await quoteFor(ctx, b, request.id, {
      lineItems: [{ description: 'All in', amount: 18_000 }],
    });
    const counter = (quoteId: string, amount: number) =>
      call(ctx, customer, 'POST', `/v1/quote-requests/${request.id}/counter`, {
        quoteId,
        amount,
        note: 'Could you do it for less?',
      });

    for (const amount of [20_000, 25_000]) {
      const res = await counter(qa.id, amount);
      expect(res.statusCode, `${amount}: ${res.body}`).toBe(400);
    }
    const countered = await counter(qa.id, 17_500);
    expect(countered.statusCode, countered.body).toBe(200);
    expect(countered.json().data.counter).toMatchObject({
      amount: { amount: 17_500, currency: 'USD' },
      note: 'Could you do it for less?',
      status: 'pending',
    });
    expect((await counter(qa.id, 17_000)).statusCode).toBe(409);

    // Only the quote's pro answers it.
    for (const who of [b, customer]) {
      const res = await call(ctx, who, 'POST', `/v1/quotes/${qa.id}/counter/accept`);
      expect([403, 404], res.body).toContain(res.statusCode);
    }
    const accepted = await call(ctx, a, 'POST', `/v1/quotes/${qa.id}/counter/accept`);
    expect(accepted.statusCode, accepted.body).toBe(200);
    // 17 500 × 5 % = 875 fee.
    expect(accepted.json().data).toMatchObject({
      total: { amount: 17_500 },
      price: { subtotal: { amount: 17_500 }, fee: { amount: 875 }, total: { amount: 18_375 } },
      counter: { status: 'accepted' },
    });

    expect((await counter(qb.id, 15_000)).statusCode).toBe(200);
    const declined = await call(ctx, b, 'POST', `/v1/quotes/${qb.id}/counter/decline`);
    expect(declined.statusCode, declined.body).toBe(200);
    expect(declined.json().data).toMatchObject({
      total: { amount: 18_000 },
      counter: { status: 'declined' },
    });

    const view = await viewRequest(ctx, customer, request.id);
    expect(leadOf(view, a)?.quote).toMatchObject({
      total: { amount: 17_500 },
      counter: { status: 'accepted' },
    });
    expect(leadOf(view, b)?.quote).toMatchObject({
      total: { amount: 18_000 },
      counter: { status: 'declined' },
    });
  });
});

describe('expiry jobs', () => {
  it('expires a quote at validUntil when its job runs; it can no longer be accepted', async () => {
    const start = clockAt('2027-03-22T14:00:00Z');
    const pro = await bostonPro(ctx, 'qa-expire');
    const customer = await createCustomer(ctx, 'Eve Expire');
    const request = await requestQuotes(ctx, customer, 'qa-expire');
    const validUntil = new Date(start.getTime() + 2 * DAY);
    const quote = await quoteFor(ctx, pro, request.id, { validUntil: validUntil.toISOString() });
    const statusOf = async () =>
      leadOf(await viewRequest(ctx, customer, request.id), pro)?.quote?.status;

    clockAt(new Date(validUntil.getTime() - 60_000));
    await settle(ctx);
    expect(await statusOf()).toBe('open');

    clockAt(new Date(validUntil.getTime() + 60_000));
    await settle(ctx);
    expect(await statusOf()).toBe('expired');
    // Both sides are told.
    for (const user of [customer, pro]) {
      const notices = await noticesOf(ctx, user);
      expect(
        notices.some((n) => /expired/i.test(`${n.title} ${n.body}`)),
        JSON.stringify(notices),
      ).toBe(true);
    }
    expect((await accept(customer, quote, quote.slots[0]!)).statusCode).toBe(409);
    expect(await ordersOfRequest(ctx, request.id)).toEqual([]);
  });

  it('closes a request 7 days after it was made without an accepted quote, withdrawing its open quotes', async () => {
    const start = clockAt('2027-04-01T14:00:00Z');
    const quoting = await bostonPro(ctx, 'qa-close');
    const silent = await bostonPro(ctx, 'qa-close');
    const customer = await createCustomer(ctx, 'Cal Close');
    const request = await requestQuotes(ctx, customer, 'qa-close');
    const closesAt = start.getTime() + 7 * DAY;
    expect(Date.parse(request.closesAt)).toBe(closesAt);
    // Valid beyond the request's close, which withdraws it first.
    await quoteFor(ctx, quoting, request.id, { validUntil: fromNow(10 * DAY) });

    clockAt(new Date(closesAt - 60_000));
    await settle(ctx);
    expect((await viewRequest(ctx, customer, request.id)).status).toBe('open');

    clockAt(new Date(closesAt + 60_000));
    await settle(ctx);
    const view = await viewRequest(ctx, customer, request.id);
    expect(view.status).toBe('closed');
    for (const user of [customer, quoting, silent]) {
      const notices = await noticesOf(ctx, user);
      expect(
        notices.some((n) => /closed/i.test(`${n.title} ${n.body}`)),
        JSON.stringify(notices),
      ).toBe(true);
    }
    expect(leadOf(view, quoting)).toMatchObject({
      status: 'closed',
      quote: { status: 'withdrawn' },
    });
    expect(leadOf(view, silent)).toMatchObject({ status: 'closed', quote: null });
  });
});

describe('contact details', () => {
  it('are masked for the other side until an order between them is paid; each side sees its own text', async () => {
    clockAt('2027-04-15T14:00:00Z');
    const pro = await bostonPro(ctx, 'qa-mask', { businessName: 'Masked Pipes' });
    const customer = await createCustomer(ctx, 'Max Mask');
    const description = 'Kitchen tap drips all night, call me on 617-555-0123 or a@b.com';
    const request = await requestQuotes(ctx, customer, 'qa-mask', { description });
    const message = 'Text me on 617-555-0123 to agree the details';
    const quote = await quoteFor(ctx, pro, request.id, { message });
    const { phone, email } = CONTACT_MASKS;

    expect((await viewRequest(ctx, customer, request.id)).description).toBe(description);
    expect((await viewRequest(ctx, pro, request.id)).description).toBe(
      `Kitchen tap drips all night, call me on ${phone} or ${email}`,
    );
    const leads = await call(ctx, pro, 'GET', '/v1/vendor/leads');
    const preview = leads.json().data[0].preview as string;
    expect(preview).not.toContain('617-555-0123');
    expect(preview).not.toContain('a@b.com');
    expect(quote.message).toBe(message);
    expect(leadOf(await viewRequest(ctx, customer, request.id), pro)?.quote?.message).toBe(
      `Text me on ${phone} to agree the details`,
    );

    // The question goes through the pair's conversation, linked to the request.
    const opened = await call(
      ctx,
      customer,
      'POST',
      `/v1/quote-requests/${request.id}/conversation`,
      {
        vendorId: pro.vendorId,
      },
    );
    expect([200, 201], opened.body).toContain(opened.statusCode);
    const conversation = opened.json().data.id as string;
    const proSide = await call(
      ctx,
      pro,
      'POST',
      `/v1/quote-requests/${request.id}/conversation`,
      {},
    );
    expect(proSide.json().data?.id, proSide.body).toBe(conversation);
    await say(ctx, customer, conversation, 'My cell is 617-555-0123');
    await say(ctx, pro, conversation, 'Mail me at pro@example.com');
    const bodies = async (user: TestUser) => {
      const res = await call(ctx, user, 'GET', `/v1/conversations/${conversation}/messages`);
      expect(res.statusCode, res.body).toBe(200);
      return (res.json().data.items as { body: string }[]).map((m) => m.body);
    };
    expect(await bodies(customer)).toEqual(['My cell is 617-555-0123', `Mail me at ${email}`]);
    expect(await bodies(pro)).toEqual([`My cell is ${phone}`, 'Mail me at pro@example.com']);

    // Booked and paid: both see everything.
    const accepted = await accept(customer, quote, quote.slots[0]!);
    expect(accepted.statusCode, accepted.body).toBe(200);
    // Accepted but not paid yet: still masked.
    expect((await viewRequest(ctx, pro, request.id)).description).not.toContain('617-555-0123');
    expect((await pay(ctx, customer, accepted.json().data.orderId)).statusCode).toBe(200);
    await settle(ctx);
    expect((await viewRequest(ctx, pro, request.id)).description).toBe(description);
    expect(leadOf(await viewRequest(ctx, customer, request.id), pro)?.quote?.message).toBe(message);
    const unmasked = ['My cell is 617-555-0123', 'Mail me at pro@example.com'];
    expect(await bodies(customer)).toEqual(unmasked);
    expect(await bodies(pro)).toEqual(unmasked);
  });
});
