import type { AdminRefundBody, Payment } from '@vetted/contract';
import { Container } from '@vetted/ui';
import { useParams } from 'wouter';
import { useAdminOrder, useRefund } from './use-admin-orders';
import { usePageTitle } from '../../lib/hooks/use-page-title';
import { toast } from '../../lib/toast';
import { AdminOrderDetailView } from './order-detail-view';

/**
 * `/admin/orders/:id`: one order with its payments, provider events, ledger postings
 * and refunds; see `AdminOrderDetailView`. A refund revalidates the order and is confirmed by a
 * toast that says who pays it and that it is pending until the provider confirms; a failed one
 * stays in its dialog.
 */
export function AdminOrderDetailPage() {
  const { id } = useParams<{ id: string }>();
  const detail = useAdminOrder(id);
  const refund = useRefund(id);
  usePageTitle(detail.data ? `Order ${detail.data.order.reference}` : undefined);
  return (
    <Container>
      <AdminOrderDetailView
        detail={detail.data}
        isLoading={detail.isLoading}
        error={detail.error}
        onRetry={() => detail.mutate()}
        onRefund={async (payment: Payment, body: AdminRefundBody) => {
          await refund(payment.id, body);
          toast.success(
            body.bearer === 'vendor'
              ? 'Refund requested, recovered from the pro'
              : 'Refund requested, Vetted pays',
            {
              description:
                body.bearer === 'vendor'
                  ? 'It shows as Refunded once the payment provider confirms it; then the pro is told the amount and your reason.'
                  : 'It shows as Refunded once the payment provider confirms it. The pro keeps their share.',
            },
          );
        }}
      />
    </Container>
  );
}
