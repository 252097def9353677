/**
 * User-facing text of the orders domain: errors, and the statuses as sentences. Notifications and
 * timeline notes: notices.ts.
 */
import {
  CANCELLATION_POLICY,
  hoursText,
  type OrderStatus,
  type OrderTransitionBody,
} from '@vetted/contract';
import { AppError, badRequest, conflict, forbidden } from '../../shared/errors';
import { idempotencyMismatch as sharedIdempotencyMismatch } from '../../shared/idempotency';
import { formatWhen } from '../../shared/time';

/** An action of the state machine (policy `OrderAction`), as the contract spells it. */
type OrderAction = OrderTransitionBody['action'];

/** How a status reads in a sentence ("an order that is awaiting payment"). */
export const STATUS_LABEL: Record<OrderStatus, string> = {
  pending_payment: 'awaiting payment',
  paid: 'paid',
  accepted: 'accepted',
  in_progress: 'in progress',
  completed: 'completed',
  cancelled: 'cancelled',
  declined: 'declined',
  refunded: 'refunded',
};

const VERB: Record<OrderAction, string> = {
  accept: 'accept',
  decline: 'decline',
  start: 'start',
  complete: 'complete',
  cancel: 'cancel',
};

// ─── errors ──────────────────────────────────────────────────────────────────────────────────

export { orderNotFound } from '../../shared/errors';

export const customerOnly = () => forbidden('Only customers can book services', 'customer_only');

export const slotTaken = () =>
  conflict('That time is no longer available. Pick another slot', 'slot_taken');

export const offGridSlot = () =>
  badRequest(
    "That time isn't one of this service's slots. Pick a slot from the list",
    'invalid_slot',
  );

export const slotTooSoon = () =>
  badRequest('That time is too soon or has passed. Pick a later slot', 'invalid_slot');

/** 400: a start past the vendor's booking horizon (`horizonDays`). */
export const slotBeyondHorizon = (horizonDays: number) =>
  badRequest(
    `That time is too far ahead: this pro takes bookings up to ${horizonDays === 1 ? '1 day' : `${horizonDays} days`} ahead. Pick an earlier slot`,
    'invalid_slot',
  );

/** 404: the service is gone, archived, paused, or its pro is not listed (same as the catalogue's). */
export { serviceNotFound } from '../../shared/errors';

/** 429: the customer already holds `limit` (policy `UNPAID_ORDER_LIMIT`) unpaid bookings. */
export const tooManyUnpaid = (limit: number) =>
  new AppError(
    429,
    `You have ${limit} unpaid bookings. Pay or cancel one before booking another`,
    'too_many_unpaid_orders',
  );

export const idempotencyMismatch = () => sharedIdempotencyMismatch('a different booking');

export const wrongActor = (action: OrderAction, by: 'vendor' | 'customer') =>
  forbidden(`Only the ${by} can ${VERB[action]} this order`, 'wrong_actor');

export const invalidTransition = (action: OrderAction, from: OrderStatus) =>
  conflict(
    `You can't ${VERB[action]} an order that is ${STATUS_LABEL[from]}`,
    'invalid_transition',
  );

/** 409: `start` before the 30-minute window; says when it opens, in the vendor's zone. */
export const tooEarlyToStart = (earliest: Date, timeZone: string) =>
  conflict(
    `You can start this job from ${formatWhen(earliest, timeZone)}, 30 minutes before its time`,
    'too_early_to_start',
  );

export const cancelTooLate = () =>
  conflict(
    "This booking's time has started, so it can't be cancelled here. Contact support for help",
    'cancel_too_late',
  );

export const startCodeRequired = () =>
  badRequest(
    "Enter the customer's 4-digit start code. They see it on their booking page",
    'start_code_required',
    { startCode: 'Enter the 4-digit code from the customer' },
  );

export const wrongStartCode = () =>
  badRequest(
    'That start code is not right. Ask the customer for the code on their booking page',
    'wrong_start_code',
    { startCode: 'That code is not right' },
  );

/** 429 after too many wrong start codes; says when to try again, in the vendor's zone. */
export const startCodeLocked = (until: Date, timeZone: string) =>
  new AppError(
    429,
    `Too many wrong start codes. Try again after ${formatWhen(until, timeZone)} with the code from the customer's booking page`,
    'start_code_locked',
  );

/**
 * The sentence of a service-area refusal, e.g. "Demo Plumbing Co. doesn't serve London, GB
 * (3,271 mi away)".
 */
export const outsideServiceAreaText = (businessName: string, place: string, distance: string) =>
  `${businessName} doesn't serve ${place} (${distance} away)`;

/** 422: the job's address is outside the pro's service radius; said next to the address too. */
export const outsideServiceArea = (sentence: string) =>
  new AppError(422, sentence, 'outside_service_area', { address: sentence });

/** What the service-area check says of an address naming no town it knows (nothing refused). */
export const townNotFound = (businessName: string) =>
  `We couldn't find the town in this address, so we can't check that ${businessName} works there. Add the town or city, e.g. "12 Main Street, Boston, MA".`;

// ─── changes of plan ─────────────────────────────────────────────────────────────────────────

export const rescheduleWrongActor = (by: 'vendor' | 'customer') =>
  forbidden(
    by === 'customer'
      ? 'Only the customer can move this booking'
      : 'Only the pro can answer a new time',
    'wrong_actor',
  );

export const rescheduleInvalidState = (status: OrderStatus) =>
  conflict(`You can't move a booking that is ${STATUS_LABEL[status]}`, 'invalid_transition');

/** 409 past the reschedule cut-off; says when it was, in the vendor's zone. */
export const rescheduleTooLate = (deadline: Date, timeZone: string) =>
  conflict(
    `Bookings can be moved until ${formatWhen(deadline, timeZone)}, ${hoursText(CANCELLATION_POLICY.rescheduleNoticeMs)} before they start. Cancel it instead, or contact support`,
    'reschedule_too_late',
  );

export const rescheduleSameSlot = () =>
  badRequest('That is already the time of this booking. Pick another time', 'invalid_slot');

export const rescheduleSlotTaken = () =>
  conflict('That time is already taken. Pick another free time', 'slot_taken');

export const nothingToAnswer = () =>
  conflict('This booking has no new time waiting for your answer', 'no_pending_reschedule');

// ─── on my way ───────────────────────────────────────────────────────────────────────────────

/** 403: only the pro says they are on the way. */
export const onMyWayWrongActor = () =>
  forbidden('Only the pro can say they are on the way', 'wrong_actor');

/** 409: "On my way" is for an accepted booking only. */
export const onMyWayInvalidState = (status: OrderStatus) =>
  conflict(
    `You can say you're on the way only for an accepted booking; this one is ${STATUS_LABEL[status]}`,
    'invalid_transition',
  );

/** 409 before the window opens (policy `ON_MY_WAY_OPENS_MS`); says when, in the vendor's zone. */
export const onMyWayTooEarly = (opens: Date, timeZone: string) =>
  conflict(
    `You can say you're on the way from ${formatWhen(opens, timeZone)}, 3 hours before the job`,
    'on_my_way_too_early',
  );

/** 409 once the slot has ended. */
export const onMyWayTooLate = () =>
  conflict(
    "This job's time has ended. Message the customer if you are still coming",
    'on_my_way_too_late',
  );
