import type {
  Quote,
  QuoteRequest,
  QuoteVendor,
  VendorFreeSlots,
  VendorLead,
} from '@vetted/contract';
import { picture } from '../../fixtures';

/*
 * The pro's side of quotes for stories: Demo Plumbing Co. (New York) and the leads sent to it,
 * one in each status, and the request behind the first lead as the pro sees it (their own lead
 * only). "Now" of the stories is `LEAD_NOW`; amounts are USD minor units.
 */

/** The stories' "now": Friday 20 Nov 2026, 14:00 UTC (9:00 in New York), ms since epoch. */
export const LEAD_NOW = Date.parse('2026-11-20T14:00:00.000Z');

/** The pro's IANA zone: slots and validity are shown in it. */
export const LEAD_TIME_ZONE = 'America/New_York';

const usd = (amount: number) => ({ amount, currency: 'USD' });

const vendor: QuoteVendor = {
  id: '00000000-0000-4000-8000-000000000201',
  slug: 'demo-plumbing',
  businessName: 'Demo Plumbing Co.',
  avatarUrl: null,
  ratingAverage: 4.8,
  ratingCount: 37,
  responseTime: {
    medianMinutes: 95,
    within4hBps: 8_200,
    sampleSize: 41,
    label: 'Usually replies within 2 hours',
  },
};

const windows = [
  { from: '2026-11-23T13:00:00.000Z', to: '2026-11-23T22:00:00.000Z' },
  { from: '2026-11-25T13:00:00.000Z', to: '2026-11-25T17:00:00.000Z' },
];

/** A new lead: a leaking boiler, 3 photos, a budget, 5 days left. */
export const newLead: VendorLead = {
  id: '00000000-0000-4000-8000-0000000c0001',
  requestId: '00000000-0000-4000-8000-0000000d0001',
  status: 'new',
  rank: 1,
  category: { slug: 'plumbing', name: 'Plumbing' },
  preview: 'The boiler in the basement leaks from the bottom valve, about a cup a day.',
  customer: { firstName: 'Dana' },
  area: 'Brooklyn, NY',
  windows,
  budget: usd(25_000),
  photoCount: 3,
  direct: false,
  quote: null,
  closesAt: '2026-11-25T14:00:00.000Z',
  createdAt: '2026-11-18T14:00:00.000Z',
};

/** Sent to this pro alone (from their page), no budget, no photos. */
export const directLead: VendorLead = {
  ...newLead,
  id: '00000000-0000-4000-8000-0000000c0002',
  requestId: '00000000-0000-4000-8000-0000000d0002',
  category: { slug: 'plumbing', name: 'Plumbing' },
  preview: 'Replace the kitchen tap and fix the slow drain under the sink.',
  customer: { firstName: 'Sam' },
  area: 'Queens, NY',
  budget: null,
  photoCount: 0,
  direct: true,
  closesAt: '2026-11-26T09:00:00.000Z',
  createdAt: '2026-11-19T09:00:00.000Z',
};

/** Quoted, and the customer countered $220.00 on the $260.00 quote. */
export const counteredLead: VendorLead = {
  ...newLead,
  id: '00000000-0000-4000-8000-0000000c0003',
  requestId: '00000000-0000-4000-8000-0000000d0003',
  status: 'quoted',
  preview: 'Bathroom radiator is cold at the top; bleed and check the pump.',
  customer: { firstName: 'Alex' },
  area: 'Hoboken, NJ',
  photoCount: 1,
  quote: {
    id: '00000000-0000-4000-8000-0000000e0003',
    total: usd(26_000),
    status: 'open',
    counter: {
      amount: usd(22_000),
      note: 'Could you do it for $220?',
      status: 'pending',
      at: '2026-11-19T20:00:00.000Z',
    },
  },
};

/** Declined by the pro. */
export const declinedLead: VendorLead = {
  ...newLead,
  id: '00000000-0000-4000-8000-0000000c0004',
  requestId: '00000000-0000-4000-8000-0000000d0004',
  status: 'declined',
  preview: 'Install a new gas boiler in a loft conversion.',
  customer: { firstName: 'Robin' },
  area: 'Staten Island, NY',
  photoCount: 2,
};

/** Another pro's quote was chosen. */
export const notChosenLead: VendorLead = {
  ...newLead,
  id: '00000000-0000-4000-8000-0000000c0005',
  requestId: '00000000-0000-4000-8000-0000000d0005',
  status: 'not_chosen',
  preview: 'Shower mixer drips after use.',
  customer: { firstName: 'Jo' },
  quote: {
    id: '00000000-0000-4000-8000-0000000e0005',
    total: usd(14_000),
    status: 'not_chosen',
    counter: null,
  },
};

