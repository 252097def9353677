import type { Quote, QuoteRequest } from '@vetted/contract';
import {
  Badge,
  Button,
  Card,
  CardContent,
  CardHeader,
  ConfirmDialog,
  FormField,
  Gallery,
  Price,
  Textarea,
} from '@vetted/ui';
import { CalendarRange, Camera, Clock, MapPin, Wallet, X } from 'lucide-react';
import * as React from 'react';
import { formatDateTime, formatDuration } from '../../lib/format';
import { QuoteLineItems } from './quote-line-items';
import { CounterStatusBadge, QuoteStatusBadge } from './quote-status-badge';
import { closesWords, expiryWords, moneyText } from './quote-words';

/*
 * The sections of the pro's lead page (`vendor-lead-view.tsx`): the customer's request, the
 * quote the pro sent, the customer's counter-offer, and "Decline" with its reason.
 */

/** One fact of the request: an icon and label as the term, the value as its definition. */
function Fact({
  icon: Icon,
  label,
  children,
}: {
  icon: typeof MapPin;
  label: string;
  children: React.ReactNode;
}) {
  return (
    <div>
      <dt className="flex items-center gap-2 text-muted">
        <Icon aria-hidden="true" className="size-4 shrink-0" />
        {label}
      </dt>
      <dd className="pl-6 font-medium break-words">{children}</dd>
    </div>
  );
}

/**
 * A date range of the customer's as one phrase in `timeZone` ("Mon, Nov 23, 8:00 AM – 5:00 PM",
 * the day written once when both ends share it; Intl's `formatRange`).
 */
function windowWords(from: string, to: string, timeZone?: string): string {
  return new Intl.DateTimeFormat(undefined, {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    hour: 'numeric',
    minute: '2-digit',
    timeZone,
  }).formatRange(new Date(from), new Date(to));
}

/**
 * The customer's request as the pro reads it: the description, the photos (a gallery with a
 * lightbox), the date ranges that suit the customer, the address, the budget and when the
 * request closes (at `now`, ms since epoch); times in the pro's `timeZone` when known. Text is
 * masked by the API until a booking exists.
 */
export function LeadRequestCard({
  request,
  now,
  timeZone,
}: {
  request: QuoteRequest;
  now: number;
  timeZone?: string;
}) {
  const open = request.status === 'open';
  return (
    <Card>
      <CardHeader>
        <h2 className="text-base leading-snug font-semibold">The job</h2>
      </CardHeader>
      <CardContent className="flex flex-col gap-5">
        <p className="text-sm whitespace-pre-line break-words">{request.description}</p>
        {request.photos.length > 0 ? (
          <section aria-label="Photos from the customer" className="flex flex-col gap-2">
            <h3 className="flex items-center gap-2 text-sm text-muted">
              <Camera aria-hidden="true" className="size-4" />
              {request.photos.length === 1 ? '1 photo' : `${request.photos.length} photos`}
            </h3>
            <Gallery
              className="max-w-xl"
              images={request.photos.map((p, i) => ({
                id: p.url,
                src: p.url,
                thumbSrc: p.thumbUrl,
                alt: `Photo ${i + 1} of the job`,
                width: p.width,
                height: p.height,
              }))}
            />
          </section>
        ) : null}
        <dl className="grid gap-4 text-sm sm:grid-cols-2">
          <Fact icon={CalendarRange} label="Dates that suit them">
            <ul>
              {request.windows.map((w) => (
                <li key={w.from}>{windowWords(w.from, w.to, timeZone)}</li>
              ))}
            </ul>
          </Fact>
          <Fact icon={MapPin} label="Address">
            {request.address}
          </Fact>
          <Fact icon={Wallet} label="Budget">
            {request.budget ? moneyText(request.budget) : 'Not given'}
          </Fact>
          <Fact icon={Clock} label={open ? 'Open for quotes' : 'Request'}>
            {open ? closesWords(request.closesAt, now) : 'No longer open'}
          </Fact>
        </dl>
      </CardContent>
    </Card>
  );
}

/**
 * The quote the pro sent: status, line items with the total, what the customer pays with the
 * booking fee, the times offered (in `timeZone`, the pro's), the duration, validity and message.
 */
