import type { Plan, PlanFrequency, PlanStatus, PlanVisit } from '@vetted/contract';
import { PLAN_FREQUENCY_LABELS, PLAN_POLICY } from '@vetted/contract';

/*
 * The sentences plans are shown with, in one place so the booking form, checkout, the plan
 * pages and the order page say the same thing.
 */

/** "Every week", "Every 2 weeks", "Every 4 weeks": a frequency as a choice or a list column. */
export const FREQUENCY_WORDS: Record<PlanFrequency, string> = {
  weekly: 'Every week',
  biweekly: 'Every 2 weeks',
  every4weeks: 'Every 4 weeks',
};

/** The hours before a visit its card is charged, from `PLAN_POLICY.authorizeBeforeMs` (48). */
const CHARGE_HOURS = PLAN_POLICY.authorizeBeforeMs / 3_600_000;

/**
 * What a repeating booking means for the customer's card, shown before paying and on the plan
 * page; each clause is a rule of the API (`PLAN_POLICY`, the cancellation policy).
 */
export const PLAN_PAYMENT_TEXT = `Your card is saved for the next visits; each visit is charged ${CHARGE_HOURS} hours before it. Skip, pause or cancel any time (cancellations follow the refund policy).`;

/** "Visit 3 of a weekly plan" (`visit` numbers from 1; the frequency word from the contract). */
export function planVisitWords(visit: number, frequency: PlanFrequency): string {
  return `Visit ${visit} of ${frequency === 'weekly' ? 'a' : 'an'} ${PLAN_FREQUENCY_LABELS[frequency]} plan`;
}

/** How each plan status reads on its badge, and the badge's colour. */
export const PLAN_STATUS: Record<
  PlanStatus,
  { label: string; variant: 'info' | 'success' | 'warning' | 'secondary' | 'danger' | 'outline' }
> = {
  pending: { label: 'Awaiting the pro', variant: 'warning' },
  active: { label: 'Active', variant: 'success' },
  paused: { label: 'Paused', variant: 'info' },
  declined: { label: 'Declined', variant: 'danger' },
  cancelled: { label: 'Cancelled', variant: 'secondary' },
  ended: { label: 'Ended', variant: 'outline' },
};

/** How a visit's status reads in the visits list (order statuses as the order badge words them). */
export const VISIT_STATUS_WORDS: Record<PlanVisit['status'], string> = {
  scheduled: 'Scheduled',
  skipped: 'Skipped',
  pending_payment: 'Awaiting payment',
  paid: 'Awaiting acceptance',
  accepted: 'Booked',
  in_progress: 'In progress',
  completed: 'Completed',
  cancelled: 'Cancelled',
  declined: 'Declined',
  refunded: 'Refunded',
};

/** Visits the customer may still skip: not yet started, not skipped, not closed. */
export function isSkippable(visit: PlanVisit, now: number): boolean {
  return (
    Date.parse(visit.startsAt) > now &&
    ['scheduled', 'pending_payment', 'paid', 'accepted'].includes(visit.status)
  );
}

/**
 * The next visit still to come (not skipped nor closed), or null. Only an active plan books
 * what is merely `scheduled`; a paused, pending or ended one counts booked visits only.
 */
export function nextVisit(plan: Plan, now: number): PlanVisit | null {
  return (
    plan.visits.find(
      (v) => isSkippable(v, now) && (plan.status === 'active' || v.status !== 'scheduled'),
    ) ?? null
  );
}
