import type {
  CounterStatus,
  QuoteLeadStatus,
  QuoteRequestStatus,
  QuoteStatus,
} from '@vetted/contract';
import { Badge } from '@vetted/ui';
import {
  COUNTER_STATUS,
  LEAD_STATUS,
  leadStatusLabel,
  QUOTE_STATUS,
  REQUEST_STATUS,
} from './quote-words';

/*
 * The status badges of quotes: a request's, a quote's, a lead's and a counter-offer's, each
 * worded in `quote-words.ts` and carrying `data-status` for tests.
 */

/** A request's status ("Open", "Booked", "Closed", "Cancelled"). */
export function QuoteRequestStatusBadge({ status }: { status: QuoteRequestStatus }) {
  const entry = REQUEST_STATUS[status];
  return (
    <Badge data-status={status} variant={entry.variant}>
      {entry.label}
    </Badge>
  );
}

/** A quote's status ("Open", "Accepted", "Not chosen", "Expired", "Withdrawn"). */
export function QuoteStatusBadge({ status }: { status: QuoteStatus }) {
  const entry = QUOTE_STATUS[status];
  return (
    <Badge data-status={status} variant={entry.variant}>
      {entry.label}
    </Badge>
  );
}

/**
 * A lead's status; `new` reads "New lead" to the pro and "Waiting for a quote" to the customer.
 * @defaultValue perspective `vendor`
 */
export function LeadStatusBadge({
  status,
  perspective = 'vendor',
}: {
  status: QuoteLeadStatus;
  perspective?: 'customer' | 'vendor';
}) {
  return (
    <Badge data-status={status} variant={LEAD_STATUS[status].variant}>
      {leadStatusLabel(status, perspective)}
    </Badge>
  );
}

/**
 * A counter-offer's status, worded for the customer who made it or the pro who got it.
 * @defaultValue perspective `customer`
 */
export function CounterStatusBadge({
  status,
  perspective = 'customer',
}: {
  status: CounterStatus;
  perspective?: 'customer' | 'vendor';
}) {
  const entry = COUNTER_STATUS[status];
  return (
    <Badge data-status={status} variant={entry.variant}>
      {entry[perspective]}
    </Badge>
  );
}
