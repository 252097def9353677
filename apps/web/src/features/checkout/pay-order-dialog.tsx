import type { OrderDetail } from '@vetted/contract';
import {
  Button,
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@vetted/ui';
import { CreditCard } from 'lucide-react';
import * as React from 'react';
import type { KeyedMutator } from 'swr';
import { useRevalidateOrders } from '../orders';
import { useCardPayment } from './payment';
import { PaymentForm } from './payment-form';

/**
 * "Pay now" for an order left awaiting payment (e.g. the checkout tab was closed, or an accepted
 * quote's order: `autoOpen` opens the payment at once).
 */
export function PayOrderDialog({
  order,
  mutate,
  autoOpen = false,
}: {
  order: OrderDetail;
  mutate: KeyedMutator<OrderDetail>;
  /** Opens the dialog (and starts the payment) when the page shows, while payment is due. */
  autoOpen?: boolean;
}) {
  const [open, setOpen] = React.useState(false);
  const revalidateOrders = useRevalidateOrders();
  const payment = useCardPayment({
    onPaid: () => {
      setOpen(false);
      void mutate();
      void revalidateOrders();
    },
  });
  const due = order.status === 'pending_payment';
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per order, when it is due
  React.useEffect(() => {
    if (!autoOpen || !due) return;
    setOpen(true);
    void payment.initialize(order);
  }, [autoOpen, due, order.id]);
  if (!due) return null;
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (next) void payment.initialize(order);
      }}
    >
      <Button
        onClick={() => {
          setOpen(true);
          void payment.initialize(order);
        }}
      >
        <CreditCard aria-hidden="true" /> Pay now
      </Button>
      <DialogContent className="max-h-[90dvh] overflow-y-auto sm:max-w-lg">
        <DialogHeader>
          <DialogTitle>Pay for {order.service.title}</DialogTitle>
          <DialogDescription>Your booking is held once payment goes through.</DialogDescription>
        </DialogHeader>
        <PaymentForm
          payment={payment}
          amount={order.total}
          onRetryInit={() => payment.initialize(order)}
          headingLevel={3}
        />
      </DialogContent>
    </Dialog>
  );
}