export function SentQuoteCard({
  quote,
  now,
  timeZone,
}: {
  quote: Quote;
  now: number;
  timeZone?: string;
}) {
  return (
    <Card data-quote={quote.id}>
      <CardHeader className="flex flex-row flex-wrap items-center justify-between gap-2">
        <h2 className="text-base leading-snug font-semibold">Your quote</h2>
        <QuoteStatusBadge status={quote.status} />
      </CardHeader>
      <CardContent className="flex flex-col gap-4 text-sm">
        <QuoteLineItems
          lineItems={quote.lineItems}
          total={quote.total}
          caption="Your quote's lines"
        />
        <p className="text-muted">
          The customer pays{' '}
          <Price amount={quote.price.total.amount} currency={quote.price.total.currency} /> with
          Vetted's booking fee of{' '}
          <Price amount={quote.price.fee.amount} currency={quote.price.fee.currency} />.
        </p>
        <div className="flex flex-col gap-1">
          <h3 className="font-medium">Times offered · {formatDuration(quote.durationMinutes)}</h3>
          <ul className="flex flex-wrap gap-2">
            {quote.slots.map((s) => (
              <li key={s}>
                <Badge variant="outline">{formatDateTime(s, timeZone, true)}</Badge>
              </li>
            ))}
          </ul>
        </div>
        <p>
          {quote.status === 'open'
            ? `${expiryWords(quote.validUntil, now)} (${formatDateTime(quote.validUntil, timeZone, true)})`
            : `Valid until ${formatDateTime(quote.validUntil, timeZone, true)}`}
        </p>
        {quote.message ? (
          <blockquote className="border-l-2 border-border pl-3 whitespace-pre-line break-words text-muted">
            {quote.message}
          </blockquote>
        ) : null}
      </CardContent>
    </Card>
  );
}

/**
 * The customer's counter-offer on the pro's quote: the amount against the quote's total and
 * their note; while pending, "Accept counter-offer" (the quote's total becomes the amount) and
 * "Decline" (the quote stands). Each rejects with the API's error, reported by the caller.
 */
export function CounterCard({
  quote,
  customerName,
  onAccept,
  onDecline,
}: {
  quote: Quote & { counter: NonNullable<Quote['counter']> };
  customerName: string;
  onAccept: () => Promise<void>;
  onDecline: () => Promise<void>;
}) {
  const { counter } = quote;
  const [busy, setBusy] = React.useState<'accept' | 'decline' | null>(null);
  const act = (which: 'accept' | 'decline', run: () => Promise<void>) => async () => {
    setBusy(which);
    try {
      await run();
    } catch {
      // Reported by the caller; the buttons come back for another try.
    } finally {
      setBusy(null);
    }
  };
  return (
    <section
      aria-labelledby="counter-title"
      className="flex flex-col gap-3 rounded-lg border border-warning/60 bg-surface-raised p-4"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="counter-title" className="text-base font-semibold">
          {customerName} offers{' '}
          <Price amount={counter.amount.amount} currency={counter.amount.currency} />
        </h2>
        <CounterStatusBadge status={counter.status} perspective="vendor" />
      </div>
      <p className="text-sm">
        Your quote is {moneyText(quote.total)}. {counter.note ? `“${counter.note}”` : 'No note.'}
      </p>
      {counter.status === 'pending' ? (
        <div className="flex flex-wrap gap-2">
          <Button
            loading={busy === 'accept'}
            disabled={busy !== null}
            onClick={act('accept', onAccept)}
          >
            Accept counter-offer
          </Button>
          <Button
            variant="outline"
            loading={busy === 'decline'}
            disabled={busy !== null}
            onClick={act('decline', onDecline)}
          >
            Decline
          </Button>
        </div>
      ) : null}
    </section>
  );
}

/** "Decline" with a required reason (shown to the customer), confirmed in a dialog. */
export function DeclineLeadAction({
  customerName,
  onDecline,
}: {
  customerName: string;
  /** Declines with the reason; rejects with the API's error (the dialog stays open). */
  onDecline: (reason: string) => Promise<void>;
}) {
  const [reason, setReason] = React.useState('');
  return (
    <ConfirmDialog
      trigger={
        <Button variant="outline">
          <X aria-hidden="true" /> Decline
        </Button>
      }
      title={`Decline ${customerName}'s request?`}
      description="They are told you will not quote, with your reason. You cannot quote this request afterwards."
      confirmLabel="Decline request"
      cancelLabel="Back"
      destructive
      confirmDisabled={reason.trim().length === 0}
      onConfirm={() => onDecline(reason.trim())}
    >
      <FormField label="Reason" hint="Shown to the customer." required>
        <Textarea
          rows={3}
          maxLength={500}
          value={reason}
          onChange={(e) => setReason(e.currentTarget.value)}
        />
      </FormField>
    </ConfirmDialog>
  );
}
