/**
 * The published policy for changes of plan: cancellation refund bands, the reschedule
 * cut-off and tip bounds. ONE module, imported by the API (`apps/api/src/domains/orders/policy.ts`
 * applies it to every cancel, quote and reschedule) and by the web app (the `/refund` page renders
 * its bands from {@link CANCELLATION_BANDS}; the order page shows the API's quote). Change a
 * number here and both the rules and the published text change.
 *
 * Pure: no I/O, no clock (callers pass `now`), amounts in integer minor units.
 */
import type { OrderStatus } from './order-status';

const HOUR_MS = 60 * 60_000;

/**
 * The numbers of the policy. Spec §9 leaves fees and refunds open; these are Vetted's choice
 * ("Changes of plan"): free cancellation until the pro accepts and up to 24 h before the
 * slot, half the service price within 24 h, nothing once the job has started.
 */
export const CANCELLATION_POLICY = {
  /**
   * A customer who cancels an accepted booking at least this long before its start gets the whole
   * total back, booking fee included (ms; 24 h).
   */
  fullRefundNoticeMs: 24 * HOUR_MS,
  /**
   * Later than that, but before the start: this share of the service price (basis points; 50 %).
   * The booking fee is kept.
   */
  lateRefundBps: 5_000,
  /**
   * A customer may move a booking to another time until this long before its start (ms; 24 h, the
   * same cut-off as free cancellation, so a reschedule never dodges the late-cancellation band).
   */
  rescheduleNoticeMs: 24 * HOUR_MS,
} as const;

/** Every refund band of the policy, in the order `/refund` lists them. */
export const CANCELLATION_BAND_IDS = [
  'unpaid',
  'before_accept',
  'early',
  'late',
  'started',
  'by_vendor',
  'by_support',
] as const;
export type CancellationBandId = (typeof CANCELLATION_BAND_IDS)[number];

/** What a band gives back: `bps` basis points of the order `total` or of its `subtotal` (service price). */
export interface RefundShare {
  of: 'total' | 'subtotal';
  /** 10 000 = everything, 0 = nothing. */
  bps: number;
}

/** One band of the policy, as data: the API applies it, `/refund` prints it. */
export interface CancellationBand {
  id: CancellationBandId;
  /** Who cancels in this band. */
  by: 'customer' | 'vendor' | 'support';
  /** Heading on `/refund`, e.g. "Up to 24 hours before the start". */
  title: string;
  /** What happens to the money, one sentence for `/refund`. */
  summary: string;
  /** Lower-case phrase for a quote: "cancelling within 24 hours of the start". */
  label: string;
  refund: RefundShare;
  /** False when the policy does not let this side cancel at all in this band. */
  allowed: boolean;
  /** Listed on `/refund` (the unpaid and support bands are not policy a customer chooses). */
  published: boolean;
}

/** `ms` as whole hours in words: `24 hours`, `1 hour`. */
export function hoursText(ms: number): string {
  const h = Math.round(ms / HOUR_MS);
  return `${h} ${h === 1 ? 'hour' : 'hours'}`;
}

/** Basis points as a percentage in words: `5000` → `50 %`, `1250` → `12.5 %`. */
export function percentText(bps: number): string {
  return `${Number((bps / 100).toFixed(2))} %`;
}

const P = CANCELLATION_POLICY;
const FULL: RefundShare = { of: 'total', bps: 10_000 };
const NONE: RefundShare = { of: 'total', bps: 0 };

/**
 * The bands, built from {@link CANCELLATION_POLICY} so their text always states its numbers.
 * Keyed by id; see {@link CANCELLATION_BANDS} for the published order.
 */
export const CANCELLATION_BAND: Readonly<Record<CancellationBandId, CancellationBand>> = {
  unpaid: {
    id: 'unpaid',
    by: 'customer',
    title: 'Before you pay',
    summary: 'Nothing was charged, so there is nothing to refund: the time slot is released.',
    label: 'cancelling before paying',
    refund: NONE,
    allowed: true,
    published: false,
  },
  before_accept: {
    id: 'before_accept',
    by: 'customer',
    title: 'Before the pro accepts',
    summary:
      'Cancel for free at any time before the pro accepts: the hold on your card is released and you are not charged anything, booking fee included.',
    label: 'cancelling before the pro accepts',
    refund: FULL,
    allowed: true,
    published: true,
  },
  early: {
    id: 'early',
    by: 'customer',
    title: `Up to ${hoursText(P.fullRefundNoticeMs)} before the start`,
    summary: `Cancel an accepted booking ${hoursText(P.fullRefundNoticeMs)} or more before it starts and you get the full amount back, booking fee included.`,
    label: `cancelling ${hoursText(P.fullRefundNoticeMs)} or more before the start`,
    refund: FULL,
    allowed: true,
    published: true,
  },
  late: {
    id: 'late',
    by: 'customer',
    title: `Within ${hoursText(P.fullRefundNoticeMs)} of the start`,
    summary: `Cancel later than that, but before the booking starts, and you get ${percentText(P.lateRefundBps)} of the service price back; the booking fee is kept.`,
    label: `cancelling within ${hoursText(P.fullRefundNoticeMs)} of the start`,
    refund: { of: 'subtotal', bps: P.lateRefundBps },
    allowed: true,
    published: true,
  },
  started: {
    id: 'started',
    by: 'customer',
    title: 'After the job starts',
    summary:
      'Once the booking has started it can no longer be cancelled, and there is no refund. If something went wrong, contact support.',
    label: 'after the start',
    refund: NONE,
    allowed: false,
    published: true,
  },
  by_vendor: {
    id: 'by_vendor',
    by: 'vendor',
    title: 'If the pro cancels',
    summary:
      'If the pro cancels or declines your booking, you always get everything back, booking fee included.',
    label: 'cancelled by the pro',
    refund: FULL,
    allowed: true,
    published: true,
  },
  by_support: {
    id: 'by_support',
    by: 'support',
    title: 'If Vetted support cancels',
    summary:
      'When support cancels a booking after upholding a complaint, the whole total is refunded.',
    label: 'cancelled by Vetted support',
    refund: FULL,
    allowed: true,
    published: false,
  },
};

