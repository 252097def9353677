/**
 * The rules of quotes: the state machines of a request, of each pro's lead and of a quote (as
 * tables: who may move what from which states), the order matched pros are ranked in, and when
 * contact details stop being masked. Pure: no database, no clock.
 */
import {
  QUOTE_RULES,
  type CounterStatus,
  type OrderStatus,
  type QuoteLeadStatus,
  type QuoteRequestStatus,
  type QuoteStatus,
} from '@vetted/contract';

export { QUOTE_RULES };

/** Who takes an action: the request's customer, the lead's pro, or the system (a job). */
export type QuoteActor = 'customer' | 'vendor' | 'system';

/** One row of a state machine: who may take the action, from which states, to which state. */
export interface Transition<S extends string> {
  by: QuoteActor;
  from: readonly S[];
  to: S;
}

/** What happens to a request. */
export type RequestAction = 'book' | 'cancel' | 'close';

/**
 * The request's state machine: the customer books it (accepting a quote) or cancels it while
 * open; the `quotes.close-request` job closes it at `closesAt`, and so does the last lead's
 * decline (every pro said no).
 */
export const REQUEST_TRANSITIONS: Readonly<Record<RequestAction, Transition<QuoteRequestStatus>>> =
  {
    book: { by: 'customer', from: ['open'], to: 'booked' },
    cancel: { by: 'customer', from: ['open'], to: 'cancelled' },
    close: { by: 'system', from: ['open'], to: 'closed' },
  };

/** What happens to one pro's lead. */
export type LeadAction = 'quote' | 'decline' | 'not_chosen' | 'close';

/**
 * A lead's state machine: its pro answers a `new` lead once, with a quote or a decline; when
 * the customer accepts another pro's quote a quoted or unanswered lead is `not_chosen`; when the
 * request closes or is cancelled the leads still open are `closed`.
 */
export const LEAD_TRANSITIONS: Readonly<Record<LeadAction, Transition<QuoteLeadStatus>>> = {
  quote: { by: 'vendor', from: ['new'], to: 'quoted' },
  decline: { by: 'vendor', from: ['new'], to: 'declined' },
  not_chosen: { by: 'system', from: ['new', 'quoted'], to: 'not_chosen' },
  close: { by: 'system', from: ['new', 'quoted'], to: 'closed' },
};

/** What happens to a quote. */
export type QuoteAction =
  | 'accept'
  | 'counter'
  | 'answer_counter'
  | 'not_chosen'
  | 'expire'
  | 'withdraw';

/**
 * A quote's state machine: the customer accepts an open one (or counters it, which leaves it
 * open), its pro answers a pending counter-offer (the quote stays open); the other open quotes
 * of a booked request are `not_chosen`; `quotes.expire-quote` expires it at `validUntil`; a
 * closed or cancelled request withdraws it.
 */
export const QUOTE_TRANSITIONS: Readonly<Record<QuoteAction, Transition<QuoteStatus>>> = {
  accept: { by: 'customer', from: ['open'], to: 'accepted' },
  counter: { by: 'customer', from: ['open'], to: 'open' },
  answer_counter: { by: 'vendor', from: ['open'], to: 'open' },
  not_chosen: { by: 'system', from: ['open'], to: 'not_chosen' },
  expire: { by: 'system', from: ['open'], to: 'expired' },
  withdraw: { by: 'system', from: ['open'], to: 'withdrawn' },
};

/** The outcome of asking a state machine: the next state, or why not. */
export type Verdict<S extends string> =
  | { ok: true; to: S }
  | { ok: false; reason: 'wrong_actor'; by: QuoteActor }
  | { ok: false; reason: 'invalid_state' };

/** Decides `action` by `actor` on something in `status` by `table`. */
export function decide<A extends string, S extends string>(
  table: Readonly<Record<A, Transition<S>>>,
  action: A,
  actor: QuoteActor,
  status: S,
): Verdict<S> {
  const rule = table[action];
  if (rule.by !== actor) return { ok: false, reason: 'wrong_actor', by: rule.by };
  if (!rule.from.includes(status)) return { ok: false, reason: 'invalid_state' };
  return { ok: true, to: rule.to };
}

/** The counter-offer's own machine: one per quote, made `pending`, answered once by the pro. */
export function mayCounter(counter: CounterStatus | null): boolean {
  return counter === null;
}

/** Whether the pro may answer the counter-offer (`pending` only). */
export function mayAnswerCounter(counter: CounterStatus | null): boolean {
  return counter === 'pending';
}

/** A pro that may be matched, with what ranks them. */
export interface MatchCandidate {
  id: string;
  ratingAverage: number;
  ratingCount: number;
  /** Median minutes to a first answer; null when not measured (ranked after every measured pro). */
  responseMinutes: number | null;
  /** Great-circle km from the pro's base to the job. */
  distanceKm: number;
}

/**
 * The order matched pros are ranked in, best first: the higher rating first (a pro without
 * reviews counts as 0), then the quicker median response (unmeasured last), then the nearer,
 * then the id (a stable order for equal pros). Only the first `QUOTE_RULES.maxMatches` get the
 * request; `rank` 1 is the best.
 */
export function rankMatches<T extends MatchCandidate>(candidates: readonly T[]): T[] {
  const rating = (c: MatchCandidate) => (c.ratingCount > 0 ? c.ratingAverage : 0);
  const response = (c: MatchCandidate) => c.responseMinutes ?? Number.POSITIVE_INFINITY;
  return [...candidates]
    .sort(
      (a, b) =>
        rating(b) - rating(a) ||
        response(a) - response(b) ||
        a.distanceKm - b.distanceKm ||
        a.id.localeCompare(b.id),
    )
    .slice(0, QUOTE_RULES.maxMatches);
}

/**
 * Order states that mean the customer paid the pro for a booking: from then on each sees the
 * other's contact details in quote texts and the quote's conversation.
 */
export const PAID_ORDER_STATUSES: readonly OrderStatus[] = [
  'paid',
  'accepted',
  'in_progress',
  'completed',
];

/** Whether the quote's slots include `startsAt` (ISO instants compared as instants). */
export function isQuotedSlot(slots: readonly string[], startsAt: Date): boolean {
  return slots.some((s) => Date.parse(s) === startsAt.getTime());
}

/** The total of line items, minor units. */
export function lineItemsTotal(items: readonly { amount: number }[]): number {
  return items.reduce((sum, item) => sum + item.amount, 0);
}

/** The close time of a request made at `now`: `QUOTE_RULES.requestOpenMs` (7 days) later. */
export function closesAtOf(now: Date): Date {
  return new Date(now.getTime() + QUOTE_RULES.requestOpenMs);
}
