import type { Plan, PlanVisit } from '@vetted/contract';

/*
 * Plans for stories: one weekly plan of a drain service in New York at 10:00, in each status.
 * "Now" of the stories is `PLAN_NOW`, between visit 2 and visit 3.
 */

/** The stories' "now": Friday 20 Nov 2026, 12:00 UTC (ms since epoch). */
export const PLAN_NOW = Date.parse('2026-11-20T12:00:00.000Z');

const visits: PlanVisit[] = [
  {
    visit: 1,
    startsAt: '2026-11-12T15:00:00.000Z',
    orderId: '00000000-0000-4000-8000-0000000b0001',
    status: 'completed',
  },
  {
    visit: 2,
    startsAt: '2026-11-19T15:00:00.000Z',
    orderId: '00000000-0000-4000-8000-0000000b0002',
    status: 'completed',
  },
  {
    visit: 3,
    startsAt: '2026-11-26T15:00:00.000Z',
    orderId: '00000000-0000-4000-8000-0000000b0003',
    status: 'accepted',
  },
  { visit: 4, startsAt: '2026-12-03T15:00:00.000Z', orderId: null, status: 'scheduled' },
  { visit: 5, startsAt: '2026-12-10T15:00:00.000Z', orderId: null, status: 'skipped' },
  { visit: 6, startsAt: '2026-12-17T15:00:00.000Z', orderId: null, status: 'scheduled' },
];

/** An active weekly plan with past, booked, skipped and scheduled visits. */
export const activePlan: Plan = {
  id: '00000000-0000-4000-8000-0000000a0001',
  status: 'active',
  frequency: 'weekly',
  service: {
    id: '00000000-0000-4000-8000-000000000101',
    title: 'Drain unblocking',
    durationMinutes: 60,
  },
  vendor: {
    id: '00000000-0000-4000-8000-000000000201',
    businessName: 'Demo Plumbing Co.',
    timeZone: 'America/New_York',
  },
  customer: { id: '00000000-0000-4000-8000-000000000301', fullName: 'Dana Customer' },
  startsAt: '2026-11-12T15:00:00.000Z',
  localTime: '10:00',
  timeZone: 'America/New_York',
  until: null,
  address: '12 Harbour Road, Boston 02110',
  notes: 'Side door; the dog is friendly.',
  price: {
    subtotal: { amount: 8_000, currency: 'USD' },
    fee: { amount: 800, currency: 'USD' },
    total: { amount: 8_800, currency: 'USD' },
  },
  card: { last4: '4242' },
  firstOrderId: '00000000-0000-4000-8000-0000000b0001',
  visits,
  createdAt: '2026-11-05T09:00:00.000Z',
  acceptedAt: '2026-11-06T09:00:00.000Z',
  pausedAt: null,
  cancelledAt: null,
};

/** Just started: the first visit paid, the pro yet to accept. */
export const pendingPlan: Plan = {
  ...activePlan,
  id: '00000000-0000-4000-8000-0000000a0002',
  status: 'pending',
  frequency: 'biweekly',
  service: { ...activePlan.service, title: 'Boiler check' },
  customer: { id: '00000000-0000-4000-8000-000000000302', fullName: 'Sam Rivera' },
  startsAt: '2026-11-26T15:00:00.000Z',
  until: '2027-03-01T04:59:59.000Z',
  acceptedAt: null,
  visits: [
    {
      visit: 1,
      startsAt: '2026-11-26T15:00:00.000Z',
      orderId: '00000000-0000-4000-8000-0000000b0011',
      status: 'paid',
    },
    { visit: 2, startsAt: '2026-12-10T15:00:00.000Z', orderId: null, status: 'scheduled' },
  ],
};

/** Paused by the customer: no new visits are booked. */
export const pausedPlan: Plan = {
  ...activePlan,
  id: '00000000-0000-4000-8000-0000000a0003',
  status: 'paused',
  frequency: 'every4weeks',
  pausedAt: '2026-11-19T20:00:00.000Z',
  visits: visits.slice(0, 3),
};

/** Cancelled: its future visits went with it. */
export const cancelledPlan: Plan = {
  ...activePlan,
  id: '00000000-0000-4000-8000-0000000a0004',
  status: 'cancelled',
  cancelledAt: '2026-11-19T20:00:00.000Z',
  visits: [...visits.slice(0, 2), { ...visits[2]!, status: 'cancelled' }],
};

/** Every status, newest first, as `GET /v1/plans` lists them. */
export const planList: Plan[] = [pendingPlan, activePlan, pausedPlan, cancelledPlan];
