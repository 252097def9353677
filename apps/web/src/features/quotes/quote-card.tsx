import type { Quote } from '@vetted/contract';
import {
  Avatar,
  Button,
  Card,
  CardContent,
  CardFooter,
  CardHeader,
  ConfirmDialog,
  cn,
  formatMoney,
  Label,
  RadioGroup,
  RadioGroupItem,
  RatingStars,
} from '@vetted/ui';
import { Clock, MessageSquare } from 'lucide-react';
import * as React from 'react';
import { Link } from 'wouter';
import { formatDateTime, formatDuration } from '../../lib/format';
import { QuoteCounterDialog } from './quote-counter-dialog';
import { QuoteLineItems } from './quote-line-items';
import { CounterStatusBadge, QuoteStatusBadge } from './quote-status-badge';
import { expiryWords, moneyText } from './quote-words';

export interface QuoteCardProps {
  quote: Quote;
  /** "Now" (ms since epoch) for the expiry countdown; the page ticks it. */
  now: number;
  /** The request is still open: an open quote may be countered and accepted. */
  requestOpen: boolean;
  /** The customer's time zone, in which slots are shown (with its short name). */
  timeZone?: string;
  /** Opens the conversation with this pro about the request; rejects with the API's error. */
  onAsk: () => Promise<void>;
  /** Sends the one counter-offer (minor units); rejects with the API's refusal. */
  onCounter: (amount: number, note: string) => Promise<void>;
  /** Accepts the quote on slot `startsAt`; rejects with the API's refusal (the dialog stays). */
  onAccept: (startsAt: string) => Promise<void>;
  /** Where the order of an accepted quote is. */
  orderHref?: (orderId: string) => string;
  /** Another write is under way: the buttons wait. */
  busy?: boolean;
}

/**
 * One pro's quote as the customer compares it: the pro (avatar, name, rating, response time),
 * the line items and total, what the customer pays with the booking fee, the pro's message,
 * the counter-offer's state, the slots to choose from, the expiry countdown, and Ask a question
 * / Counter-offer / Accept. A quote no longer open is greyed with its status.
 */
export function QuoteCard(props: QuoteCardProps) {
  const { quote, now, requestOpen, timeZone } = props;
  const expired = Date.parse(quote.validUntil) <= now;
  const live = quote.status === 'open' && !expired;
  const actionable = live && requestOpen;
  const [slot, setSlot] = React.useState<string>(quote.slots[0] ?? '');
  const { vendor, price } = quote;
  return (
    <article
      aria-label={`Quote from ${vendor.businessName}`}
      data-quote-status={quote.status}
      className="h-full"
    >
      <Card
        // Greyed by its background, not by opacity: the text keeps its contrast (WCAG 1.4.3).
        className={cn(
          'flex h-full flex-col',
          !live && quote.status !== 'accepted' && 'border-dashed bg-surface-muted shadow-none',
        )}
      >
        <CardHeader className="flex flex-row items-start gap-3">
          <Avatar src={vendor.avatarUrl} name={vendor.businessName} />
          <div className="flex min-w-0 flex-1 flex-col gap-1">
            <h3 className="font-semibold leading-snug break-words">{vendor.businessName}</h3>
            <RatingStars value={vendor.ratingAverage} count={vendor.ratingCount} size="sm" />
            {vendor.responseTime ? (
              <span className="text-xs text-muted">{vendor.responseTime.label}</span>
            ) : null}
          </div>
          {quote.status !== 'open' ? <QuoteStatusBadge status={quote.status} /> : null}
        </CardHeader>
        <CardContent className="flex flex-1 flex-col gap-4">
          <QuoteLineItems
            lineItems={quote.lineItems}
            total={quote.total}
            // An accepted counter-offer replaces the sum of the lines (the API's `total`).
            totalLabel={quote.counter?.status === 'accepted' ? 'Agreed price' : 'Total'}
          />
          <p className="text-sm">
            You pay <span className="font-semibold">{moneyText(price.total)}</span> incl.{' '}
            {moneyText(price.fee)} booking fee
          </p>
          {quote.counter ? (
            <div className="flex flex-col gap-1 text-sm">
              <CounterStatusBadge status={quote.counter.status} />
              <span className="text-muted">
                Your offer: {moneyText(quote.counter.amount)}
                {quote.counter.note ? ` · “${quote.counter.note}”` : ''}
              </span>
            </div>
          ) : null}
          {quote.message ? (
            <blockquote className="border-l-2 border-border pl-3 text-sm break-words whitespace-pre-line text-muted">
              {quote.message}
            </blockquote>
          ) : null}
          {actionable ? (
            <SlotChoice quote={quote} value={slot} onChange={setSlot} timeZone={timeZone} />
          ) : (
            <SlotList quote={quote} timeZone={timeZone} />
          )}
          <p
            className={cn('flex items-center gap-1.5 text-sm', live ? 'text-fg' : 'text-muted')}
            data-testid="quote-expiry"
          >
            <Clock aria-hidden="true" className="size-4 shrink-0" />
            {quote.status === 'open' || quote.status === 'expired'
              ? expiryWords(quote.validUntil, now)
              : `Valid until ${formatDateTime(quote.validUntil, timeZone)}`}
          </p>
        </CardContent>
        <CardFooter className="flex flex-wrap gap-2">
          <QuoteActions {...props} slot={slot} actionable={actionable} />
        </CardFooter>
      </Card>
    </article>
  );
}

