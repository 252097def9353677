import type {
  Quote,
  QuoteRequest,
  QuoteRequestLead,
  QuoteRequestSummary,
  QuoteVendor,
  VendorLead,
} from '@vetted/contract';
import { responseTimeLabel } from '@vetted/contract';
import { picture } from '../../fixtures';

/*
 * Quotes for stories: one plumbing request in Boston sent to five pros — three quoted (one with
 * a pending counter-offer, one expired), one declined, one yet to answer — and the same request
 * booked, cancelled, just sent, and sent to one pro. "Now" of the stories is `QUOTE_NOW`.
 * Amounts are minor units (USD cents); the fee is the platform's 10 % as on slot bookings.
 */

/** The stories' "now": Friday 20 Nov 2026, 12:00 UTC (ms since epoch). */
export const QUOTE_NOW = Date.parse('2026-11-20T12:00:00.000Z');

const usd = (amount: number) => ({ amount, currency: 'USD' });
const priced = (total: number) => ({
  subtotal: usd(total),
  fee: usd(Math.round(total / 10)),
  total: usd(total + Math.round(total / 10)),
});
const id = (n: number) => `00000000-0000-4000-8000-0000000c${String(n).padStart(4, '0')}`;

const vendor = (
  n: number,
  businessName: string,
  ratingAverage: number,
  ratingCount: number,
  medianMinutes: number | null,
): QuoteVendor => ({
  id: id(100 + n),
  slug: businessName.toLowerCase().replace(/[^a-z]+/g, '-'),
  businessName,
  avatarUrl: n % 2 ? picture(businessName.slice(0, 2), 200 + n * 30, 96, 96) : null,
  ratingAverage,
  ratingCount,
  responseTime:
    medianMinutes === null
      ? null
      : {
          medianMinutes,
          within4hBps: 8_200,
          sampleSize: 40,
          label: responseTimeLabel(medianMinutes),
        },
});

/** The five pros the request went to, best match first. */
export const quoteVendors = {
  demo: vendor(1, 'Demo Plumbing Co.', 4.8, 124, 90),
  harbour: vendor(2, 'Harbour Pipes', 4.6, 38, null),
  northside: vendor(3, 'Northside Heating', 4.9, 12, 20),
  quickfix: vendor(4, 'Quick Fix Boston', 4.2, 51, 300),
  beacon: vendor(5, 'Beacon Plumbing', 4.7, 9, 45),
} as const;

const REQUEST_ID = id(1);

/** Demo Plumbing's quote: three lines, three slots, valid 2 days 3 hours from `QUOTE_NOW`. */
export const openQuote: Quote = {
  id: id(11),
  requestId: REQUEST_ID,
  vendor: quoteVendors.demo,
  lineItems: [
    { description: 'Find the leak and open the boiler casing', amount: 6_000 },
    { description: 'Replace the pressure relief valve', amount: 4_500 },
    { description: 'Parts: valve and seals', amount: 2_500 },
  ],
  total: usd(13_000),
  price: priced(13_000),
  slots: ['2026-11-23T14:00:00.000Z', '2026-11-24T19:00:00.000Z', '2026-11-25T14:00:00.000Z'],
  durationMinutes: 120,
  message: 'I can bring the valve with me; the job takes about two hours.',
  validUntil: '2026-11-22T15:00:00.000Z',
  status: 'open',
  counter: null,
  orderId: null,
  createdAt: '2026-11-19T11:00:00.000Z',
};

/** Harbour Pipes' quote, countered at $150 (pending the pro's answer). */
export const counteredQuote: Quote = {
  ...openQuote,
  id: id(12),
  vendor: quoteVendors.harbour,
  lineItems: [
    { description: 'Boiler service and leak repair', amount: 15_000 },
    { description: 'Call-out', amount: 3_000 },
  ],
  total: usd(18_000),
  price: priced(18_000),
  slots: ['2026-11-24T15:00:00.000Z'],
  durationMinutes: 90,
  message: '',
  validUntil: '2026-11-26T09:00:00.000Z',
  counter: {
    amount: usd(15_000),
    note: 'My budget is $150.',
    status: 'pending',
    at: '2026-11-20T09:00:00.000Z',
  },
};

