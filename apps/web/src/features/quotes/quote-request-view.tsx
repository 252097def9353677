import type { QuoteRequest, QuoteRequestLead } from '@vetted/contract';
import {
  Alert,
  AlertDescription,
  Avatar,
  Breadcrumbs,
  Button,
  Card,
  CardContent,
  ConfirmDialog,
  Gallery,
} from '@vetted/ui';
import { Link } from 'wouter';
import { formatDate } from '../../lib/format';
import { QuoteCard } from './quote-card';
import { LeadStatusBadge, QuoteRequestStatusBadge } from './quote-status-badge';
import { closesWords, moneyText } from './quote-words';

export interface QuoteRequestViewProps {
  request: QuoteRequest;
  /** "Now" (ms since epoch) for the countdowns; the page ticks it. */
  now: number;
  /** The customer's time zone: windows and slots are shown in it. */
  timeZone?: string;
  backHref: string;
  /** Where the order of the accepted quote is. */
  orderHref: (orderId: string) => string;
  /** Opens the conversation with pro `vendorId`; rejects with the API's error (reported). */
  onAsk: (vendorId: string) => Promise<void>;
  /** The one counter-offer on quote `quoteId` (minor units); rejects with the API's refusal. */
  onCounter: (quoteId: string, amount: number, note: string) => Promise<void>;
  /** Accepts quote `quoteId` on slot `startsAt`; rejects with the API's refusal. */
  onAccept: (quoteId: string, startsAt: string) => Promise<void>;
  /** Cancels the request; rejects with the API's refusal (the dialog stays open). */
  onCancel: () => Promise<void>;
  /** A write is under way. */
  busy?: boolean;
}

/** A day range in the customer's zone: "Nov 23, 2026 – Nov 25, 2026" or one day. */
function windowWords(w: { from: string; to: string }, timeZone?: string): string {
  const from = formatDate(w.from, timeZone);
  const to = formatDate(w.to, timeZone);
  return from === to ? from : `${from} – ${to}`;
}

/**
 * One request for quotes as its customer sees it: what was asked (description, photos, address,
 * date ranges, budget), then the quotes side by side (cards in a row on wide screens, stacked on
 * narrow ones), then the pros still to answer ("Waiting for …") or who declined (with their
 * reason). An open request can be cancelled (confirmed); a booked one links to its order.
 */
export function QuoteRequestView(props: QuoteRequestViewProps) {
  const { request, now, timeZone } = props;
  const open = request.status === 'open';
  const quoted = request.leads.filter((l) => l.quote);
  const others = request.leads.filter((l) => !l.quote);
  const accepted = quoted.find((l) => l.quote?.id === request.acceptedQuoteId)?.quote;
  return (
    <div className="flex flex-col gap-6">
      <Breadcrumbs
        items={[{ label: 'Quotes', href: props.backHref }, { label: request.category.name }]}
      />
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="flex flex-col gap-2">
          <div className="flex flex-wrap items-center gap-3">
            <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">
              {request.category.name} job
            </h1>
            <QuoteRequestStatusBadge status={request.status} />
          </div>
          <p className="text-sm text-muted">
            Sent {formatDate(request.createdAt, timeZone)}
            {open ? ` · ${closesWords(request.closesAt, now)}` : ''}
          </p>
        </div>
        {open ? (
          <ConfirmDialog
            trigger={<Button variant="outline">Cancel request</Button>}
            title="Cancel this request?"
            description="Every quote on it is withdrawn and the pros are told. You can send a new request any time."
            confirmLabel="Cancel request"
            cancelLabel="Keep request"
            destructive
            onConfirm={props.onCancel}
          />
        ) : null}
      </div>
      {accepted?.orderId ? (
        <Alert variant="success">
          <AlertDescription className="flex flex-wrap items-center justify-between gap-3">
            <span>
              You chose {accepted.vendor.businessName} for {moneyText(accepted.price.total)}.
            </span>
            <Button asChild size="sm">
              <Link href={props.orderHref(accepted.orderId)}>Go to the order</Link>
            </Button>
          </AlertDescription>
        </Alert>
      ) : null}
      <RequestSummary request={request} timeZone={timeZone} />
      <section aria-labelledby="quotes-heading" className="flex flex-col gap-4">
        <h2 id="quotes-heading" className="text-lg font-semibold">
          {quoted.length === 0
            ? 'No quotes yet'
            : `${quoted.length} ${quoted.length === 1 ? 'quote' : 'quotes'}`}
        </h2>
        {quoted.length > 0 ? (
          <ul className="grid grid-cols-1 gap-4 md:grid-cols-2 xl:grid-cols-3">
            {quoted.map(({ id, vendor, quote }) =>
              quote ? (
                <li key={id}>
                  <QuoteCard
                    quote={quote}
                    now={now}
                    requestOpen={open}
                    timeZone={timeZone}
                    busy={props.busy}
                    orderHref={props.orderHref}
                    onAsk={() => props.onAsk(vendor.id)}
                    onCounter={(amount, note) => props.onCounter(quote.id, amount, note)}
                    onAccept={(startsAt) => props.onAccept(quote.id, startsAt)}
                  />
                </li>
              ) : null,
            )}
          </ul>
        ) : open ? (
          <p className="text-sm text-muted">Quotes appear here as the pros send them.</p>
        ) : null}
        {others.length > 0 ? <OtherPros leads={others} open={open} /> : null}
      </section>
    </div>
  );
}