/** The slots of a quote that can no longer be accepted (booked, closed): a plain list. */
function SlotList({ quote, timeZone }: { quote: Quote; timeZone?: string }) {
  return (
    <div className="flex flex-col gap-1 text-sm">
      <span className="font-medium">
        Times offered{' '}
        <span className="font-normal text-muted">({formatDuration(quote.durationMinutes)})</span>
      </span>
      <ul className="flex flex-col gap-0.5">
        {quote.slots.map((s) => (
          <li key={s}>{formatDateTime(s, timeZone, true)}</li>
        ))}
      </ul>
    </div>
  );
}

/** The slots of the quote as a radio group (one is chosen to accept), with the job's length. */
function SlotChoice({
  quote,
  value,
  onChange,
  timeZone,
}: {
  quote: Quote;
  value: string;
  onChange: (slot: string) => void;
  timeZone?: string;
}) {
  const id = React.useId();
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-1 text-sm font-medium">
        {quote.slots.length === 1 ? 'Time offered' : 'Choose a time'}{' '}
        <span className="font-normal text-muted">({formatDuration(quote.durationMinutes)})</span>
      </legend>
      <RadioGroup value={value} onValueChange={onChange} className="gap-2">
        {quote.slots.map((s, i) => (
          <div key={s} className="flex items-center gap-2">
            <RadioGroupItem value={s} id={`${id}-${i}`} />
            <Label htmlFor={`${id}-${i}`} className="font-normal">
              {formatDateTime(s, timeZone, true)}
            </Label>
          </div>
        ))}
      </RadioGroup>
    </fieldset>
  );
}

/** Ask a question (always, while the request is open), Counter-offer (once), Accept (confirmed). */
function QuoteActions({
  quote,
  requestOpen,
  actionable,
  slot,
  timeZone,
  onAsk,
  onCounter,
  onAccept,
  orderHref,
  busy,
}: QuoteCardProps & { slot: string; actionable: boolean }) {
  const [asking, setAsking] = React.useState(false);
  if (quote.status === 'accepted' && quote.orderId && orderHref) {
    return (
      <Button asChild>
        <Link href={orderHref(quote.orderId)}>Go to the order</Link>
      </Button>
    );
  }
  return (
    <>
      {requestOpen ? (
        <Button
          variant="outline"
          loading={asking}
          onClick={() => {
            setAsking(true);
            onAsk().catch(() => setAsking(false));
          }}
        >
          <MessageSquare aria-hidden="true" /> Ask a question
        </Button>
      ) : null}
      {actionable && !quote.counter ? (
        <QuoteCounterDialog quote={quote} onCounter={onCounter} disabled={busy} />
      ) : null}
      {actionable ? (
        <ConfirmDialog
          trigger={<Button disabled={busy || !slot}>Accept</Button>}
          title={`Book ${quote.vendor.businessName} for ${moneyText(quote.price.total)}?`}
          description={`${slot ? `${formatDateTime(slot, timeZone, true)}. ` : ''}You pay ${moneyText(quote.price.total)} (${moneyText(quote.total)} quoted plus ${moneyText(quote.price.fee)} booking fee) on the next page. The other quotes on this request close.`}
          confirmLabel={`Accept and pay ${formatMoney(quote.price.total.amount, quote.price.total.currency)}`}
          cancelLabel="Not yet"
          onConfirm={() => onAccept(slot)}
        />
      ) : null}
    </>
  );
}