/** Every status, newest first, as `GET /v1/vendor/leads` lists them. */
export const leadList: VendorLead[] = [
  directLead,
  newLead,
  counteredLead,
  declinedLead,
  notChosenLead,
];

/** The request of `newLead` as its pro sees it: their own lead only, no quote yet. */
export const leadRequest: QuoteRequest = {
  id: newLead.requestId,
  status: 'open',
  category: newLead.category,
  description:
    'The boiler in the basement leaks from the bottom valve, about a cup a day.\nIt is a 2015 Worcester combi; the pressure drops to 0.5 bar every two days.',
  address: '12 Harbour Road, Brooklyn, NY 11201',
  windows,
  budget: newLead.budget,
  photos: [1, 2, 3].map((n) => ({
    url: picture(`Photo ${n}`, 200 + n * 20),
    thumbUrl: picture(`Photo ${n}`, 200 + n * 20, 320, 240),
    width: 800,
    height: 600,
  })),
  customer: { id: '00000000-0000-4000-8000-000000000301', firstName: 'Dana' },
  vendorId: null,
  leads: [
    { id: newLead.id, vendor, currency: 'USD', status: 'new', declineReason: null, quote: null },
  ],
  acceptedQuoteId: null,
  closesAt: newLead.closesAt,
  createdAt: newLead.createdAt,
};

/** The pro's open quote on `leadRequest`: two lines, two slots. */
export const sentQuote: Quote = {
  id: '00000000-0000-4000-8000-0000000e0001',
  requestId: leadRequest.id,
  vendor,
  lineItems: [
    { description: 'Replace the drain valve', amount: 18_000 },
    { description: 'Pressure test and refill', amount: 6_000 },
  ],
  total: usd(24_000),
  price: { subtotal: usd(24_000), fee: usd(1_200), total: usd(25_200) },
  slots: ['2026-11-23T14:00:00.000Z', '2026-11-25T14:00:00.000Z'],
  durationMinutes: 120,
  message: 'I carry the valve in the van; two hours is plenty.',
  validUntil: '2026-11-23T14:00:00.000Z',
  status: 'open',
  counter: null,
  orderId: null,
  createdAt: '2026-11-20T13:00:00.000Z',
};

/** `leadRequest` with the pro's lead in `status`, carrying `quote` (and a decline reason). */
export function requestWith(
  status: VendorLead['status'],
  quote: Quote | null,
  declineReason: string | null = null,
): QuoteRequest {
  const lead = leadRequest.leads[0]!;
  return { ...leadRequest, leads: [{ ...lead, status, quote, declineReason }] };
}

/** Quoted: the sent quote, no counter. */
export const quotedRequest = requestWith('quoted', sentQuote);

/** The customer countered $200.00 on the $240.00 quote. */
export const counteredRequest = requestWith('quoted', {
  ...sentQuote,
  counter: {
    amount: usd(20_000),
    note: 'Could you do it for $200?',
    status: 'pending',
    at: '2026-11-20T15:00:00.000Z',
  },
});

/** Another pro was chosen. */
export const notChosenRequest: QuoteRequest = {
  ...requestWith('not_chosen', { ...sentQuote, status: 'not_chosen' }),
  status: 'booked',
};

/** The request closed with no quote accepted. */
export const closedRequest: QuoteRequest = { ...requestWith('closed', null), status: 'closed' };

/** Declined by the pro. */
export const declinedRequest = requestWith('declined', null, 'Fully booked until January.');

/** The quote expired before the customer chose. */
export const expiredRequest = requestWith('quoted', { ...sentQuote, status: 'expired' });

/** Free 2-hour starts on three days in New York (`GET /v1/vendor/free-slots`). */
export const freeSlots: VendorFreeSlots = {
  timeZone: LEAD_TIME_ZONE,
  days: [
    {
      date: '2026-11-23',
      slots: ['2026-11-23T14:00:00.000Z', '2026-11-23T15:00:00.000Z', '2026-11-23T18:00:00.000Z'],
    },
    { date: '2026-11-24', slots: [] },
    { date: '2026-11-25', slots: ['2026-11-25T14:00:00.000Z', '2026-11-25T16:00:00.000Z'] },
  ],
};
