import { MESSAGES } from '@vetted/api-client';
import type { QuoteRequest, QuoteRequestLead } from '@vetted/contract';
import { Alert, AlertDescription, AlertTitle, Breadcrumbs, Button, Skeleton } from '@vetted/ui';
import { CircleCheck, CircleSlash, Clock, Send } from 'lucide-react';
import type * as React from 'react';
import { Link } from 'wouter';
import { ErrorState } from '../../components/error-state';
import { formatDateTime } from '../../lib/format';
import { LeadStatusBadge } from './quote-status-badge';
import {
  CounterCard,
  DeclineLeadAction,
  LeadRequestCard,
  SentQuoteCard,
} from './vendor-lead-parts';

export interface VendorLeadViewProps {
  /** The request as its pro sees it: `leads` holds their own lead only. */
  request?: QuoteRequest;
  isLoading?: boolean;
  error?: Error | null;
  onRetry?: () => void;
  /** "Now" (ms since epoch) for the time left; the device clock in the app. */
  now: number;
  /** The pro's IANA zone for the quote's times (the free-slots answer names it). */
  timeZone?: string;
  /** The leads list the breadcrumbs lead back to. */
  backHref: string;
  /** The quote builder, shown while the lead waits for a quote and the request is open. */
  builder: React.ReactNode;
  /** "Message <customer>" (a button opening the request's conversation). */
  message?: React.ReactNode;
  /** Where the order of an accepted quote is. */
  orderHref: (orderId: string) => string;
  /** Declines the lead with a reason; rejects with the API's error (reported by the caller). */
  onDecline: (reason: string) => Promise<void>;
  /** Accepts the customer's counter-offer on quote `quoteId`; rejects as above. */
  onAcceptCounter: (quoteId: string) => Promise<void>;
  /** Declines the customer's counter-offer on quote `quoteId`; rejects as above. */
  onDeclineCounter: (quoteId: string) => Promise<void>;
}

/**
 * The pro's lead: the customer's request and, beside it, what the pro can do now — the quote
 * builder (a new lead of an open request, with "Decline"), the quote sent with the customer's
 * counter-offer to answer, or a plain statement of how it ended (declined, not chosen, expired,
 * closed, cancelled, or accepted with a link to the order).
 */
export function VendorLeadView(props: VendorLeadViewProps) {
  const { request, isLoading, error, onRetry, now, backHref } = props;
  if (!request) {
    return (
      <div className="flex flex-col gap-6">
        <Breadcrumbs items={[{ label: 'Leads', href: backHref }, { label: 'Request' }]} />
        {error ? (
          <ErrorState
            title={MESSAGES.errorLoadingData}
            message={error.message}
            error={error}
            onRetry={onRetry}
          />
        ) : isLoading ? (
          <div
            role="status"
            aria-busy="true"
            aria-label="Loading request"
            className="flex flex-col gap-6"
          >
            <Skeleton className="h-8 w-64" />
            <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
              <Skeleton className="h-72 rounded-lg" />
              <Skeleton className="h-72 rounded-lg" />
            </div>
          </div>
        ) : null}
      </div>
    );
  }
  const lead = request.leads[0];
  const name = request.customer.firstName;
  const canQuote = lead?.status === 'new' && request.status === 'open';
  return (
    <div className="flex flex-col gap-6">
      <Breadcrumbs items={[{ label: 'Leads', href: backHref }, { label: request.category.name }]} />
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="flex flex-col gap-2">
          <div className="flex flex-wrap items-center gap-3">
            <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">
              {request.category.name} for {name}
            </h1>
            {lead ? <LeadStatusBadge status={lead.status} /> : null}
          </div>
          <p className="text-sm text-muted">
            Asked {formatDateTime(request.createdAt, props.timeZone)}
            {request.vendorId ? ' · Sent to you only' : null}
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          {props.message}
          {canQuote ? <DeclineLeadAction customerName={name} onDecline={props.onDecline} /> : null}
        </div>
      </div>
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,1.2fr)] lg:items-start">
        <LeadRequestCard request={request} now={now} timeZone={props.timeZone} />
        <div className="flex flex-col gap-6">
          {canQuote ? (
            props.builder
          ) : lead ? (
            <LeadOutcome {...props} request={request} lead={lead} />
          ) : null}
        </div>
      </div>
    </div>
  );
}

