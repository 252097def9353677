import { zodResolver } from '@hookform/resolvers/zod';
import type { OrderDetail, OrderTransitionBody } from '@vetted/contract';
import { orderTransitionBodySchema } from '@vetted/contract';
import {
  Button,
  ConfirmDialog,
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  FormField,
  OtpInput,
} from '@vetted/ui';
import { Check, CircleCheckBig, CirclePlay, X } from 'lucide-react';
import * as React from 'react';
import { Controller, useForm } from 'react-hook-form';
import type { KeyedMutator } from 'swr';
import { useRevalidateOrders } from './use-orders';
import { useReached } from '../../lib/hooks/use-reached';
import { errorMessage } from '../../lib/errors';
import { formatDateTime } from '../../lib/format';
import { api } from '../../lib/vetted-api';
import { toast } from '../../lib/toast';
import {
  CancelBookingAction,
  RescheduleAction,
  TipAction,
  VendorRescheduleActions,
} from './order-changes';
import { ActionTrigger, HeaderActions, type HeaderActionsProps } from './header-actions';

type Action = OrderTransitionBody['action'];

/**
 * A vendor may start a job at most 30 minutes before its slot (; the API's orders
 * policy `START_WINDOW_MS` has the final word and refuses earlier starts with 409).
 */
export const START_WINDOW_MS = 30 * 60_000;

/** The earliest instant (ms epoch) the vendor may start the job of a slot at `startsAt`. */
export function startAvailableAt(startsAt: string): number {
  return Date.parse(startsAt) - START_WINDOW_MS;
}

/**
 * Whether the customer may try to cancel now, by the API's rules: an unpaid or paid order at
 * any time, an accepted one until its slot starts (`nowMs`, ms epoch). The API decides.
 */
export function customerMayCancel(order: Pick<OrderDetail, 'status' | 'startsAt'>, nowMs: number) {
  if (order.status === 'pending_payment' || order.status === 'paid') return true;
  return order.status === 'accepted' && nowMs < Date.parse(order.startsAt);
}

const DONE: Record<Action, string> = {
  accept: 'Booking accepted',
  decline: 'Booking declined',
  start: 'Job started',
  complete: 'Job marked complete',
  cancel: 'Booking cancelled',
};

/**
 * Runs a transition; the server decides whether it is allowed and says why not. On a refusal
 * the order is fetched again: the page may be stale (the other side acted), and must not keep
 * offering what is no longer possible.
 */
function useTransition(order: OrderDetail, mutate: KeyedMutator<OrderDetail>) {
  const revalidateOrders = useRevalidateOrders();
  return async (action: Action, extra: Omit<OrderTransitionBody, 'action'> = {}) => {
    try {
      const next = await api.orders.transition(order.id, { action, ...extra });
      await mutate(next, { revalidate: false });
      void revalidateOrders();
      toast.success(DONE[action]);
    } catch (error) {
      void mutate();
      // ConfirmDialog stays open on rejection so the person can retry or cancel.
      throw error;
    }
  };
}

/** Reports a refused transition in a toast, then rethrows (dialogs stay open on rejection). */
function reportingErrors(run: () => Promise<void>) {
  return async () => {
    try {
      await run();
    } catch (error) {
      toast.error(errorMessage(error));
      throw error;
    }
  };
}

/** A button that shows a spinner while its async action runs. */
function AsyncButton({
  onClick,
  children,
}: {
  onClick: () => Promise<void>;
  children: React.ReactNode;
}) {
  const [busy, setBusy] = React.useState(false);
  return (
    <Button
      loading={busy}
      onClick={async () => {
        setBusy(true);
        try {
          await onClick();
        } catch {
          // Already reported in a toast.
        } finally {
          setBusy(false);
        }
      }}
    >
      {children}
    </Button>
  );
}

/**
 * Customer actions: reschedule a paid or accepted booking until the cut-off, cancel an unpaid
 * or paid booking or an accepted one before its slot (`customerMayCancel`) after a confirmation
 * showing the API's refund quote, and tip a completed one (`order-changes.tsx`).
 */