/** What the customer asked: description, photos, address, date ranges, budget. */
function RequestSummary({ request, timeZone }: { request: QuoteRequest; timeZone?: string }) {
  return (
    <Card>
      <CardContent className="grid grid-cols-1 gap-6 lg:grid-cols-[1fr_320px]">
        <div className="flex min-w-0 flex-col gap-4">
          <p className="break-words whitespace-pre-line">{request.description}</p>
          {request.photos.length > 0 ? (
            <Gallery
              images={request.photos.map((p, i) => ({
                id: p.url,
                src: p.url,
                thumbSrc: p.thumbUrl,
                alt: `Your photo ${i + 1}`,
                width: p.width,
                height: p.height,
              }))}
            />
          ) : null}
        </div>
        <dl className="grid content-start gap-3 text-sm">
          <div>
            <dt className="text-muted">Address</dt>
            <dd className="font-medium break-words">{request.address}</dd>
          </div>
          <div>
            <dt className="text-muted">When suits you</dt>
            {request.windows.map((w) => (
              <dd key={w.from} className="font-medium">
                {windowWords(w, timeZone)}
              </dd>
            ))}
          </div>
          <div>
            <dt className="text-muted">Budget</dt>
            <dd className="font-medium">
              {request.budget ? moneyText(request.budget) : 'Not given'}
            </dd>
          </div>
        </dl>
      </CardContent>
    </Card>
  );
}

/** Pros without a quote: "Waiting for <pro>" while open, "Declined: <reason>", or closed. */
function OtherPros({ leads, open }: { leads: QuoteRequestLead[]; open: boolean }) {
  return (
    <ul className="flex flex-col divide-y divide-border rounded-lg border border-border">
      {leads.map((lead) => (
        <li key={lead.id} className="flex items-center gap-3 p-3" data-lead-status={lead.status}>
          <Avatar src={lead.vendor.avatarUrl} name={lead.vendor.businessName} size="sm" />
          <div className="flex min-w-0 flex-1 flex-col">
            <span className="text-sm">
              {lead.status === 'declined'
                ? `${lead.vendor.businessName} declined${lead.declineReason ? `: ${lead.declineReason}` : ''}`
                : lead.status === 'new' && open
                  ? `Waiting for ${lead.vendor.businessName}`
                  : `${lead.vendor.businessName} did not quote`}
            </span>
            {lead.status === 'new' && open && lead.vendor.responseTime ? (
              <span className="text-xs text-muted">{lead.vendor.responseTime.label}</span>
            ) : null}
          </div>
          {lead.status !== 'new' || !open ? (
            <LeadStatusBadge status={lead.status} perspective="customer" />
          ) : null}
        </li>
      ))}
    </ul>
  );
}
