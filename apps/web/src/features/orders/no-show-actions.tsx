import { formatMoneyWords, noShowFee, noShowOpensAt, type OrderDetail } from '@vetted/contract';
import { ConfirmDialog } from '@vetted/ui';
import { UserX } from 'lucide-react';
import type { KeyedMutator } from 'swr';
import { useReached } from '../../lib/hooks/use-reached';
import { toast } from '../../lib/toast';
import { api } from '../../lib/vetted-api';
import { ActionTrigger } from './header-actions';
import { useApplyOrder } from './use-apply-order';
import { reportingErrors } from './use-order-transition';

/**
 * Whether a no-show may be recorded on `order` now, by the published rule: an accepted booking
 * with nothing recorded yet, from `NO_SHOW_POLICY.graceMs` (15 min) after its start. Computed
 * in the browser from the contract's `noShowOpensAt` so the action appears by itself on an open
 * page (the API's `canMarkNoShow` / `canReportNoShow` say the same at read time); the API has
 * the last word and its refusal shows in a toast.
 */
function useNoShowOpen(order: OrderDetail, now: () => number): boolean {
  const live = order.status === 'accepted' && !order.noShow;
  const opensAt = live ? noShowOpensAt(new Date(order.startsAt)).getTime() : null;
  return useReached(opensAt, now) && live;
}

interface NoShowActionProps {
  order: OrderDetail;
  mutate: KeyedMutator<OrderDetail>;
  /** Clock (ms epoch); injectable for stories. */
  now?: () => number;
}

/**
 * The pro's "Customer not there" (secondary action of an accepted order, from 15 minutes after
 * its start): a confirmation stating the no-show fee the customer is charged (the contract's
 * `noShowFee` of the service price), then `POST /orders/:id/no-show`.
 */
export function MarkNoShowAction({ order, mutate, now = Date.now }: NoShowActionProps) {
  const apply = useApplyOrder(mutate);
  if (!useNoShowOpen(order, now)) return null;
  const fee = formatMoneyWords(noShowFee(order.subtotal.amount), order.subtotal.currency);
  return (
    <ConfirmDialog
      trigger={
        <ActionTrigger destructive>
          <UserX aria-hidden="true" /> Customer not there
        </ActionTrigger>
      }
      title="Mark the customer as not there?"
      description={`The customer is charged a no-show fee of ${fee} (half the service price), which is paid to you; the rest of their payment is refunded and the booking is closed. They can dispute the fee with Vetted support within 48 hours.`}
      confirmLabel="Mark as a no-show"
      cancelLabel="Keep waiting"
      destructive
      onConfirm={reportingErrors(async () => {
        await apply(await api.orders.markNoShow(order.id));
        toast.success(`No-show recorded: the customer was charged ${fee}`);
      })}
    />
  );
}

/**
 * The customer's "Pro didn't come" (from 15 minutes after the start of an accepted booking): a
 * confirmation stating the full refund, then `POST /orders/:id/report-no-show`.
 */
export function ReportNoShowAction({ order, mutate, now = Date.now }: NoShowActionProps) {
  const apply = useApplyOrder(mutate);
  if (!useNoShowOpen(order, now)) return null;
  const total = formatMoneyWords(order.total.amount, order.total.currency);
  return (
    <ConfirmDialog
      trigger={
        <ActionTrigger destructive>
          <UserX aria-hidden="true" /> Pro didn't come
        </ActionTrigger>
      }
      title={`Report that ${order.vendor.businessName} didn't come?`}
      description={`Your booking is cancelled and you get everything back: a full refund of ${total}, booking fee included. It is recorded on the pro's reliability record.`}
      confirmLabel="Report and get a refund"
      cancelLabel="Keep waiting"
      destructive
      onConfirm={reportingErrors(async () => {
        await apply(await api.orders.reportNoShow(order.id));
        toast.success(`Reported. Full refund of ${total} on its way`);
      })}
    />
  );
}