/** A lead past the builder: how it stands or ended, then the quote the pro sent (if any). */
function LeadOutcome({
  request,
  lead,
  now,
  timeZone,
  orderHref,
  onAcceptCounter,
  onDeclineCounter,
}: VendorLeadViewProps & { request: QuoteRequest; lead: QuoteRequestLead }) {
  const name = request.customer.firstName;
  const { quote } = lead;
  return (
    <>
      <LeadNotice request={request} lead={lead} orderHref={orderHref} />
      {quote?.counter ? (
        <CounterCard
          quote={{ ...quote, counter: quote.counter }}
          customerName={name}
          onAccept={() => onAcceptCounter(quote.id)}
          onDecline={() => onDeclineCounter(quote.id)}
        />
      ) : null}
      {quote ? <SentQuoteCard quote={quote} now={now} timeZone={timeZone} /> : null}
    </>
  );
}

/** The one-line statement of a lead's state, or nothing while a quote is simply open. */
function LeadNotice({
  request,
  lead,
  orderHref,
}: {
  request: QuoteRequest;
  lead: QuoteRequestLead;
  orderHref: (orderId: string) => string;
}) {
  const name = request.customer.firstName;
  const quote = lead.quote;
  if (quote?.status === 'accepted') {
    return (
      <Alert variant="success">
        <CircleCheck aria-hidden="true" />
        <AlertTitle>{name} accepted your quote</AlertTitle>
        <AlertDescription className="flex flex-col items-start gap-2">
          The booking is an order now; it is yours once their card is authorised.
          {quote.orderId ? (
            <Button asChild size="sm" variant="outline">
              <Link href={orderHref(quote.orderId)}>Open the order</Link>
            </Button>
          ) : null}
        </AlertDescription>
      </Alert>
    );
  }
  const notice = noticeOf(request, lead);
  if (!notice) return null;
  return (
    <Alert variant={notice.variant}>
      {notice.variant === 'info' ? (
        <Send aria-hidden="true" />
      ) : notice.variant === 'warning' ? (
        <Clock aria-hidden="true" />
      ) : (
        <CircleSlash aria-hidden="true" />
      )}
      <AlertTitle>{notice.title}</AlertTitle>
      {notice.text ? <AlertDescription>{notice.text}</AlertDescription> : null}
    </Alert>
  );
}

/** What to say about a lead that is not (or no longer) being quoted. */
function noticeOf(
  request: QuoteRequest,
  lead: QuoteRequestLead,
): { title: string; text?: string; variant: 'info' | 'warning' | 'danger' } | null {
  const name = request.customer.firstName;
  if (lead.status === 'declined') {
    return {
      title: 'You declined this request',
      text: lead.declineReason ? `Your reason: “${lead.declineReason}”` : undefined,
      variant: 'danger',
    };
  }
  if (lead.status === 'not_chosen') {
    return {
      title: `${name} chose another pro`,
      text: 'Your quote is closed; nothing more to do.',
      variant: 'warning',
    };
  }
  if (request.status === 'cancelled') {
    return {
      title: `${name} cancelled this request`,
      text: 'Any quote you sent was withdrawn.',
      variant: 'warning',
    };
  }
  if (lead.status === 'closed' || (lead.status === 'new' && request.status !== 'open')) {
    return {
      title: 'This request closed',
      text: 'It closed without a booking; it can no longer be quoted.',
      variant: 'warning',
    };
  }
  if (lead.quote?.status === 'expired') {
    return {
      title: 'Your quote expired',
      text: `${name} did not accept it before it ran out.`,
      variant: 'warning',
    };
  }
  if (lead.quote?.status === 'withdrawn') {
    return { title: 'Your quote was withdrawn', variant: 'warning' };
  }
  if (lead.quote?.status === 'open' && !lead.quote.counter) {
    return {
      title: `Quote sent to ${name}`,
      text: 'They are told now; you will hear when they answer.',
      variant: 'info',
    };
  }
  return null;
}