export function CustomerOrderActions({
  order,
  mutate,
  message,
  primary,
  now = Date.now,
}: {
  order: OrderDetail;
  mutate: KeyedMutator<OrderDetail>;
  /** The "Message the pro" action (an {@link ActionTrigger}); a secondary action. */
  message?: React.ReactNode;
  /** The page's own main action (e.g. "Pay now"), shown as a button before "Add a tip". */
  primary?: React.ReactNode;
  /** Clock (ms epoch); injectable for stories. */
  now?: () => number;
}) {
  // Re-render when the slot starts: an accepted booking can no longer be cancelled then.
  const slotStarted = useReached(
    order.status === 'accepted' ? Date.parse(order.startsAt) : null,
    now,
  );
  const mayCancel = !slotStarted && customerMayCancel(order, now());
  const secondary: HeaderActionsProps['secondary'] = [
    ...(message ? [{ key: 'message', node: message }] : []),
    { key: 'reschedule', node: <RescheduleAction order={order} mutate={mutate} now={now} /> },
    ...(mayCancel
      ? [
          {
            key: 'cancel',
            node: <CancelBookingAction order={order} mutate={mutate} perspective="customer" />,
          },
        ]
      : []),
  ];
  // Laid out like the pro's: on phones the secondary actions fold into "More actions".
  return (
    <HeaderActions
      primary={
        <>
          {primary}
          <TipAction order={order} mutate={mutate} />
        </>
      }
      secondary={secondary}
    />
  );
}

/** The start form: the customer's 4-digit code, checked by the contract's schema. */
const startFormSchema = orderTransitionBodySchema.pick({ startCode: true }).required();
type StartForm = { startCode: string };

export interface StartJobActionProps {
  /** The order's slot start (ISO); the job may start `START_WINDOW_MS` before it. */
  startsAt: string;
  /** The vendor's IANA zone, in which the earliest start time is shown. */
  timeZone?: string;
  /** Sends the code; rejects with the API's error when it refuses (shown in the dialog). */
  onStart: (startCode: string) => Promise<void>;
  /** Clock (ms epoch); injectable for stories. */
  now?: () => number;
}

/**
 * "Start job": disabled, with the time it becomes available, until 30 minutes before the slot;
 * then a dialog asking for the customer's 4-digit start code. The API's refusal (wrong code, too
 * early, too many tries) is shown in the dialog, which stays open.
 */
export function StartJobAction({
  startsAt,
  timeZone,
  onStart,
  now = Date.now,
}: StartJobActionProps) {
  const availableAt = startAvailableAt(startsAt);
  const available = useReached(availableAt, now);
  const [open, setOpen] = React.useState(false);
  const form = useForm<StartForm>({
    resolver: zodResolver(startFormSchema),
    defaultValues: { startCode: '' },
  });
  const {
    control,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = form;

  const submit = handleSubmit(async ({ startCode }) => {
    try {
      await onStart(startCode);
      setOpen(false);
      reset();
    } catch (error) {
      // The API's own sentence says what to do (wrong code, too early, too many tries).
      setError('root.server', { type: 'server', message: errorMessage(error) });
    }
  });

  if (!available) {
    const hintId = 'start-job-available-at';
    return (
      <div className="flex flex-col items-start gap-1 sm:items-end">
        <Button disabled aria-describedby={hintId}>
          <CirclePlay aria-hidden="true" /> Start job
        </Button>
        <p id={hintId} className="text-xs text-muted">
          Available from{' '}
          <time dateTime={new Date(availableAt).toISOString()}>
            {formatDateTime(new Date(availableAt).toISOString(), timeZone, true)}
          </time>
        </p>
      </div>
    );
  }

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (isSubmitting) return;
        setOpen(next);
        if (!next) reset();
      }}
    >
      <Button onClick={() => setOpen(true)}>
        <CirclePlay aria-hidden="true" /> Start job
      </Button>
      <DialogContent className="sm:max-w-md">
        <DialogHeader>
          <DialogTitle>Start this job</DialogTitle>
          <DialogDescription>
            Ask the customer for the 4-digit start code shown on their booking page.
          </DialogDescription>
        </DialogHeader>
        <form className="flex flex-col gap-4" onSubmit={submit} noValidate>
          <Controller
            control={control}
            name="startCode"
            render={({ field }) => (
              <FormField label="Start code" error={errors.startCode?.message}>
                <OtpInput
                  length={4}
                  value={field.value}
                  onChange={(value) => {
                    field.onChange(value);
                    if (errors.root?.server) form.clearErrors('root.server');
                  }}
                  autoFocus
                  disabled={isSubmitting}
                  invalid={Boolean(errors.root?.server)}
                  aria-describedby={errors.root?.server ? 'start-job-error' : undefined}
                />
              </FormField>
            )}
          />
          {errors.root?.server ? (
            <p id="start-job-error" role="alert" className="text-sm text-danger">
              {errors.root.server.message}
            </p>
          ) : null}
          <DialogFooter>
            <DialogClose asChild>
              <Button type="button" variant="outline" disabled={isSubmitting}>
                Not now
              </Button>
            </DialogClose>
            <Button type="submit" loading={isSubmitting}>
              Start job
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