/** The bands in `/refund` order. */
export const CANCELLATION_BANDS: readonly CancellationBand[] = CANCELLATION_BAND_IDS.map(
  (id) => CANCELLATION_BAND[id],
);

/** Who asks to cancel: the order's customer, its vendor, or an admin (support). */
export type CancelActor = 'customer' | 'vendor' | 'admin';

/** The facts of an order the policy looks at. Money in minor units. */
export interface CancellationFacts {
  status: OrderStatus;
  startsAt: Date;
  /** Service price (minor units). */
  subtotal: number;
  /** What the customer paid: service price + booking fee (minor units). */
  total: number;
}

/** The policy's answer for one order, actor and instant. */
export interface CancellationDecision {
  band: CancellationBand;
  /** Whether this actor may cancel now (false after the start). */
  allowed: boolean;
  /** Minor units the customer gets back (0 when not allowed or nothing was paid). */
  refund: number;
  /**
   * How the money comes back: `none`, `release` (the card was only authorised: the hold is
   * released, nothing was charged) or `refund` (captured money is refunded).
   */
  money: 'none' | 'release' | 'refund';
  /** When this band ends and a worse one starts (the refund may drop), or null. */
  deadline: Date | null;
}

/** Minor units a share gives back of an order, rounded half up. */
export function refundOf(share: RefundShare, order: Pick<CancellationFacts, 'subtotal' | 'total'>) {
  const base = share.of === 'total' ? order.total : order.subtotal;
  if (share.bps >= 10_000) return base;
  return Math.round((base * share.bps) / 10_000);
}

/**
 * The refund band of cancelling `order` by `actor` at `now`, or null when an order in its state
 * cannot be cancelled at all (in progress, completed, already cancelled, declined, refunded; or a
 * vendor's unpaid checkout, which is not a booking yet).
 * - customer: unpaid → `unpaid`; paid (authorised) → `before_accept`; accepted → `early` while at
 *   least `fullRefundNoticeMs` before the start (exactly 24 h before is still early), `late` until
 *   the start, then `started` (not allowed);
 * - vendor: paid or accepted → `by_vendor`, full refund, allowed until the start;
 * - admin: unpaid → `unpaid`; paid or accepted → `by_support`, full refund, at any time.
 */
export function cancellationDecision(
  order: CancellationFacts,
  actor: CancelActor,
  now: Date,
): CancellationDecision | null {
  const start = order.startsAt.getTime();
  const t = now.getTime();
  const decide = (
    id: CancellationBandId,
    deadline: number | null,
    allowed = CANCELLATION_BAND[id].allowed,
  ): CancellationDecision => {
    const band = CANCELLATION_BAND[id];
    const refund = allowed ? refundOf(band.refund, order) : 0;
    const money =
      refund === 0 ? 'none' : order.status === 'accepted' ? ('refund' as const) : 'release';
    return {
      band,
      allowed,
      refund,
      money,
      deadline: deadline === null ? null : new Date(deadline),
    };
  };
  if (order.status === 'pending_payment') {
    return actor === 'vendor' ? null : decide('unpaid', null);
  }
  if (order.status !== 'paid' && order.status !== 'accepted') return null;
  if (actor === 'admin') return decide('by_support', null);
  if (actor === 'vendor') return decide('by_vendor', start, t < start);
  if (order.status === 'paid') return decide('before_accept', null);
  const early = start - P.fullRefundNoticeMs;
  if (t <= early) return decide('early', early);
  if (t < start) return decide('late', start);
  return decide('started', null);
}

/**
 * The no-show rule ("Customer not there" / "Pro didn't come"). Spec §9 leaves no-shows open;
 * these are Vetted's choice:
 * - either side may record a no-show from `graceMs` (15 min) after the slot's start, so a pro
 *   stuck in traffic is not reported at the first minute;
 * - a customer who was not there pays `feeBps` (50 %) of the service price and the booking fee
 *   is kept — exactly what a late cancellation costs, so not turning up is never cheaper than
 *   cancelling late, and never dearer (the pro lost the same slot either way);
 * - the customer may dispute that fee to support for `disputeWindowMs` (48 h) after it was
 *   recorded;
 * - a pro who did not come: the customer gets the whole total back, like a cancellation by the
 *   pro, and the pro's reliability record counts it over `reliabilityWindowMs` (90 days).
 */
