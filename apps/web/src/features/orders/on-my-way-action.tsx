import type { OrderDetail } from '@vetted/contract';
import { Truck } from 'lucide-react';
import type { KeyedMutator } from 'swr';
import { useReached } from '../../lib/hooks/use-reached';
import { toast } from '../../lib/toast';
import { api } from '../../lib/vetted-api';
import { ActionTrigger } from './header-actions';
import { OnMyWayDialog } from './on-my-way-dialog';
import { onMyWayWindow } from './on-my-way-window';
import { useApplyOrder } from './use-apply-order';

/**
 * The pro's "On my way" on an accepted order's page, from 3 hours before the start until its
 * end (`onMyWayWindow`; it appears and goes by itself on an open page): the ETA dialog, then
 * `POST /orders/:id/on-my-way`. The answer replaces the cached order; a refusal shows in the
 * dialog, and the order is read again (the page may be stale).
 */
export function OnMyWayAction({
  order,
  mutate,
  now = Date.now,
}: {
  order: OrderDetail;
  mutate: KeyedMutator<OrderDetail>;
  /** Clock (ms epoch); injectable for stories. */
  now?: () => number;
}) {
  const apply = useApplyOrder(mutate);
  const span = onMyWayWindow(order);
  const opened = useReached(span?.opensAt ?? null, now);
  const closed = useReached(span?.closesAt ?? null, now);
  if (!span || !opened || closed) return null;
  const firstName = order.customer.fullName.split(/\s+/)[0] || 'The customer';
  return (
    <OnMyWayDialog
      customerName={firstName}
      trigger={
        <ActionTrigger>
          <Truck aria-hidden="true" /> On my way
        </ActionTrigger>
      }
      onSubmit={async (etaMinutes) => {
        try {
          await apply(await api.orders.onMyWay(order.id, { etaMinutes }));
          toast.success(`${firstName} knows you're on the way`);
        } catch (error) {
          void mutate();
          throw error;
        }
      }}
    />
  );
}
