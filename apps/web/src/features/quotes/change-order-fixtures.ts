import type { ChangeOrder, Payment } from '@vetted/contract';
import { acceptedOrderDetail, picture } from '../../fixtures';

/*
 * Extras (change orders) for stories, on the accepted order of the shared fixtures (USD minor
 * units): one awaiting the customer, one approved, one declined.
 */

const usd = (amount: number) => ({ amount, currency: 'USD' });
const orderId = acceptedOrderDetail.id;

/** Awaiting the customer: $120.00 + $6.00 fee = $126.00, with two photos. */
export const proposedExtra: ChangeOrder = {
  id: '00000000-0000-4000-8000-0000000f0001',
  orderId,
  description: 'The shut-off valve under the sink is corroded and needs replacing too.',
  amount: usd(12_000),
  fee: usd(600),
  total: usd(12_600),
  photos: [1, 2].map((n) => ({
    url: picture(`Valve ${n}`, 20 + n * 15),
    thumbUrl: picture(`Valve ${n}`, 20 + n * 15, 320, 240),
    width: 800,
    height: 600,
  })),
  status: 'proposed',
  paymentId: null,
  createdAt: '2026-11-23T17:20:00.000Z',
  decidedAt: null,
};

/** Approved and authorised: $40.00 + $2.00 = $42.00. */
export const approvedExtra: ChangeOrder = {
  ...proposedExtra,
  id: '00000000-0000-4000-8000-0000000f0002',
  description: 'Extra 2 m of flexible hose.',
  amount: usd(4_000),
  fee: usd(200),
  total: usd(4_200),
  photos: [],
  status: 'approved',
  paymentId: '00000000-0000-4000-8000-000000000698',
  createdAt: '2026-11-23T17:05:00.000Z',
  decidedAt: '2026-11-23T17:10:00.000Z',
};

/** Declined by the customer: nothing charged. */
export const declinedExtra: ChangeOrder = {
  ...proposedExtra,
  id: '00000000-0000-4000-8000-0000000f0003',
  description: 'Descale the whole hot-water system.',
  amount: usd(9_000),
  fee: usd(450),
  total: usd(9_450),
  photos: [],
  status: 'declined',
  createdAt: '2026-11-23T17:00:00.000Z',
  decidedAt: '2026-11-23T17:02:00.000Z',
};

/** The approval's payment, as `POST …/approve` answers it, ready for the card. */
export const extraPayment: Payment = {
  ...acceptedOrderDetail.payment!,
  id: '00000000-0000-4000-8000-000000000697',
  status: 'requires_payment',
  amount: proposedExtra.total,
  cardLast4: null,
};

/** Every state, oldest first, as an order lists them. */
export const extras: ChangeOrder[] = [declinedExtra, approvedExtra, proposedExtra];
