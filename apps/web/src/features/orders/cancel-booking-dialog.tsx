import { MESSAGES } from '@vetted/api-client';
import { type CancellationQuote, percentText } from '@vetted/contract';
import { Button, ConfirmDialog, Price, Skeleton } from '@vetted/ui';
import { RotateCw } from 'lucide-react';
import type * as React from 'react';
import { formatDateTime } from '../../lib/format';

/*
 * The cancel confirmation of the order page, with the API's refund quote. Its container
 * (`CancelBookingAction`, data and the API call) is in `order-changes.tsx`; every state is storied
 * in `order-changes.stories.tsx`.
 */

/**
 * What a cancellation quote means for the person reading it, in one sentence built from the
 * API's answer (amount, share, band label): "You'll get back $50.00 (50 % of the service price)
 * — cancelling within 24 hours of the start. The booking fee is kept."
 */
export function CancelQuoteText({
  quote,
  perspective,
}: {
  quote: CancellationQuote;
  perspective: 'customer' | 'vendor';
}) {
  const { refund, share } = quote;
  const amount = <Price amount={refund.amount} currency={refund.currency} />;
  if (!quote.allowed || quote.money === 'none') {
    return quote.band === 'unpaid' ? (
      <>You haven’t paid, so nothing is charged. The time slot is released for other customers.</>
    ) : (
      quote.reason
    );
  }
  if (perspective === 'vendor') {
    return quote.money === 'release' ? (
      <>The hold of {amount} on the customer’s card is released: they are not charged.</>
    ) : (
      <>The customer gets {amount} back — everything they paid, booking fee included.</>
    );
  }
  if (quote.money === 'release') {
    return (
      <>
        The pro hasn’t accepted yet, so your card hasn’t been charged: cancelling releases the{' '}
        {amount} hold on it.
      </>
    );
  }
  if (share.of === 'subtotal') {
    return (
      <>
        You’ll get back {amount} ({percentText(share.bps)} of the service price) — {quote.label}.
        The booking fee is kept.
      </>
    );
  }
  return (
    <>
      You’ll get back {amount}, the full amount — {quote.label}.
    </>
  );
}

export interface CancelBookingDialogProps {
  /** The button that opens the dialog. */
  trigger: React.ReactNode;
  /** Whose words: the customer's refund, or what the customer gets when the pro cancels. */
  perspective: 'customer' | 'vendor';
  /** The API's quote (`GET /orders/:id/cancellation`); undefined while it loads. */
  quote?: CancellationQuote;
  quoteLoading?: boolean;
  quoteError?: Error | null;
  onRetryQuote?: () => void;
  /** Opening asks the API for a fresh quote. */
  onOpenChange?: (open: boolean) => void;
  /** Cancels; rejects with the API's refusal (the dialog stays open, the caller reports it). */
  onConfirm: () => Promise<void>;
  /** The vendor's IANA zone, for the band's deadline. */
  timeZone?: string;
  /** Controlled open state (stories). */
  open?: boolean;
}

/**
 * "Cancel this booking?" with the refund the policy gives right now, from the API's quote, before
 * the person confirms; confirming is possible only once the quote says they may. Loading shows a
 * placeholder line, a failed quote an error with "Try again".
 */
export function CancelBookingDialog({
  trigger,
  perspective,
  quote,
  quoteLoading,
  quoteError,
  onRetryQuote,
  onOpenChange,
  onConfirm,
  timeZone,
  open,
}: CancelBookingDialogProps) {
  const description = quote ? (
    <CancelQuoteText quote={quote} perspective={perspective} />
  ) : quoteError ? (
    'We couldn’t check what cancelling refunds right now.'
  ) : (
    'Checking what cancelling refunds…'
  );
  const deadlineNote =
    quote?.allowed && quote.deadline && perspective === 'customer' && quote.money === 'refund'
      ? `This applies until ${formatDateTime(quote.deadline, timeZone, true)}.`
      : null;
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      trigger={trigger}
      title={
        perspective === 'customer'
          ? 'Cancel this booking?'
          : 'Cancel this booking for the customer?'
      }
      description={description}
      confirmLabel="Cancel booking"
      cancelLabel="Keep booking"
      destructive
      confirmDisabled={!quote?.allowed}
      onConfirm={onConfirm}
    >
      {quoteLoading && !quote ? (
        <div role="status" aria-label="Loading the refund" className="flex flex-col gap-2">
          <Skeleton className="h-4 w-3/4" />
        </div>
      ) : null}
      {quoteError && !quote ? (
        <div role="alert" className="flex flex-col items-start gap-2 text-sm">
          <p className="text-danger">{quoteError.message || MESSAGES.errorLoadingData}</p>
          {onRetryQuote ? (
            <Button variant="outline" size="sm" onClick={onRetryQuote}>
              <RotateCw aria-hidden="true" /> Try again
            </Button>
          ) : null}
        </div>
      ) : null}
      {deadlineNote ? <p className="text-sm text-muted">{deadlineNote}</p> : null}
      {quote && perspective === 'customer' && quote.money === 'refund' ? (
        <p className="text-sm text-muted">
          Refunds show as “Refund pending” until the card provider confirms them.
        </p>
      ) : null}
    </ConfirmDialog>
  );
}
