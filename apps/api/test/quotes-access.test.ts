import { randomUUID } from 'node:crypto';
import { type EndpointName, endpoints } from '@vetted/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCustomer, type TestUser, type TestVendor } from './fixtures';
import { createTestContext, type TestContext } from './helpers';
import {
  bostonPro,
  call,
  freeStarts,
  JOB,
  type Method,
  nextWeek,
  type QuoteDto,
  quoteFor,
  type RequestDto,
  requestQuotes,
  BOSTON_ADDRESS,
  snapshotOf,
} from './quotes-fixtures';

/**
 * The access matrix of the quotes API: every endpoint of requests, leads and quotes (the
 * contract's `createQuoteRequest` … `getVendorFreeSlots`) × {anonymous, another customer,
 * another pro}. Anonymous callers get 401; outsiders get the 404 of a random id (or the 403 of
 * the wrong role) — never a 409 or 400 that tells "exists" from "not yours" — and nothing stored
 * about the request changes. Lists answer outsiders without the request.
 */

let ctx: TestContext;
let customer: TestUser;
/** Quoted the request; its quote carries the customer's pending counter-offer. */
let quoting: TestVendor;
/** Matched, has not answered yet. */
let waiting: TestVendor;
let otherCustomer: TestUser;
/** Same category, based in New York: not matched. */
let otherPro: TestVendor;
let request: RequestDto;
let quote: QuoteDto;
let waitingSlots: string[];

const CATEGORY = 'qx-access';

beforeAll(async () => {
  ctx = await createTestContext();
  customer = await createCustomer(ctx, 'Cora Customer');
  quoting = await bostonPro(ctx, CATEGORY, { businessName: 'Quoting Pipes', ratingAverage: 4.9 });
  waiting = await bostonPro(ctx, CATEGORY, { businessName: 'Waiting Pipes', ratingAverage: 4.1 });
  otherCustomer = await createCustomer(ctx, 'Ivan Intruder');
  otherPro = await bostonPro(ctx, CATEGORY, {
    businessName: 'Nosy Pipes',
    city: 'New York',
    lat: 40.7128,
    lng: -74.006,
  });
  request = await requestQuotes(ctx, customer, CATEGORY);
  expect(request.leads.map((l) => l.vendor.id)).toEqual([quoting.vendorId, waiting.vendorId]);
  quote = await quoteFor(ctx, quoting, request.id);
  const countered = await call(ctx, customer, 'POST', `/v1/quote-requests/${request.id}/counter`, {
    quoteId: quote.id,
    amount: 15_000,
    note: 'Any better?',
  });
  expect(countered.statusCode, countered.body).toBe(200);
  waitingSlots = await freeStarts(ctx, waiting, 60, 1);
});
afterAll(async () => ctx?.close());

/**
 * What an outsider gets: one of these statuses (404 for a resource of their own role, 403 also
 * allowed where the role itself may not call the endpoint), `hidden` (200 without the request,
 * or 403/404) for a list, or `own` where the call is about the caller's own data only.
 */
type Outcome = number[] | 'hidden' | 'own';

interface Row {
  /** The `:id` of the path: the request or the quote. */
  id?: () => string;
  query?: string;
  body?: () => object;
  otherCustomer: Outcome;
  otherPro: Outcome;
}

const onRequest = () => request.id;
const onQuote = () => quote.id;

