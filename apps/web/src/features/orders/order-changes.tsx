import { isApiError } from '@vetted/api-client';
import { type OrderDetail, rescheduleWindow } from '@vetted/contract';
import { Button, ConfirmDialog } from '@vetted/ui';
import { CalendarCheck, CalendarClock, CalendarX, HandCoins, X } from 'lucide-react';
import * as React from 'react';
import type { KeyedMutator } from 'swr';
import { useCancellationQuote } from './use-cancellation-quote';
import { useApplyOrder } from './use-apply-order';
import { useReached } from '../../lib/hooks/use-reached';
import { SLOT_DAYS, useSlots } from '../services';
import { errorMessage } from '../../lib/errors';
import { addDays, formatDateTime, todayIn } from '../../lib/format';
import { toast } from '../../lib/toast';
import { api } from '../../lib/vetted-api';
import { useCardPayment } from '../checkout';
import { PaymentForm } from '../checkout';
import { ActionTrigger } from './header-actions';
import { CancelBookingDialog } from './cancel-booking-dialog';
import { RescheduleDialogView } from './reschedule-view';
import { TipDialogView } from './tip-view';

/*
 * Containers of "changes of plan" on the order page: each asks the API and shows the views of
 * `cancel-booking-dialog.tsx`, `reschedule-view.tsx` and `tip-view.tsx`. The API has the final
 * word on every rule; these only decide which buttons to offer, from the same policy module
 * (`@vetted/contract` cancellation.ts).
 */

interface OrderProps {
  order: OrderDetail;
  mutate: KeyedMutator<OrderDetail>;
}

/**
 * "Cancel booking" with the refund quote (`GET /orders/:id/cancellation`) asked for when the
 * dialog opens, then the cancel (`POST /orders/:id/transitions {action:'cancel'}`), which applies
 * the same policy. The customer sees their refund; the pro sees that the customer gets
 * everything back. A refusal is reported in a toast and the order refetched (it may be stale).
 */
export function CancelBookingAction({
  order,
  mutate,
  perspective,
}: OrderProps & { perspective: 'customer' | 'vendor' }) {
  const [open, setOpen] = React.useState(false);
  const quote = useCancellationQuote(open ? order.id : null);
  const apply = useApplyOrder(mutate);
  return (
    <CancelBookingDialog
      open={open}
      onOpenChange={setOpen}
      perspective={perspective}
      trigger={
        <ActionTrigger destructive>
          <X aria-hidden="true" /> Cancel booking
        </ActionTrigger>
      }
      quote={quote.data}
      quoteLoading={quote.isLoading}
      quoteError={quote.error}
      onRetryQuote={() => void quote.mutate()}
      timeZone={order.vendor.timeZone}
      onConfirm={async () => {
        try {
          await apply(await api.orders.transition(order.id, { action: 'cancel' }));
          toast.success('Booking cancelled');
        } catch (error) {
          toast.error(errorMessage(error));
          void mutate();
          void quote.mutate();
          throw error;
        }
      }}
    />
  );
}

/**
 * "Reschedule" for the customer while the policy allows it (`rescheduleWindow`: a paid or
 * accepted booking until 24 h before it starts; the button goes away by itself at the cut-off):
 * the service's slot picker in a dialog, then `POST /orders/:id/reschedule`. A taken time is
 * refused by the API; its message shows in the dialog and the times are fetched again.
 */
export function RescheduleAction({
  order,
  mutate,
  now = Date.now,
}: OrderProps & {
  /** Clock (ms epoch); injectable for stories. */
  now?: () => number;
}) {
  const [open, setOpen] = React.useState(false);
  const [from, setFrom] = React.useState<string | undefined>(undefined);
  const [selected, setSelected] = React.useState<string | undefined>(undefined);
  const [submitting, setSubmitting] = React.useState(false);
  const [error, setError] = React.useState<string | null>(null);
  const slots = useSlots(open ? order.service.id : null, from);
  const apply = useApplyOrder(mutate);
  const window = rescheduleWindow(
    { status: order.status, startsAt: new Date(order.startsAt) },
    new Date(now()),
  );
  const closed = useReached(window.deadline.getTime() + 1, now);
  if (!window.allowed || closed) return null;

  const firstDay = slots.data?.days[0]?.date;
  const today = todayIn(order.vendor.timeZone, now());
  const reset = (next: boolean) => {
    setOpen(next);
    if (!next) {
      setSelected(undefined);
      setError(null);
      setFrom(undefined);
    }
  };
  return (
    <>
      <ActionTrigger onClick={() => reset(true)}>
        <CalendarClock aria-hidden="true" /> Reschedule
      </ActionTrigger>
      <RescheduleDialogView
        open={open}
        onOpenChange={reset}
        currentStartsAt={order.startsAt}
        businessName={order.vendor.businessName}
        timeZone={order.vendor.timeZone}
        slots={slots.data}
        slotsLoading={slots.isLoading}
        slotsError={slots.error}
        onRetrySlots={() => void slots.mutate()}
        selected={selected}
        onSelect={(startsAt) => {
          setSelected(startsAt);
          setError(null);
        }}
        canGoBack={Boolean(from)}
        onPrevWeek={() => {
          if (!firstDay) return;
          const prev = addDays(firstDay, -SLOT_DAYS);
          setFrom(prev <= today ? undefined : prev);
        }}
        onNextWeek={() => firstDay && setFrom(addDays(firstDay, SLOT_DAYS))}
        submitting={submitting}
        error={error}
        onConfirm={async () => {
          if (!selected) return;
          setSubmitting(true);
          try {
            await apply(await api.orders.reschedule(order.id, { startsAt: selected }));
            toast.success(`Booking moved. ${order.vendor.businessName} has been told.`);
            reset(false);
          } catch (e) {
            setError(errorMessage(e));
            if (isApiError(e) && e.code === 409) void slots.mutate();
          } finally {
            setSubmitting(false);
          }
        }}
      />
    </>
  );
}

