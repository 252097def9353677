/**
 * Pure rules of the admin console: which vetting decision applies to which vendor
 * status, who may be suspended, how much of a payment is left to refund, and the UTC day and
 * 30-day window of the overview. No I/O; table-tested in test/admin-policy.test.ts.
 */
import type { OrderStatus, Role, vettingStatusSchema } from '@vetted/contract';
import type { z } from 'zod';

/** A vendor's vetting status (contract `vettingStatusSchema`). */
export type VettingStatus = z.infer<typeof vettingStatusSchema>;

/** A decision an admin takes on a vendor (`POST /v1/admin/vendors/{id}/<decision>`). */
export type VettingDecision = 'approve' | 'reject' | 'suspend' | 'reinstate';

/**
 * Each decision's one allowed `from` status and the status it leads to: pending →
 * approved | rejected; approved → suspended; suspended → approved. A draft vendor has not
 * submitted yet; a rejected one resubmits (`POST /v1/vendor/profile/submit`) to become pending.
 */
export const VETTING_TRANSITIONS: Readonly<
  Record<VettingDecision, { from: VettingStatus; to: VettingStatus }>
> = {
  approve: { from: 'pending', to: 'approved' },
  reject: { from: 'pending', to: 'rejected' },
  suspend: { from: 'approved', to: 'suspended' },
  reinstate: { from: 'suspended', to: 'approved' },
};

/** Decisions whose reason is required and shown to the vendor. */
export const REASONED_DECISIONS: readonly VettingDecision[] = ['reject', 'suspend'];

/**
 * The status a vendor in `current` moves to by `decision`, or null when the decision does not
 * apply to that status (the caller answers 409 naming `current`).
 */
export function vettingTransition(
  current: VettingStatus,
  decision: VettingDecision,
): VettingStatus | null {
  const rule = VETTING_TRANSITIONS[decision];
  return rule.from === current ? rule.to : null;
}

/** Whether the vendor's listings change with this decision (approved in or out). */
export function changesListing(from: VettingStatus, to: VettingStatus): boolean {
  return (from === 'approved') !== (to === 'approved');
}

/** The audit `action` of a vendor decision, e.g. `vendor.approve`. */
export const vendorAction = (decision: VettingDecision) => `vendor.${decision}` as const;

/** Why a user cannot be suspended, or null when they can. */
export type SuspendRefusal = 'self' | 'admin' | 'deleted' | 'already_suspended';

/**
 * Whether `actorId` (an admin) may suspend `target`: never themselves, never another
 * admin (an admin account is changed by whoever runs the platform, not from the console), not a
 * deleted account, and not one already suspended.
 */
export function suspendRefusal(
  actorId: string,
  target: { id: string; role: Role; status: 'active' | 'suspended'; deletedAt: Date | null },
): SuspendRefusal | null {
  if (target.id === actorId) return 'self';
  if (target.role === 'admin') return 'admin';
  if (target.deletedAt) return 'deleted';
  if (target.status === 'suspended') return 'already_suspended';
  return null;
}

/**
 * What is left to refund of a payment (minor units): the captured amount less what the provider
 * confirmed refunded and what refunds already queued will take. Never negative.
 */
export function refundableAmount(p: {
  amount: number;
  amountRefunded: number;
  pendingRefunds: number;
}): number {
  return Math.max(0, p.amount - p.amountRefunded - p.pendingRefunds);
}

/**
 * The refund an admin asked for (minor units): `requested`, or everything left when absent.
 * `'nothing_left'` when nothing is left; `'too_much'` when `requested` exceeds what is left.
 */
export function refundAmount(
  left: number,
  requested: number | undefined,
): number | 'nothing_left' | 'too_much' {
  if (left <= 0) return 'nothing_left';
  if (requested === undefined) return left;
  return requested > left ? 'too_much' : requested;
}

/** Order statuses that count as a booking on the overview: paid or further along. */
export const BOOKED_STATUSES: readonly OrderStatus[] = [
  'paid',
  'accepted',
  'in_progress',
  'completed',
];

/** Length of the overview's GMV window (ms): 30 days. */
export const GMV_WINDOW_MS = 30 * 24 * 60 * 60 * 1000;

/** The UTC calendar day containing `now`: `[start, end)`. */
export function utcDay(now: Date): { start: Date; end: Date } {
  const start = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  const end = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1));
  return { start, end };
}

/**
 * An order reference as typed (`vt-7k2m`, ` VT-7K2M9Q `) in the stored form: trimmed and upper
 * case (references are `VT-` + Crockford base32, upper case; orders/service.ts).
 */
export function normaliseReference(q: string): string {
  return q.trim().toUpperCase();
}
