/**
 * The rules of recurring plans: when each visit starts (the same local time of day in the
 * job's zone, DST or not), and which side may move a plan to which state.
 */
import { TZDate } from '@date-fns/tz';
import { addDays, format, set } from 'date-fns';
import {
  PLAN_FREQUENCY_DAYS,
  PLAN_POLICY,
  type PlanFrequency,
  type PlanStatus,
} from '@vetted/contract';

export { PLAN_POLICY };

/** What the visit times of a plan depend on. */
export interface PlanTiming {
  /** The first visit's start. */
  startsAt: Date;
  /** Local wall-clock start of every visit, `HH:mm` in `timeZone`. */
  localTime: string;
  /** IANA zone of the job (the pro's). */
  timeZone: string;
  frequency: PlanFrequency;
  /** No visit starts after this; null: until cancelled. */
  until: Date | null;
}

/** One visit: its number (from 1) and start. */
export interface VisitStart {
  visit: number;
  startsAt: Date;
}

/** `HH:mm` of `at` in `timeZone` (24-hour clock). */
export function localTimeOf(at: Date, timeZone: string): string {
  return format(new TZDate(at.getTime(), timeZone), 'HH:mm');
}

/**
 * The start of visit `visit` (from 1): the first visit's local date plus (visit − 1) ×
 * `PLAN_FREQUENCY_DAYS[frequency]` calendar days, at `localTime` in `timeZone`. Calendar days
 * in the zone (TZDate), never a multiple of 24 h, so 09:00 stays 09:00 across DST changes.
 */
export function visitStart(plan: PlanTiming, visit: number): Date {
  const first = new TZDate(plan.startsAt.getTime(), plan.timeZone);
  const [hours, minutes] = plan.localTime.split(':').map(Number);
  const day = addDays(first, (visit - 1) * PLAN_FREQUENCY_DAYS[plan.frequency]);
  const at = set(day, { hours, minutes, seconds: 0, milliseconds: 0 });
  return new Date(at.getTime());
}

/**
 * The plan's visits starting in [`fromMs`, `toMs`) (epoch ms), soonest first, none after
 * `until`. Pure: whether a visit was skipped or already booked is the caller's to check.
 */
export function visitStarts(plan: PlanTiming, fromMs: number, toMs: number): VisitStart[] {
  const periodMs = PLAN_FREQUENCY_DAYS[plan.frequency] * 24 * 3_600_000;
  // A first guess a period early: a DST hour never moves a visit by a whole period.
  let visit = Math.max(1, Math.floor((fromMs - plan.startsAt.getTime()) / periodMs));
  const out: VisitStart[] = [];
  for (; ; visit++) {
    const startsAt = visitStart(plan, visit);
    const ms = startsAt.getTime();
    if (ms >= toMs || (plan.until && ms > plan.until.getTime())) break;
    if (ms >= fromMs) out.push({ visit, startsAt });
  }
  return out;
}

/** The next `count` visits starting at or after `fromMs` (none after `until`). */
export function nextVisits(plan: PlanTiming, fromMs: number, count: number): VisitStart[] {
  const periodMs = PLAN_FREQUENCY_DAYS[plan.frequency] * 24 * 3_600_000;
  return visitStarts(plan, fromMs, fromMs + (count + 1) * periodMs).slice(0, count);
}

/** The visit of the plan starting exactly at `at`, or null when no visit starts then. */
export function visitAt(plan: PlanTiming, at: Date): VisitStart | null {
  const [hit] = visitStarts(plan, at.getTime(), at.getTime() + 1);
  return hit ?? null;
}

/** What a side may do to a plan. */
export type PlanAction = 'accept' | 'decline' | 'skip' | 'pause' | 'resume' | 'cancel';

/** Who may take each action and from which states (the plan's state machine). */
export const PLAN_TRANSITIONS: Readonly<
  Record<PlanAction, { by: 'vendor' | 'customer' | 'either'; from: PlanStatus[]; to: PlanStatus }>
> = {
  accept: { by: 'vendor', from: ['pending'], to: 'active' },
  decline: { by: 'vendor', from: ['pending'], to: 'declined' },
  skip: { by: 'customer', from: ['pending', 'active', 'paused'], to: 'active' },
  pause: { by: 'customer', from: ['active'], to: 'paused' },
  resume: { by: 'customer', from: ['paused'], to: 'active' },
  cancel: { by: 'either', from: ['pending', 'active', 'paused'], to: 'cancelled' },
};

export type PlanVerdict =
  | { ok: true; to: PlanStatus }
  | { ok: false; reason: 'wrong_actor'; by: 'vendor' | 'customer' }
  | { ok: false; reason: 'invalid_state' };

/**
 * Decides one action on a plan in `status` by `role`. A skip leaves the state as it is (its
 * `to` is the current status).
 */
export function decidePlanAction(
  action: PlanAction,
  role: 'customer' | 'vendor',
  status: PlanStatus,
): PlanVerdict {
  const rule = PLAN_TRANSITIONS[action];
  if (rule.by !== 'either' && rule.by !== role)
    return { ok: false, reason: 'wrong_actor', by: rule.by };
  if (!rule.from.includes(status)) return { ok: false, reason: 'invalid_state' };
  return { ok: true, to: action === 'skip' ? status : rule.to };
}

/** When a visit's card is authorised (start − 48 h) and its unpaid hold released (start − 24 h). */
export function visitDeadlines(startsAt: Date): { authorizeAt: Date; releaseAt: Date } {
  const ms = startsAt.getTime();
  return {
    authorizeAt: new Date(ms - PLAN_POLICY.authorizeBeforeMs),
    releaseAt: new Date(ms - PLAN_POLICY.releaseBeforeMs),
  };
}