/** Northside Heating's quote, past its `validUntil`. */
export const expiredQuote: Quote = {
  ...openQuote,
  id: id(13),
  vendor: quoteVendors.northside,
  lineItems: [{ description: 'Repair boiler leak, all included', amount: 12_000 }],
  total: usd(12_000),
  price: priced(12_000),
  slots: ['2026-11-21T14:00:00.000Z'],
  message: 'Call me on [phone hidden until you book] if it gets worse.',
  validUntil: '2026-11-20T08:00:00.000Z',
  status: 'expired',
};

const lead = (
  n: number,
  partial: Partial<QuoteRequestLead> & Pick<QuoteRequestLead, 'vendor'>,
): QuoteRequestLead => ({
  id: id(20 + n),
  currency: 'USD',
  status: 'new',
  declineReason: null,
  quote: null,
  ...partial,
});

/** An open request with every kind of answer: quoted ×3 (open, countered, expired), declined, waiting. */
export const openRequest: QuoteRequest = {
  id: REQUEST_ID,
  status: 'open',
  category: { slug: 'plumbing', name: 'Plumbing' },
  description:
    'The boiler in the kitchen cupboard drips from the bottom, about a cup a day, and the pressure drops overnight. It is a Worcester combi, about 8 years old.',
  address: '12 Harbour Road, Boston 02110',
  windows: [
    { from: '2026-11-23T13:00:00.000Z', to: '2026-11-25T22:00:00.000Z' },
    { from: '2026-11-28T14:00:00.000Z', to: '2026-11-28T20:00:00.000Z' },
  ],
  budget: usd(15_000),
  photos: [
    {
      url: picture('Boiler', 10),
      thumbUrl: picture('Boiler', 10, 480, 360),
      width: 800,
      height: 600,
    },
    {
      url: picture('Drip', 190),
      thumbUrl: picture('Drip', 190, 480, 360),
      width: 800,
      height: 600,
    },
  ],
  customer: { id: id(300), firstName: 'Dana' },
  vendorId: null,
  leads: [
    lead(1, { vendor: quoteVendors.demo, status: 'quoted', quote: openQuote }),
    lead(2, { vendor: quoteVendors.harbour, status: 'quoted', quote: counteredQuote }),
    lead(3, { vendor: quoteVendors.northside, status: 'quoted', quote: expiredQuote }),
    lead(4, {
      vendor: quoteVendors.quickfix,
      status: 'declined',
      declineReason: 'Fully booked until January, sorry.',
    }),
    lead(5, { vendor: quoteVendors.beacon }),
  ],
  acceptedQuoteId: null,
  closesAt: '2026-11-26T09:00:00.000Z',
  createdAt: '2026-11-19T09:00:00.000Z',
};

/** Just sent: no pro has answered yet. */
export const waitingRequest: QuoteRequest = {
  ...openRequest,
  id: id(2),
  leads: openRequest.leads.map((l) => ({ ...l, status: 'new', quote: null, declineReason: null })),
  createdAt: '2026-11-20T11:30:00.000Z',
  closesAt: '2026-11-27T11:30:00.000Z',
};

/** Booked: Demo Plumbing's quote accepted (its order awaiting payment), the others not chosen. */
export const bookedRequest: QuoteRequest = {
  ...openRequest,
  id: id(3),
  status: 'booked',
  acceptedQuoteId: openQuote.id,
  leads: openRequest.leads.map((l) =>
    l.quote?.id === openQuote.id
      ? { ...l, quote: { ...openQuote, status: 'accepted', orderId: id(900) } }
      : l.quote?.status === 'open'
        ? { ...l, status: 'not_chosen', quote: { ...l.quote, status: 'not_chosen' } }
        : l,
  ),
};