const MATRIX: Record<string, Row> = {
  createQuoteRequest: {
    body: () => ({
      categorySlug: CATEGORY,
      description: JOB,
      address: BOSTON_ADDRESS,
      windows: nextWeek(),
      vendorId: quoting.vendorId,
    }),
    // Another customer asking for quotes makes a request of their own.
    otherCustomer: 'own',
    otherPro: [403],
  },
  listQuoteRequests: { otherCustomer: 'hidden', otherPro: 'hidden' },
  getQuoteRequest: { id: onRequest, otherCustomer: [404], otherPro: [404] },
  cancelQuoteRequest: { id: onRequest, otherCustomer: [404], otherPro: [403, 404] },
  createQuote: {
    id: onRequest,
    body: () => ({
      lineItems: [{ description: 'Labour', amount: 9_000 }],
      validUntil: new Date(Date.now() + 2 * 24 * 3600_000).toISOString(),
      slots: waitingSlots,
      durationMinutes: 60,
      message: '',
    }),
    otherCustomer: [403, 404],
    otherPro: [404],
  },
  declineQuoteRequest: {
    id: onRequest,
    body: () => ({ reason: 'Not for me' }),
    otherCustomer: [403, 404],
    otherPro: [404],
  },
  counterQuote: {
    id: onRequest,
    body: () => ({ quoteId: quote.id, amount: 14_000, note: '' }),
    otherCustomer: [404],
    otherPro: [403, 404],
  },
  openQuoteConversation: {
    id: onRequest,
    body: () => ({ vendorId: quoting.vendorId }),
    otherCustomer: [404],
    otherPro: [404],
  },
  acceptCounter: { id: onQuote, otherCustomer: [403, 404], otherPro: [404] },
  declineCounter: { id: onQuote, otherCustomer: [403, 404], otherPro: [404] },
  acceptQuote: {
    id: onQuote,
    body: () => ({ startsAt: quote.slots[0] }),
    otherCustomer: [404],
    otherPro: [403, 404],
  },
  listVendorLeads: { otherCustomer: [403], otherPro: 'hidden' },
  // The caller's own calendar: nothing of another pro's in it.
  getVendorFreeSlots: { query: '?durationMinutes=60', otherCustomer: [403], otherPro: 'own' },
};

/** The quote endpoints of the contract, requests to free slots (change orders have their own). */
function quoteEndpointNames(): string[] {
  const names = Object.keys(endpoints);
  return names.slice(names.indexOf('createQuoteRequest'), names.indexOf('getVendorFreeSlots') + 1);
}

function send(name: string, user: TestUser | null, id?: string) {
  const endpoint = endpoints[name as EndpointName];
  const row = MATRIX[name]!;
  const path = endpoint.path.replace(':id', id ?? row.id?.() ?? '');
  return call(ctx, user, endpoint.method as Method, `/v1${path}${row.query ?? ''}`, row.body?.());
}

describe('quotes access matrix', () => {
  it('covers every quote endpoint of the contract', () => {
    expect(Object.keys(MATRIX).sort()).toEqual(quoteEndpointNames().sort());
  });

  it('answers the parties themselves', async () => {
    for (const user of [customer, quoting, waiting]) {
      const res = await call(ctx, user, 'GET', `/v1/quote-requests/${request.id}`);
      expect(res.statusCode, `${user.fullName}: ${res.body}`).toBe(200);
    }
  });

  const callers = {
    anonymous: { user: () => null, outcome: (_row: Row): Outcome => [401] },
    'another customer': { user: () => otherCustomer, outcome: (row: Row) => row.otherCustomer },
    'another pro': { user: () => otherPro, outcome: (row: Row) => row.otherPro },
  };
  // Calls about the caller's own data (`own`) are not refusals; the table says which and why.
  const cases = Object.entries(MATRIX).flatMap(([name, row]) =>
    (Object.keys(callers) as (keyof typeof callers)[])
      .filter((who) => callers[who].outcome(row) !== 'own')
      .map((who) => [name, who] as const),
  );

  it.each(cases)('%s as %s: refused, and nothing changes', async (name, who) => {
    const row = MATRIX[name]!;
    const outcome = callers[who].outcome(row);
    const caller = callers[who].user();
    const before = await snapshotOf(ctx, request.id);
    const res = await send(name, caller);
    if (outcome === 'hidden') {
      if (res.statusCode === 200) expect(res.body).not.toContain(request.id);
      else expect([403, 404], res.body).toContain(res.statusCode);
    } else {
      expect(outcome, `${res.statusCode} ${res.body}`).toContain(res.statusCode);
      if (res.statusCode === 404 && row.id) {
        // Exactly the answer to an id that does not exist: no oracle.
        const random = await send(name, caller, randomUUID());
        expect(res.json()).toEqual(random.json());
      }
    }
    expect(await snapshotOf(ctx, request.id)).toEqual(before);
  });
});