/**
 * Vendor actions per status: accept/decline a paid booking, start (with the code), complete;
 * the answer to a new time and cancelling an accepted booking. Laid out by
 * {@link HeaderActions}: the status's main action is a button, the others (with `message`, the
 * page's "Message the customer") go in a "More actions" menu on phones.
 */
export function VendorOrderActions({
  order,
  mutate,
  message,
  now = Date.now,
}: {
  order: OrderDetail;
  mutate: KeyedMutator<OrderDetail>;
  /** A secondary action the page adds first, e.g. its `MessageButton`. */
  message?: React.ReactNode;
  /** Clock (ms epoch); injectable for stories. */
  now?: () => number;
}) {
  const run = useTransition(order, mutate);
  const secondary: HeaderActionsProps['secondary'] = message
    ? [{ key: 'message', node: message }]
    : [];
  // Answer a new time the customer picked.
  const rescheduleAnswer =
    order.reschedule && (order.status === 'paid' || order.status === 'accepted')
      ? { key: 'reschedule', node: <VendorRescheduleActions order={order} mutate={mutate} /> }
      : null;
  if (order.status === 'paid') {
    return (
      <HeaderActions
        secondary={[
          ...secondary,
          ...(rescheduleAnswer ? [rescheduleAnswer] : []),
          {
            key: 'decline',
            node: (
              <ConfirmDialog
                trigger={
                  <ActionTrigger destructive>
                    <X aria-hidden="true" /> Decline
                  </ActionTrigger>
                }
                title="Decline this booking?"
                description={
                  order.payment?.status === 'authorized'
                    ? 'The hold on the customer’s card is released, so they are not charged, and the slot is freed.'
                    : 'A refund of the full amount is requested for the customer, and the slot is freed.'
                }
                confirmLabel="Decline booking"
                destructive
                onConfirm={reportingErrors(() => run('decline'))}
              />
            ),
          },
        ]}
        primary={
          <AsyncButton onClick={reportingErrors(() => run('accept'))}>
            <Check aria-hidden="true" /> Accept
          </AsyncButton>
        }
      />
    );
  }
  if (order.status === 'accepted') {
    // The customer always gets everything back when the pro cancels.
    const mayCancel = now() < Date.parse(order.startsAt);
    return (
      <HeaderActions
        secondary={[
          ...secondary,
          ...(rescheduleAnswer ? [rescheduleAnswer] : []),
          ...(mayCancel
            ? [
                {
                  key: 'cancel',
                  node: <CancelBookingAction order={order} mutate={mutate} perspective="vendor" />,
                },
              ]
            : []),
        ]}
        primary={
          <StartJobAction
            startsAt={order.startsAt}
            timeZone={order.vendor.timeZone}
            onStart={(startCode) => run('start', { startCode })}
            now={now}
          />
        }
      />
    );
  }
  if (order.status === 'in_progress') {
    return (
      <HeaderActions
        secondary={secondary}
        primary={
          <ConfirmDialog
            trigger={
              <Button>
                <CircleCheckBig aria-hidden="true" /> Mark complete
              </Button>
            }
            title="Mark this job complete?"
            description="The customer is notified and asked for a review."
            confirmLabel="Mark complete"
            onConfirm={reportingErrors(() => run('complete'))}
          />
        }
      />
    );
  }
  return message ? <HeaderActions secondary={secondary} /> : null;
}
