import * as React from 'react';
import type { OrderDetail, OrderTransitionBody } from '@vetted/contract';
import { Button, ConfirmDialog, toast } from '@vetted/ui';
import { Check, CirclePlay, CircleCheckBig, X } from 'lucide-react';
import type { KeyedMutator } from 'swr';
import { useRevalidateOrders } from '../../hooks/use-orders';
import { api } from '../../lib/vetted-api';
import { errorMessage } from '../../lib/errors';

type Action = OrderTransitionBody['action'];

const DONE: Record<Action, string> = {
  accept: 'Booking accepted',
  decline: 'Booking declined — the customer is refunded',
  start: 'Job started',
  complete: 'Job marked complete',
  cancel: 'Booking cancelled',
};

/** Runs a transition; the server decides whether it is allowed and says why not. */
function useTransition(order: OrderDetail, mutate: KeyedMutator<OrderDetail>) {
  const revalidateOrders = useRevalidateOrders();
  return async (action: Action) => {
    try {
      const next = await api.orders.transition(order.id, { action });
      await mutate(next, { revalidate: false });
      void revalidateOrders();
      toast.success(DONE[action]);
    } catch (error) {
      toast.error(errorMessage(error));
      // ConfirmDialog stays open on rejection so the person can retry or cancel.
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

/** Customer actions: cancel before the pro accepts (full refund). */
export function CustomerOrderActions({
  order,
  mutate,
}: {
  order: OrderDetail;
  mutate: KeyedMutator<OrderDetail>;
}) {
  const run = useTransition(order, mutate);
  if (order.status !== 'pending_payment' && order.status !== 'paid') return null;
  return (
    <ConfirmDialog
      trigger={
        <Button variant="outline">
          <X aria-hidden="true" /> Cancel booking
        </Button>
      }
      title="Cancel this booking?"
      description={
        order.status === 'paid'
          ? 'The pro has not accepted yet, so you get a full refund to your card.'
          : 'The time slot is released for other customers.'
      }
      confirmLabel="Cancel booking"
      cancelLabel="Keep booking"
      destructive
      onConfirm={() => run('cancel')}
    />
  );
}

/** Vendor actions per status: accept/decline a paid booking, start, complete. */
export function VendorOrderActions({
  order,
  mutate,
}: {
  order: OrderDetail;
  mutate: KeyedMutator<OrderDetail>;
}) {
  const run = useTransition(order, mutate);
  if (order.status === 'paid') {
    return (
      <>
        <ConfirmDialog
          trigger={
            <Button variant="outline">
              <X aria-hidden="true" /> Decline
            </Button>
          }
          title="Decline this booking?"
          description="The customer is refunded in full and the slot is released."
          confirmLabel="Decline booking"
          destructive
          onConfirm={() => run('decline')}
        />
        <AsyncButton onClick={() => run('accept')}>
          <Check aria-hidden="true" /> Accept
        </AsyncButton>
      </>
    );
  }
  if (order.status === 'accepted') {
    return (
      <AsyncButton onClick={() => run('start')}>
        <CirclePlay aria-hidden="true" /> Start job
      </AsyncButton>
    );
  }
  if (order.status === 'in_progress') {
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
        onConfirm={() => run('complete')}
      />
    );
  }
  return null;
}
