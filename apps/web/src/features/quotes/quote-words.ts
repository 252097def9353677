import type {
  CounterStatus,
  Money,
  QuoteLeadStatus,
  QuoteRequestStatus,
  QuoteStatus,
} from '@vetted/contract';
import { formatMoney } from '@vetted/ui';
import { formatDistanceStrict, intervalToDuration } from 'date-fns';

/*
 * The words quotes are shown with, in one place so the customer's pages, the pro's leads and
 * the order page say the same thing.
 */

/** The colours a status badge may take (`Badge` variants of @vetted/ui). */
export type StatusVariant = 'info' | 'success' | 'warning' | 'secondary' | 'danger' | 'outline';

/** How each request status reads on its badge (the customer's `/user/quotes`). */
export const REQUEST_STATUS: Record<QuoteRequestStatus, { label: string; variant: StatusVariant }> =
  {
    open: { label: 'Open', variant: 'info' },
    booked: { label: 'Booked', variant: 'success' },
    closed: { label: 'Closed', variant: 'outline' },
    cancelled: { label: 'Cancelled', variant: 'secondary' },
  };

/** How each quote status reads on its badge (the quote's card, the pro's lead). */
export const QUOTE_STATUS: Record<QuoteStatus, { label: string; variant: StatusVariant }> = {
  open: { label: 'Open', variant: 'info' },
  accepted: { label: 'Accepted', variant: 'success' },
  not_chosen: { label: 'Not chosen', variant: 'secondary' },
  expired: { label: 'Expired', variant: 'outline' },
  withdrawn: { label: 'Withdrawn', variant: 'secondary' },
};

/**
 * How each lead status reads on its badge; `new` reads "New lead" to the pro and
 * "Waiting for a quote" to the customer (see `leadStatusLabel`).
 */
export const LEAD_STATUS: Record<QuoteLeadStatus, { label: string; variant: StatusVariant }> = {
  new: { label: 'New lead', variant: 'info' },
  quoted: { label: 'Quoted', variant: 'success' },
  declined: { label: 'Declined', variant: 'danger' },
  not_chosen: { label: 'Not chosen', variant: 'secondary' },
  closed: { label: 'Closed', variant: 'outline' },
};

/** A lead's badge words for `perspective` (the customer waits; the pro has a new lead). */
export function leadStatusLabel(
  status: QuoteLeadStatus,
  perspective: 'customer' | 'vendor',
): string {
  if (status === 'new' && perspective === 'customer') return 'Waiting for a quote';
  return LEAD_STATUS[status].label;
}

/** How each counter-offer status reads, for the customer who made it and the pro who got it. */
export const COUNTER_STATUS: Record<
  CounterStatus,
  { customer: string; vendor: string; variant: StatusVariant }
> = {
  pending: {
    customer: 'Counter-offer sent, waiting for the pro',
    vendor: 'Counter-offer to answer',
    variant: 'warning',
  },
  accepted: {
    customer: 'Counter-offer accepted',
    vendor: 'You accepted the counter-offer',
    variant: 'success',
  },
  declined: {
    customer: 'Counter-offer declined: the quote stands',
    vendor: 'You declined the counter-offer',
    variant: 'secondary',
  },
};

/** Money as text ("$120.00") in the device's locale, as `<Price>` shows it. */
export function moneyText(money: Money): string {
  return formatMoney(money.amount, money.currency);
}

/**
 * A request's answers in one line for the list: "3 quotes · from $120.00", "1 quote",
 * "No quotes yet · sent to 4 pros" ("No quotes" once it is no longer open). `lowest` is the
 * API's lowest open quote (never computed here).
 */
export function quotesCountWords(summary: {
  status: QuoteRequestStatus;
  quoteCount: number;
  leadCount: number;
  lowest: Money | null;
}): string {
  const { quoteCount, leadCount, lowest } = summary;
  if (quoteCount === 0) {
    const none = summary.status === 'open' ? 'No quotes yet' : 'No quotes';
    return `${none} · sent to ${leadCount} ${leadCount === 1 ? 'pro' : 'pros'}`;
  }
  const count = `${quoteCount} ${quoteCount === 1 ? 'quote' : 'quotes'}`;
  return lowest ? `${count} · from ${moneyText(lowest)}` : count;
}

/**
 * Time left until `until` (ISO) from `now` (ms since epoch) as a countdown: "2 days 3 h",
 * "5 h 12 min", "14 min", "less than a minute"; null once `until` has passed. Beyond a month
 * it falls back to date-fns' rounded distance ("2 months").
 */
export function timeLeftWords(until: string, now: number): string | null {
  const end = Date.parse(until);
  if (end <= now) return null;
  const d = intervalToDuration({ start: now, end });
  if (d.years || d.months) return formatDistanceStrict(end, now);
  const days = d.days ?? 0;
  const hours = d.hours ?? 0;
  const minutes = d.minutes ?? 0;
  if (days > 0) return `${days} ${days === 1 ? 'day' : 'days'}${hours ? ` ${hours} h` : ''}`;
  if (hours > 0) return `${hours} h${minutes ? ` ${minutes} min` : ''}`;
  if (minutes > 0) return `${minutes} min`;
  return 'less than a minute';
}

/** "Expires in 2 days 3 h" for a quote valid until `validUntil`, or "Expired". */
export function expiryWords(validUntil: string, now: number): string {
  const left = timeLeftWords(validUntil, now);
  return left ? `Expires in ${left}` : 'Expired';
}

/** "Closes in 5 days 21 h" for an open request closing at `closesAt`, or "Closed". */
export function closesWords(closesAt: string, now: number): string {
  const left = timeLeftWords(closesAt, now);
  return left ? `Closes in ${left}` : 'Closed';
}

/** Whether `lead` is still waiting for an answer from its pro while the request is open. */
export function isWaiting(status: QuoteLeadStatus): boolean {
  return status === 'new';
}
