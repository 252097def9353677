import { zodResolver } from '@hookform/resolvers/zod';
import { MESSAGES } from '@vetted/api-client';
import {
  type CancellationQuote,
  endSentence,
  maxTip,
  type Money,
  type OrderReschedule,
  type Payment,
  percentText,
  type Slots,
  TIP_LIMITS,
  tipBodySchema,
  tipPresets,
} from '@vetted/contract';
import {
  Alert,
  AlertDescription,
  AlertTitle,
  Button,
  ConfirmDialog,
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  FormField,
  formatMoney,
  Input,
  Price,
  Skeleton,
  SlotPicker,
} from '@vetted/ui';
import { CalendarClock, ChevronLeft, ChevronRight, HandCoins, RotateCw } from 'lucide-react';
import type * as React from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { ErrorState } from '../../components/error-state';
import { formatDateTime, formatLongDateTime } from '../../lib/format';
import { toMajorText, toMinorUnits } from '../../lib/money';
import { placeholders } from '../../lib/placeholders';

/*
 * The presentational parts of "changes of plan": the cancel confirmation with the
 * API's refund quote, the reschedule slot picker, the tip form, and the notices on the order
 * page. Containers (data, API calls) are in `order-changes.tsx`; every state is storied in
 * `order-changes-view.stories.tsx`.
 */

/**
 * `amount` minor units of `currency` in the browser's locale, e.g. `$50.00`, `¥500`: the
 * currency's own minor digits (`formatMoney` of @vetted/ui, as `<Price>` prints).
 */
function money(amount: number, currency: string): string {
  return formatMoney(amount, currency);
}

// ─── cancel ──────────────────────────────────────────────────────────────────────────────────

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

// ─── reschedule ──────────────────────────────────────────────────────────────────────────────

export interface RescheduleDialogViewProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The booking's current start (ISO). */
  currentStartsAt: string;
  /** The pro's business name. */
  businessName: string;
  /** The vendor's IANA zone: times are shown in it. */
  timeZone: string;
  slots?: Slots;
  slotsLoading?: boolean;
  slotsError?: Error | null;
  onRetrySlots?: () => void;
  /** The chosen new start (ISO). */
  selected?: string;
  onSelect: (startsAt: string) => void;
  onPrevWeek: () => void;
  onNextWeek: () => void;
  /** False on the first week. */
  canGoBack: boolean;
  /** True while the move is sent. */
  submitting?: boolean;
  /** The API's refusal (e.g. the time was just taken), shown above the buttons. */
  error?: string | null;
  onConfirm: () => void;
}

/**
 * "Move this booking": the service's slot picker (the same one as the service page), the
 * current and the chosen time, and what happens next (the pro may decline the new time).
 */
