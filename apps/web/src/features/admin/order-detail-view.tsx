import type { AdminOrderDetail, AdminRefundBody, Payment } from '@vetted/contract';
import { buildLink, ROUTES } from '@vetted/session';
import { Card, OrderStatusBadge, Price } from '@vetted/ui';
import { formatDateTime, formatDuration, formatLongDateTime } from '../../lib/format';
import { isPartlyRefunded, OrderTimelineCard } from '../orders';
import { AdminLink } from './admin-link';
import { AdminDetailPage, DetailTitle, Fact, SectionCard, SplitSkeleton } from './detail-parts';
import { PaymentCard } from './payment-card';

export interface AdminOrderDetailViewProps {
  detail?: AdminOrderDetail;
  isLoading?: boolean;
  error?: Error | null;
  onRetry?: () => void;
  /**
   * Refunds `payment` (`amount` in minor units, none = all that is left). Resolve once the API
   * answered; a rejection keeps the dialog open with the error.
   */
  onRefund: (payment: Payment, body: AdminRefundBody) => Promise<void>;
  /** Opens the refund dialog of this payment on first render (stories). */
  openRefundFor?: string;
}

/**
 * `/admin/orders/:id`: the order's parties, booking, timeline, and each payment with
 * what the provider did (events) and the ledger postings it made (signed amounts: debit +,
 * credit −), with "Refund". A refund shows "Refund pending" until the provider confirms it —
 * never "Refunded" before.
 */
export function AdminOrderDetailView({
  detail,
  isLoading,
  error,
  onRetry,
  onRefund,
  openRefundFor,
}: AdminOrderDetailViewProps) {
  return (
    <AdminDetailPage
      crumbs={[
        { label: 'Orders', href: ROUTES.admin.orders },
        { label: detail?.order.reference ?? 'Order' },
      ]}
      data={detail}
      isLoading={isLoading}
      error={error}
      onRetry={onRetry}
      loadingLabel="Loading order"
      skeleton={<SplitSkeleton main="h-96" side="h-72" />}
    >
      {({ order, customer, vendor, payments }) => (
        <>
          <div className="flex flex-col gap-2">
            <DetailTitle
              title={order.service.title}
              badge={
                <OrderStatusBadge
                  status={order.status}
                  label={
                    order.payment && isPartlyRefunded(order.payment) ? 'Partly refunded' : undefined
                  }
                />
              }
            />
            <p className="text-sm text-muted">
              Order <span className="font-mono">{order.reference}</span> · placed{' '}
              {formatDateTime(order.createdAt)}
            </p>
          </div>

          <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,1fr)_360px] lg:items-start">
            <div className="flex min-w-0 flex-col gap-6">
              <SectionCard title="Parties">
                <dl className="grid gap-4 sm:grid-cols-2">
                  <Party
                    term="Customer"
                    href={buildLink(ROUTES.admin.userDetail, { params: { id: customer.id } })}
                    name={customer.fullName}
                    email={customer.email}
                  />
                  <Party
                    term="Pro"
                    href={buildLink(ROUTES.admin.vendorDetail, { params: { id: vendor.id } })}
                    name={vendor.businessName}
                    email={vendor.ownerEmail}
                  />
                </dl>
              </SectionCard>
              <BookingCard order={order} />

              <section aria-labelledby="order-payments" className="flex flex-col gap-4">
                <h2 id="order-payments" className="text-lg font-semibold">
                  Payments
                </h2>
                {payments.length === 0 ? (
                  <Card>
                    <p className="text-sm text-muted">No payment yet: the customer has not paid.</p>
                  </Card>
                ) : (
                  payments.map((entry) => (
                    <PaymentCard
                      key={entry.payment.id}
                      entry={entry}
                      isTip={order.tip?.id === entry.payment.id}
                      vendorName={order.vendor.businessName}
                      onRefund={(body) => onRefund(entry.payment, body)}
                      refundOpen={openRefundFor === entry.payment.id}
                    />
                  ))
                )}
              </section>
            </div>

            <OrderTimelineCard events={order.events} />
          </div>
        </>
      )}
    </AdminDetailPage>
  );
}

/** One party of the order: their console page (linked by name) and their email. */
function Party({
  term,
  href,
  name,
  email,
}: {
  term: string;
  href: string;
  name: string;
  email: string;
}) {
  return (
    <div className="flex min-w-0 flex-col gap-0.5">
      <dt className="text-muted">{term}</dt>
      <dd>
        <AdminLink href={href}>{name}</AdminLink>
      </dd>
      <dd className="break-all text-muted">{email}</dd>
    </div>
  );
}

/** When and where the job is, the customer's notes, and what the order costs. */
function BookingCard({ order }: { order: AdminOrderDetail['order'] }) {
  return (
    <SectionCard title="Booking">
      <dl className="grid gap-3">
        <Fact term="When" className="text-sm">
          {formatLongDateTime(order.startsAt, order.vendor.timeZone)} ·{' '}
          {formatDuration(order.service.durationMinutes)}
        </Fact>
        <Fact term="Address" className="text-sm">
          {order.address}
        </Fact>
        {order.notes ? (
          <Fact term="Notes" className="text-sm">
            {order.notes}
          </Fact>
        ) : null}
        <Fact term="Service" className="text-sm">
          <Price amount={order.subtotal.amount} currency={order.subtotal.currency} />
        </Fact>
        <Fact term="Booking fee" className="text-sm">
          <Price amount={order.fee.amount} currency={order.fee.currency} />
        </Fact>
        <Fact term="Total" className="text-sm">
          <Price amount={order.total.amount} currency={order.total.currency} />
        </Fact>
      </dl>
    </SectionCard>
  );
}