export const NO_SHOW_POLICY = {
  /** From this long after the start either side may record a no-show (ms; 15 min). */
  graceMs: 15 * 60_000,
  /** The customer's no-show fee: this share of the service price (basis points; 50 %). */
  feeBps: 5_000,
  /** How long after the fee the customer may dispute it (ms; 48 h). */
  disputeWindowMs: 48 * HOUR_MS,
  /** The span of the pro's "No-shows" reliability figure (ms; 90 days). */
  reliabilityWindowMs: 90 * 24 * HOUR_MS,
} as const;

/** The customer's no-show fee (minor units) for a service price `subtotal`, rounded half up. */
export function noShowFee(subtotal: number): number {
  return Math.round((subtotal * NO_SHOW_POLICY.feeBps) / 10_000);
}

/** The earliest instant a no-show may be recorded for a slot starting at `startsAt`. */
export function noShowOpensAt(startsAt: Date): Date {
  return new Date(startsAt.getTime() + NO_SHOW_POLICY.graceMs);
}

/** The last instant a no-show fee recorded at `noShowAt` may be disputed. */
export function noShowDisputableUntil(noShowAt: Date): Date {
  return new Date(noShowAt.getTime() + NO_SHOW_POLICY.disputeWindowMs);
}

/** `ms` as whole minutes in words: `15 minutes`. */
function minutesText(ms: number): string {
  const m = Math.round(ms / 60_000);
  return `${m} ${m === 1 ? 'minute' : 'minutes'}`;
}

/** The no-show rule as `/refund` prints it: a heading and one section per side, from {@link NO_SHOW_POLICY}. */
export const NO_SHOW_TEXT = {
  title: 'If someone does not turn up',
  sections: [
    {
      id: 'customer',
      title: 'If you are not there',
      summary: `If you are not there ${minutesText(NO_SHOW_POLICY.graceMs)} after the start, the pro may mark the booking as a no-show: you are charged ${percentText(NO_SHOW_POLICY.feeBps)} of the service price as a no-show fee, the booking fee is kept and the rest is refunded. You can dispute the fee with support within ${hoursText(NO_SHOW_POLICY.disputeWindowMs)}.`,
    },
    {
      id: 'vendor',
      title: 'If the pro does not come',
      summary: `If the pro has not come ${minutesText(NO_SHOW_POLICY.graceMs)} after the start, report it from your booking: you get everything back, booking fee included, and it counts against the pro's reliability record.`,
    },
  ],
} as const;

/** Whether the customer may still move a booking starting at `startsAt`, and until when. */
export interface RescheduleWindow {
  allowed: boolean;
  /** The last instant a reschedule is accepted (`startsAt − rescheduleNoticeMs`). */
  deadline: Date;
}

/**
 * The reschedule rule: the customer of a paid or accepted booking may move it to another free
 * slot of the same service until `rescheduleNoticeMs` (24 h) before its current start, inclusive.
 * Other states (unpaid, started, finished) cannot be moved.
 */
export function rescheduleWindow(
  order: Pick<CancellationFacts, 'status' | 'startsAt'>,
  now: Date,
): RescheduleWindow {
  const deadline = new Date(order.startsAt.getTime() - P.rescheduleNoticeMs);
  const movable = order.status === 'paid' || order.status === 'accepted';
  return { allowed: movable && now.getTime() <= deadline.getTime(), deadline };
}

/**
 * Tip bounds ("Tip after completion"), in minor units of the order's currency: at least
 * `minMinor` (1.00) and at most the service price or `floorMaxMinor` (50.00), whichever is
 * higher — so a tip is never a typo larger than a big job, and a small job can still get a
 * generous one.
 */
export const TIP_LIMITS = { minMinor: 100, floorMaxMinor: 5_000 } as const;

/** The largest tip (minor units) for an order whose service price is `subtotal`. */
export function maxTip(subtotal: number): number {
  return Math.max(subtotal, TIP_LIMITS.floorMaxMinor);
}

/** Tip presets offered first, as shares of the service price in basis points (10, 15, 20 %). */
export const TIP_PRESET_BPS = [1_000, 1_500, 2_000] as const;

/**
 * The preset tips (minor units) for a service price: each {@link TIP_PRESET_BPS} share rounded
 * to whole currency units, at least `TIP_LIMITS.minMinor`, duplicates removed, ascending.
 */
export function tipPresets(subtotal: number): number[] {
  const out = TIP_PRESET_BPS.map((bps) =>
    Math.max(TIP_LIMITS.minMinor, Math.round((subtotal * bps) / 10_000 / 100) * 100),
  ).filter((v) => v <= maxTip(subtotal));
  return [...new Set(out)].sort((a, b) => a - b);
}