export function RescheduleDialogView({
  open,
  onOpenChange,
  currentStartsAt,
  businessName,
  timeZone,
  slots,
  slotsLoading,
  slotsError,
  onRetrySlots,
  selected,
  onSelect,
  onPrevWeek,
  onNextWeek,
  canGoBack,
  submitting,
  error,
  onConfirm,
}: RescheduleDialogViewProps) {
  const current = formatLongDateTime(currentStartsAt, timeZone);
  return (
    <Dialog open={open} onOpenChange={(next) => !submitting && onOpenChange(next)}>
      <DialogContent className="max-h-[90dvh] overflow-y-auto sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>Move this booking</DialogTitle>
          <DialogDescription>
            Pick a new time. {businessName} is told and may decline it: your booking then goes back
            to {current} if that time is still free.
          </DialogDescription>
        </DialogHeader>
        <p className="text-sm">
          <span className="text-muted">Now: </span>
          <span className="font-medium">{current}</span>
        </p>
        {slotsError && !slots ? (
          <ErrorState
            title={MESSAGES.errorLoadingData}
            message={slotsError.message}
            onRetry={onRetrySlots}
          />
        ) : slotsLoading && !slots ? (
          <div className="flex flex-col gap-3" role="status" aria-label="Loading times">
            <Skeleton className="h-14 w-full" />
            <div className="grid grid-cols-3 gap-2 sm:grid-cols-6">
              {placeholders(6).map((id) => (
                <Skeleton key={id} className="h-10" />
              ))}
            </div>
          </div>
        ) : slots ? (
          <SlotPicker
            key={slots.days[0]?.date}
            days={slots.days}
            timeZone={slots.timeZone}
            value={selected}
            onChange={onSelect}
          />
        ) : null}
        <div className="flex items-center justify-between">
          <Button variant="ghost" size="sm" onClick={onPrevWeek} disabled={!canGoBack}>
            <ChevronLeft aria-hidden="true" /> Previous week
          </Button>
          <Button variant="ghost" size="sm" onClick={onNextWeek}>
            Next week <ChevronRight aria-hidden="true" />
          </Button>
        </div>
        <p className="text-sm" aria-live="polite">
          {selected ? (
            <>
              <span className="text-muted">New time: </span>
              <span className="font-medium">{formatLongDateTime(selected, timeZone)}</span>
            </>
          ) : (
            <span className="text-muted">Pick a day and a start time.</span>
          )}
        </p>
        {error ? (
          <p role="alert" className="text-sm text-danger">
            {error}
          </p>
        ) : null}
        <DialogFooter>
          <Button variant="outline" onClick={() => onOpenChange(false)} disabled={submitting}>
            Keep current time
          </Button>
          <Button onClick={onConfirm} disabled={!selected} loading={submitting}>
            Move booking
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

/**
 * A new time the pro has not answered yet (`OrderDetail.reschedule`), on the order page: for the
 * customer, that the pro may decline it; for the pro, that they may confirm or decline it (the
 * buttons are in the page's actions).
 */
export function RescheduleNotice({
  reschedule,
  startsAt,
  perspective,
  businessName,
  customerName,
  timeZone,
}: {
  reschedule: OrderReschedule;
  startsAt: string;
  perspective: 'customer' | 'vendor';
  businessName: string;
  customerName: string;
  timeZone?: string;
}) {
  const from = formatDateTime(reschedule.previousStartsAt, timeZone);
  const to = formatDateTime(startsAt, timeZone);
  return (
    <Alert variant="warning">
      <CalendarClock aria-hidden="true" />
      <AlertTitle>
        <h2 className="text-base">
          {perspective === 'customer'
            ? 'New time sent to the pro'
            : 'The customer moved this booking'}
        </h2>
      </AlertTitle>
      <AlertDescription>
        {perspective === 'customer' ? (
          <p>
            You moved this booking from {from} to {to}. {businessName} may decline the new time:
            your booking then goes back to {from} if it is still free, or is cancelled with a full
            refund if it is not.
          </p>
        ) : (
          <p>
            {customerName} moved it from {from} to {to}. Confirm the new time, or decline it to go
            back to {from} — if that time is no longer free, the booking is cancelled with a full
            refund.
          </p>
        )}
      </AlertDescription>
    </Alert>
  );
}

// ─── tip ─────────────────────────────────────────────────────────────────────────────────────

/** The tip form's values: the amount as typed, in whole currency units ("5", "7.50"). */
type TipFormInput = { amount: string };

/**
 * The tip form's schema: a decimal amount with at most the currency's minor digits (2 for USD,
 * 0 for JPY, 3 for KWD), turned into minor units exactly (`toMinorUnits`) and checked by the
 * contract's tip body schema and bounds (`TIP_LIMITS`, `maxTip`), so the browser and the API
 * refuse the same amounts with the same limits.
 */
export function tipFormSchema(subtotal: Money) {
  const min = TIP_LIMITS.minMinor;
  const max = maxTip(subtotal.amount);
  return z.object({
    amount: z
      .string()
      .trim()
      .transform((s, ctx) => {
        const minor = toMinorUnits(s, subtotal.currency);
        if (minor !== null) return minor;
        ctx.addIssue({ code: 'custom', message: 'Enter an amount like 5 or 7.50' });
        return z.NEVER;
      })
      .pipe(
        tipBodySchema.shape.amount
          .min(min, `A tip must be at least ${money(min, subtotal.currency)}`)
          .max(max, `A tip can be at most ${money(max, subtotal.currency)} for this booking`),
      ),
  });
}

export interface TipAmountFormProps {
  /** The pro's business name. */
  businessName: string;
  /** The service price: presets are shares of it and the largest tip depends on it. */
  subtotal: Money;
  /** Starts the tip with the amount in minor units; rejects with the API's refusal. */
  onSubmit: (amountMinor: number) => Promise<void>;
  /** Initial amount in minor units (e.g. an attempt being resumed). */
  defaultAmount?: number;
}

/**
 * Step 1 of "Add a tip": preset amounts (10, 15 and 20 % of the service price, from the
 * contract's `tipPresets`) that fill the amount field, or any amount typed in.
 */
export function TipAmountForm({
  businessName,
  subtotal,
  onSubmit,
  defaultAmount,
}: TipAmountFormProps) {
  const presets = tipPresets(subtotal.amount);
  const {
    register,
    handleSubmit,
    setValue,
    setError,
    watch,
    formState: { errors, isSubmitting },
  } = useForm<TipFormInput, unknown, { amount: number }>({
    resolver: zodResolver(tipFormSchema(subtotal)),
    defaultValues: { amount: defaultAmount ? toMajorText(defaultAmount, subtotal.currency) : '' },
  });
  const typed = watch('amount');
  const submit = handleSubmit(async ({ amount }) => {
    try {
      await onSubmit(amount);
    } catch (error) {
      setError('amount', {
        type: 'server',
        message: error instanceof Error ? error.message : MESSAGES.tryAgain,
      });
    }
  });
  return (
    <form className="flex flex-col gap-4" onSubmit={submit} noValidate>
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-2 text-sm font-medium">
          All of it goes to {endSentence(businessName)} Pick an amount:
        </legend>
        <div className="flex flex-wrap gap-2">
          {presets.map((p) => {
            const value = toMajorText(p, subtotal.currency);
            const pressed = toMinorUnits(typed ?? '', subtotal.currency) === p;
            return (
              <Button
                key={p}
                type="button"
                variant={pressed ? 'primary' : 'outline'}
                aria-pressed={pressed}
                onClick={() => setValue('amount', value, { shouldValidate: true })}
              >
                {money(p, subtotal.currency)}
              </Button>
            );
          })}
        </div>
      </fieldset>
      <FormField
        label={`Tip amount (${subtotal.currency})`}
        hint={`From ${money(TIP_LIMITS.minMinor, subtotal.currency)} to ${money(maxTip(subtotal.amount), subtotal.currency)}.`}
        error={errors.amount?.message}
      >
        <Input inputMode="decimal" autoComplete="off" {...register('amount')} />
      </FormField>
      <DialogFooter>
        <Button type="submit" loading={isSubmitting}>
          Continue to payment
        </Button>
      </DialogFooter>
    </form>
  );
}

export interface TipDialogViewProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  businessName: string;
  subtotal: Money;
  /** `amount`: choose it; `pay`: the card step for the tip `payment` (`paymentStep`). */
  step: 'amount' | 'pay';
  /** The tip being paid (step `pay`). */
  payment?: Payment | null;
  /** The card form (the checkout's `PaymentForm`), shown at step `pay`. */
  paymentStep?: React.ReactNode;
  onStart: (amountMinor: number) => Promise<void>;
  /** Back from the card step to the amount. */
  onBack: () => void;
}

/** "Add a tip": amount first, then the same card step as checkout. */
export function TipDialogView({
  open,
  onOpenChange,
  businessName,
  subtotal,
  step,
  payment,
  paymentStep,
  onStart,
  onBack,
}: TipDialogViewProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[90dvh] overflow-y-auto sm:max-w-lg">
        <DialogHeader>
          <DialogTitle>Tip {businessName}</DialogTitle>
          <DialogDescription>
            {step === 'amount'
              ? 'Say thanks for a job well done. The tip is charged to your card once.'
              : payment
                ? `Tip of ${money(payment.amount.amount, payment.amount.currency)}: pay with your card.`
                : 'Pay with your card.'}
          </DialogDescription>
        </DialogHeader>
        {step === 'amount' ? (
          <TipAmountForm
            businessName={businessName}
            subtotal={subtotal}
            onSubmit={onStart}
            defaultAmount={payment?.amount.amount}
          />
        ) : (
          <div className="flex flex-col gap-4">
            {paymentStep}
            <div>
              <Button variant="link" onClick={onBack}>
                <ChevronLeft aria-hidden="true" /> Change the amount
              </Button>
            </div>
          </div>
        )}
      </DialogContent>
    </Dialog>
  );
}

/** Tip status in words (say only what happened). */
const TIP_LABEL: Partial<Record<Payment['status'], string>> = {
  requires_payment: 'Not paid yet',
  failed: 'Card declined',
  authorized: 'Processing',
  captured: 'Sent',
  succeeded: 'Sent',
  refund_pending: 'Refund pending',
  refunded: 'Refunded',
};

/** The tip line of the order page's payment card: amount and status. */
export function TipLine({
  tip,
  perspective,
}: {
  tip: Payment;
  perspective: 'customer' | 'vendor';
}) {
  return (
    <dl className="border-t border-border pt-2 text-sm">
      <div className="flex items-center justify-between gap-3">
        <dt className="inline-flex items-center gap-1.5 text-muted">
          <HandCoins aria-hidden="true" className="size-4" />
          {perspective === 'customer' ? 'Your tip' : 'Tip from the customer'}
        </dt>
        <dd className="text-right">
          <Price amount={tip.amount.amount} currency={tip.amount.currency} />
          <span className="ml-2 text-muted">{TIP_LABEL[tip.status] ?? tip.status}</span>
        </dd>
      </div>
    </dl>
  );
}
