import type { ChangeOrder, OrderDetail } from '@vetted/contract';
import { Button, ConfirmDialog } from '@vetted/ui';
import { Check, Plus } from 'lucide-react';
import * as React from 'react';
import type { KeyedMutator } from 'swr';
import { errorMessage } from '../../lib/errors';
import { toast } from '../../lib/toast';
import { api } from '../../lib/vetted-api';
import { PaymentForm, useCardPayment } from '../checkout';
import { ProposeExtraDialogView } from './change-order-propose-dialog';
import {
  ApproveExtraDialogView,
  CustomerChangeOrders,
  VendorChangeOrdersCard,
} from './change-order-views';
import { moneyText } from './quote-words';

/*
 * Containers of extras (change orders) on both order pages: they call `api.quotes.*` and
 * refetch the order (`mutate`) once the API answered. The API decides who may do what; these
 * offer only what the order says (`canProposeChangeOrder`, an extra's `status`).
 */

interface OrderProps {
  order: OrderDetail;
  /** Refetches (or replaces) the order page's order. */
  mutate: KeyedMutator<OrderDetail>;
}

/**
 * The pro's extras: the list with statuses and, while the order is accepted or in progress
 * (`canProposeChangeOrder`), "Add an extra" → `POST /orders/:id/change-orders` (multipart with
 * the photos). A refusal shows in the dialog, which stays open.
 */
export function VendorChangeOrdersSection({ order, mutate }: OrderProps) {
  const [open, setOpen] = React.useState(false);
  const canAdd = order.canProposeChangeOrder === true;
  return (
    <>
      <VendorChangeOrdersCard
        changeOrders={order.changeOrders ?? []}
        addAction={
          canAdd ? (
            <Button size="sm" variant="outline" onClick={() => setOpen(true)}>
              <Plus aria-hidden="true" /> Add an extra
            </Button>
          ) : undefined
        }
      />
      {canAdd ? (
        <ProposeExtraDialogView
          open={open}
          onOpenChange={setOpen}
          currency={order.subtotal.currency}
          customerName={order.customer.fullName}
          onSubmit={async (body, photos) => {
            await api.quotes.proposeChange(order.id, body, photos);
            setOpen(false);
            toast.success(`Extra sent to ${order.customer.fullName} for approval`);
            await mutate();
          }}
        />
      ) : null}
    </>
  );
}

/**
 * The customer's extras: each one awaiting them with "Approve and authorise $Z" —
 * `POST …/approve` answers a payment, confirmed with the checkout's own card step
 * (`PaymentForm`, sandbox or Stripe), like a tip — and "Decline" (confirmed; nothing charged).
 * The extra reads "Approved" once the server has the card's authorisation.
 */
export function CustomerChangeOrdersSection({ order, mutate }: OrderProps) {
  const [approving, setApproving] = React.useState<ChangeOrder | null>(null);
  const payment = useCardPayment({
    onPaid: () => {
      setApproving(null);
      void mutate();
    },
  });
  const approve = async (extra: ChangeOrder) => {
    setApproving(extra);
    await payment.initializeWith(() => api.quotes.approveChange(order.id, extra.id));
  };
  const decline = async (extra: ChangeOrder) => {
    try {
      await api.quotes.declineChange(order.id, extra.id);
      await mutate();
    } catch (error) {
      toast.error('Could not decline the extra', { description: errorMessage(error) });
      throw error;
    }
  };
  return (
    <>
      <CustomerChangeOrders
        changeOrders={order.changeOrders ?? []}
        businessName={order.vendor.businessName}
        actions={(extra) => (
          <>
            <Button onClick={() => void approve(extra)}>
              <Check aria-hidden="true" /> Approve and authorise {moneyText(extra.total)}
            </Button>
            <ConfirmDialog
              trigger={<Button variant="outline">Decline</Button>}
              title="Decline this extra?"
              description={`Nothing is charged, and ${order.vendor.businessName} is told. The booking itself stays as it is.`}
              confirmLabel="Decline extra"
              cancelLabel="Back"
              destructive
              onConfirm={() => decline(extra)}
            />
          </>
        )}
      />
      {approving ? (
        <ApproveExtraDialogView
          open
          onOpenChange={(next) => {
            if (!next && !payment.paying) setApproving(null);
          }}
          extra={approving}
          paymentStep={
            <PaymentForm
              payment={payment}
              amount={approving.total}
              onRetryInit={() => void approve(approving)}
              headingLevel={3}
            />
          }
        />
      ) : null}
    </>
  );
}