/**
 * The pro's answer to a new time (`OrderDetail.reschedule`): "Confirm new time", or "Decline new
 * time" after a confirmation saying what happens (back to the previous time if still free, else
 * cancelled with a full refund).
 */
export function VendorRescheduleActions({ order, mutate }: OrderProps) {
  const apply = useApplyOrder(mutate);
  const [confirming, setConfirming] = React.useState(false);
  if (!order.reschedule) return null;
  const previous = formatDateTime(order.reschedule.previousStartsAt, order.vendor.timeZone);
  const report = (error: unknown) => {
    toast.error(errorMessage(error));
    void mutate();
  };
  return (
    <>
      <ConfirmDialog
        trigger={
          <ActionTrigger destructive>
            <CalendarX aria-hidden="true" /> Decline new time
          </ActionTrigger>
        }
        title="Decline the new time?"
        description={`The booking goes back to ${previous} if that time is still free. If it is not, the booking is cancelled and the customer gets a full refund.`}
        confirmLabel="Decline new time"
        cancelLabel="Keep it"
        destructive
        onConfirm={async () => {
          try {
            const next = await api.orders.declineReschedule(order.id);
            await apply(next);
            toast.success(
              next.status === 'cancelled'
                ? 'Booking cancelled with a full refund'
                : `Back to ${previous}`,
            );
          } catch (error) {
            report(error);
            throw error;
          }
        }}
      />
      <ActionTrigger
        variant="primary"
        loading={confirming}
        onClick={async () => {
          setConfirming(true);
          try {
            await apply(await api.orders.confirmReschedule(order.id));
            toast.success('New time confirmed');
          } catch (error) {
            report(error);
          } finally {
            setConfirming(false);
          }
        }}
      >
        <CalendarCheck aria-hidden="true" /> Confirm new time
      </ActionTrigger>
    </>
  );
}

/** Tip states that mean it was charged (or is being): no second tip is offered. */
const TIPPED = ['authorized', 'captured', 'succeeded', 'refund_pending', 'refunded'];

/**
 * "Add a tip" on a completed order the customer has not tipped yet: the amount (presets or any),
 * `POST /orders/:id/tip`, then the checkout's own card step (`PaymentForm`, sandbox or Stripe)
 * confirming the tip's payment. The "Tip sent" notice comes from the server once charged.
 */
export function TipAction({ order, mutate }: OrderProps) {
  const [open, setOpen] = React.useState(false);
  const [step, setStep] = React.useState<'amount' | 'pay'>('amount');
  const payment = useCardPayment({
    onPaid: () => {
      setOpen(false);
      setStep('amount');
      void mutate();
    },
  });
  if (order.status !== 'completed' || (order.tip && TIPPED.includes(order.tip.status))) {
    return null;
  }
  const tipPayment = payment.payment;
  return (
    <>
      <Button
        variant="secondary"
        onClick={() => {
          setStep('amount');
          setOpen(true);
        }}
      >
        <HandCoins aria-hidden="true" /> Add a tip
      </Button>
      <TipDialogView
        open={open}
        onOpenChange={(next) => !payment.paying && setOpen(next)}
        businessName={order.vendor.businessName}
        subtotal={order.subtotal}
        step={step}
        payment={tipPayment}
        onStart={async (amount) => {
          // The API's refusal (bounds, already tipped) shows under the amount.
          const started = await api.orders.tip(order.id, { amount });
          await payment.initializeWith(async () => started);
          setStep('pay');
        }}
        onBack={() => setStep('amount')}
        paymentStep={
          tipPayment ? (
            <PaymentForm
              payment={payment}
              amount={tipPayment.amount}
              onRetryInit={() => setStep('amount')}
              headingLevel={3}
            />
          ) : null
        }
      />
    </>
  );
}
