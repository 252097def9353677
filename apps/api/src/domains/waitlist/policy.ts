/**
 * Pure rules of the waitlist ("Waitlist"): when a customer may join, and how long an
 * offered slot is held. No I/O; callers pass `now`. Tests: `apps/api/test/changes-of-plan.test.ts`.
 */
import { LEAD_TIME_MS } from '../scheduling';

/** How long a freed slot is held for the waitlisted customer it is offered to (ms; 15 minutes). */
export const OFFER_HOLD_MS = 15 * 60_000;

/** Entry states: `waiting` and `offered` are live (one per customer, service and day). */
export type WaitlistStatus = 'waiting' | 'offered' | 'booked' | 'expired' | 'left';
/** The live states (`waitlist_entries_live_uq`). */
export const LIVE_STATUSES: readonly WaitlistStatus[] = ['waiting', 'offered'];

/** Why a customer may not join the waitlist of a day. */
export type JoinRefusal =
  /** The day has passed, or none of its slots can still be booked (400). */
  | 'past'
  /** The pro does not work that day: there is nothing to wait for (409). */
  | 'closed'
  /** Some time that day is still free: book it instead (409). */
  | 'not_full';

/**
 * Whether a customer may join the waitlist of a day whose grid is `slots` (each marked available
 * at `now`, as the slot picker shows them): only a fully booked day that still has slots at
 * least `LEAD_TIME_MS` ahead. `date` and `today` are vendor-local `YYYY-MM-DD`.
 */
export function joinRefusal(input: {
  date: string;
  today: string;
  slots: readonly { startsAt: Date; available: boolean }[];
  now: Date;
}): JoinRefusal | null {
  if (input.date < input.today) return 'past';
  if (input.slots.length === 0) return 'closed';
  const ahead = input.slots.filter(
    (s) => s.startsAt.getTime() >= input.now.getTime() + LEAD_TIME_MS,
  );
  if (ahead.length === 0) return 'past';
  if (ahead.some((s) => s.available)) return 'not_full';
  return null;
}

/** When an offer made at `now` stops holding its slot. */
export function offerExpiry(now: Date): Date {
  return new Date(now.getTime() + OFFER_HOLD_MS);
}