/** Cancelled by the customer: every open quote withdrawn. */
export const cancelledRequest: QuoteRequest = {
  ...openRequest,
  id: id(4),
  status: 'cancelled',
  leads: openRequest.leads.map((l) =>
    l.quote?.status === 'open'
      ? { ...l, status: 'closed', quote: { ...l.quote, status: 'withdrawn' } }
      : l,
  ),
};

/** Sent from Demo Plumbing's page to them alone, not answered yet. */
export const directRequest: QuoteRequest = {
  ...waitingRequest,
  id: id(5),
  vendorId: quoteVendors.demo.id,
  photos: [],
  budget: null,
  leads: [lead(1, { vendor: quoteVendors.demo })],
};

/** `GET /v1/quote-requests` as the customer's list shows it, newest first. */
export const quoteRequestList: QuoteRequestSummary[] = [
  {
    id: waitingRequest.id,
    status: 'open',
    category: { slug: 'electrical', name: 'Electrical' },
    preview: 'Two sockets in the living room stopped working after a storm.',
    leadCount: 4,
    quoteCount: 0,
    lowest: null,
    closesAt: waitingRequest.closesAt,
    createdAt: waitingRequest.createdAt,
  },
  {
    id: openRequest.id,
    status: 'open',
    category: openRequest.category,
    preview: 'The boiler in the kitchen cupboard drips from the bottom, about a cup a day…',
    leadCount: 5,
    quoteCount: 3,
    lowest: usd(13_000),
    closesAt: openRequest.closesAt,
    createdAt: openRequest.createdAt,
  },
  {
    id: bookedRequest.id,
    status: 'booked',
    category: { slug: 'cleaning', name: 'Cleaning' },
    preview: 'End-of-tenancy clean of a two-bedroom flat, oven included.',
    leadCount: 3,
    quoteCount: 2,
    lowest: null,
    closesAt: '2026-11-18T10:00:00.000Z',
    createdAt: '2026-11-11T10:00:00.000Z',
  },
  {
    id: cancelledRequest.id,
    status: 'cancelled',
    category: openRequest.category,
    preview: 'Retile the shower wall, about 4 square metres.',
    leadCount: 2,
    quoteCount: 1,
    lowest: null,
    closesAt: '2026-11-14T10:00:00.000Z',
    createdAt: '2026-11-07T10:00:00.000Z',
  },
];

/** The request as a matched pro's lead row (Demo Plumbing's, before quoting). */
export const newVendorLead: VendorLead = {
  id: id(21),
  requestId: REQUEST_ID,
  status: 'new',
  rank: 1,
  category: openRequest.category,
  preview: 'The boiler in the kitchen cupboard drips from the bottom, about a cup a day…',
  customer: { firstName: 'Dana' },
  area: 'Boston, MA',
  windows: openRequest.windows,
  budget: usd(15_000),
  photoCount: 2,
  direct: false,
  quote: null,
  closesAt: openRequest.closesAt,
  createdAt: openRequest.createdAt,
};

/** The pro's leads in each status, newest first. */
export const vendorLeadList: VendorLead[] = [
  newVendorLead,
  {
    ...newVendorLead,
    id: id(31),
    requestId: id(6),
    status: 'quoted',
    preview: 'Replace the kitchen mixer tap (I have bought the tap).',
    direct: true,
    budget: null,
    photoCount: 0,
    quote: {
      id: id(41),
      total: usd(9_000),
      status: 'open',
      counter: {
        amount: usd(7_500),
        note: 'Could you do $75?',
        status: 'pending',
        at: '2026-11-20T10:00:00.000Z',
      },
    },
  },
  {
    ...newVendorLead,
    id: id(32),
    requestId: id(7),
    status: 'declined',
    preview: 'Move a radiator to the other wall of the bedroom.',
    quote: null,
  },
  {
    ...newVendorLead,
    id: id(33),
    requestId: id(8),
    status: 'not_chosen',
    preview: 'Unblock the bathroom sink, water drains very slowly.',
    quote: { id: id(43), total: usd(8_000), status: 'not_chosen', counter: null },
  },
];
