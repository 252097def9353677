import type { OrderDetail } from '@vetted/contract';
import { Button, ConfirmDialog } from '@vetted/ui';
import { Check, CircleCheckBig, X } from 'lucide-react';
import * as React from 'react';
import type { KeyedMutator } from 'swr';
import { useReached } from '../../lib/hooks/use-reached';
import { AddToCalendarAction } from './add-to-calendar';
import { isLiveBooking } from './calendar-links';
import { ActionTrigger, HeaderActions, type HeaderActionsProps } from './header-actions';
import {
  CancelBookingAction,
  RescheduleAction,
  TipAction,
  VendorRescheduleActions,
} from './order-changes';
import { MarkNoShowAction, ReportNoShowAction } from './no-show-actions';
import { OnMyWayAction } from './on-my-way-action';
import { StartJobAction } from './start-job-action';
import { reportingErrors, useOrderTransition } from './use-order-transition';

/**
 * Whether the customer may try to cancel now, by the API's rules: an unpaid or paid order at
 * any time, an accepted one until its slot starts (`nowMs`, ms epoch). The API decides.
 */
export function customerMayCancel(order: Pick<OrderDetail, 'status' | 'startsAt'>, nowMs: number) {
  if (order.status === 'pending_payment' || order.status === 'paid') return true;
  return order.status === 'accepted' && nowMs < Date.parse(order.startsAt);
}

/** "Add to calendar" as a secondary action, for a live booking only (see `isLiveBooking`). */
function calendarAction(
  order: OrderDetail,
  perspective: 'customer' | 'vendor',
): HeaderActionsProps['secondary'] {
  if (!isLiveBooking(order.status)) return [];
  return [
    { key: 'calendar', node: <AddToCalendarAction order={order} perspective={perspective} /> },
  ];
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
 * showing the API's refund quote, and tip a completed one (`order-changes.tsx`); "Add to
 * calendar" while the booking is live.
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
    ...calendarAction(order, 'customer'),
    { key: 'reschedule', node: <RescheduleAction order={order} mutate={mutate} now={now} /> },
    ...(mayCancel
      ? [
          {
            key: 'cancel',
            node: <CancelBookingAction order={order} mutate={mutate} perspective="customer" />,
          },
        ]
      : []),
    // From 15 minutes after the start (renders nothing before).
    { key: 'no-show', node: <ReportNoShowAction order={order} mutate={mutate} now={now} /> },
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

/**
 * The pro's "Decline" of a paid booking, after a confirmation saying what happens to the
 * customer's money (a released hold, or a full refund). `onDecline` rejects on a refusal.
 */
function DeclineBookingAction({
  order,
  onDecline,
}: {
  order: OrderDetail;
  onDecline: () => Promise<void>;
}) {
  return (
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
      onConfirm={reportingErrors(onDecline)}
    />
  );
}

/** The pro's "Mark complete" of a job in progress, after a confirmation. */
function CompleteJobAction({ onComplete }: { onComplete: () => Promise<void> }) {
  return (
    <ConfirmDialog
      trigger={
        <Button>
          <CircleCheckBig aria-hidden="true" /> Mark complete
        </Button>
      }
      title="Mark this job complete?"
      description="The customer is notified and asked for a review."
      confirmLabel="Mark complete"
      onConfirm={reportingErrors(onComplete)}
    />
  );
}

/**
 * Vendor actions per status: accept/decline a paid booking, start (with the code), complete;
 * the answer to a new time, cancelling an accepted booking and "Add to calendar" while the
 * booking is live. Laid out by
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
  const run = useOrderTransition(order, mutate);
  const secondary: HeaderActionsProps['secondary'] = [
    ...(message ? [{ key: 'message', node: message }] : []),
    ...calendarAction(order, 'vendor'),
  ];
  // Answer a new time the customer picked.
  if (order.reschedule && (order.status === 'paid' || order.status === 'accepted')) {
    const node = <VendorRescheduleActions order={order} mutate={mutate} />;
    secondary.push({ key: 'reschedule', node });
  }
  if (order.status === 'paid') {
    const decline = <DeclineBookingAction order={order} onDecline={() => run('decline')} />;
    return (
      <HeaderActions
        secondary={[...secondary, { key: 'decline', node: decline }]}
        primary={
          <AsyncButton onClick={reportingErrors(() => run('accept'))}>
            <Check aria-hidden="true" /> Accept
          </AsyncButton>
        }
      />
    );
  }
  if (order.status === 'accepted') {
    // On the job's day: tell the customer when they will arrive (renders nothing outside it).
    const onMyWay = <OnMyWayAction order={order} mutate={mutate} now={now} />;
    secondary.push({ key: 'on-my-way', node: onMyWay });
    // "Customer not there", from 15 minutes after the start (renders nothing before).
    const noShow = <MarkNoShowAction order={order} mutate={mutate} now={now} />;
    secondary.push({ key: 'no-show', node: noShow });
    // The customer always gets everything back when the pro cancels.
    if (now() < Date.parse(order.startsAt)) {
      const node = <CancelBookingAction order={order} mutate={mutate} perspective="vendor" />;
      secondary.push({ key: 'cancel', node });
    }
    return (
      <HeaderActions
        secondary={secondary}
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
        primary={<CompleteJobAction onComplete={() => run('complete')} />}
      />
    );
  }
  return message ? <HeaderActions secondary={secondary} /> : null;
}
