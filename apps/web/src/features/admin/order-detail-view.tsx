import { MESSAGES } from '@vetted/api-client';
import type {
  AdminOrderDetail,
  AdminPayment,
  AdminRefundBody,
  LedgerEntry,
  Payment,
  ProviderEventDto,
} from '@vetted/contract';
import { paymentWords } from '@vetted/contract';
import { buildLink, ROUTES } from '@vetted/session';
import {
  Breadcrumbs,
  Card,
  CardContent,
  CardHeader,
  OrderStatusBadge,
  Price,
  Skeleton,
  Table,
  TableBody,
  TableCaption,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '@vetted/ui';
import { CreditCard, FlaskConical } from 'lucide-react';
import type * as React from 'react';
import { ErrorState } from '../../components/error-state';
import { formatDateTime, formatDuration, formatLongDateTime } from '../../lib/format';
import { isPartlyRefunded, OrderTimelineCard } from '../orders';
import { AdminLink } from './admin-link';
import { RefundDialog } from './refund-dialog';

/** What the payment provider did, in words. */
const PROVIDER_EVENT_LABEL: Record<ProviderEventDto['type'], string> = {
  authorization: 'Card authorised',
  capture: 'Captured',
  void: 'Hold released',
  refund: 'Refunded',
  payout: 'Paid out',
};

/** Ledger posting kinds in words. */
const LEDGER_KIND_LABEL: Record<LedgerEntry['kind'], string> = {
  charge: 'Charge',
  platform_fee: 'Platform fee',
  vendor_payable: 'Pro’s share',
  refund: 'Refund',
  payout: 'Payout',
  tip: 'Tip',
};

/**
 * Whether an admin may try a refund of `payment`: captured (or the legacy one-step charge), and
 * not everything confirmed refunded yet. The API has the final word (refunds still pending
 * count as gone there: 409 "Nothing is left to refund").
 */
function canRefund(payment: Payment): boolean {
  const captured = ['captured', 'succeeded', 'refund_pending', 'refunded'].includes(payment.status);
  return captured && (payment.amountRefunded?.amount ?? 0) < payment.amount.amount;
}

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
  const crumbs = (
    <Breadcrumbs
      items={[
        { label: 'Orders', href: ROUTES.admin.orders },
        { label: detail?.order.reference ?? 'Order' },
      ]}
    />
  );
  if (error && !detail) {
    return (
      <div className="flex flex-col gap-6">
        {crumbs}
        <ErrorState title={MESSAGES.errorLoadingData} message={error.message} onRetry={onRetry} />
      </div>
    );
  }
  if (isLoading || !detail) {
    return (
      <div
        className="flex flex-col gap-6"
        role="status"
        aria-busy="true"
        aria-label="Loading order"
      >
        <Skeleton className="h-4 w-40" />
        <Skeleton className="h-9 w-72 max-w-full" />
        <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,1fr)_360px]">
          <Skeleton className="h-96 rounded-lg" />
          <Skeleton className="h-72 rounded-lg" />
        </div>
      </div>
    );
  }

  const { order, customer, vendor, payments } = detail;
  return (
    <div className="flex flex-col gap-6">
      {crumbs}
      <div className="flex flex-col gap-2">
        <div className="flex flex-wrap items-center gap-3">
          <h1 className="text-2xl font-bold tracking-tight break-words sm:text-3xl">
            {order.service.title}
          </h1>
          <OrderStatusBadge
            status={order.status}
            label={order.payment && isPartlyRefunded(order.payment) ? 'Partly refunded' : undefined}
          />
        </div>
        <p className="text-sm text-muted">
          Order <span className="font-mono">{order.reference}</span> · placed{' '}
          {formatDateTime(order.createdAt)}
        </p>
      </div>

      <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,1fr)_360px] lg:items-start">
        <div className="flex min-w-0 flex-col gap-6">
          <Card>
            <CardHeader>
              <h2 className="text-base leading-snug font-semibold">Parties</h2>
            </CardHeader>
            <CardContent>
              <dl className="grid gap-4 sm:grid-cols-2">
                <div className="flex min-w-0 flex-col gap-0.5">
                  <dt className="text-muted">Customer</dt>
                  <dd>
                    <AdminLink
                      href={buildLink(ROUTES.admin.userDetail, { params: { id: customer.id } })}
                    >
                      {customer.fullName}
                    </AdminLink>
                  </dd>
                  <dd className="break-all text-muted">{customer.email}</dd>
                </div>
                <div className="flex min-w-0 flex-col gap-0.5">
                  <dt className="text-muted">Pro</dt>
                  <dd>
                    <AdminLink
                      href={buildLink(ROUTES.admin.vendorDetail, { params: { id: vendor.id } })}
                    >
                      {vendor.businessName}
                    </AdminLink>
                  </dd>
                  <dd className="break-all text-muted">{vendor.ownerEmail}</dd>
                </div>
              </dl>
            </CardContent>
          </Card>

          <Card>
            <CardHeader>
              <h2 className="text-base leading-snug font-semibold">Booking</h2>
            </CardHeader>
            <CardContent>
              <dl className="grid gap-3">
                <Fact term="When">
                  {formatLongDateTime(order.startsAt, order.vendor.timeZone)} ·{' '}
                  {formatDuration(order.service.durationMinutes)}
                </Fact>
                <Fact term="Address">{order.address}</Fact>
                {order.notes ? <Fact term="Notes">{order.notes}</Fact> : null}
                <Fact term="Service">
                  <Price amount={order.subtotal.amount} currency={order.subtotal.currency} />
                </Fact>
                <Fact term="Booking fee">
                  <Price amount={order.fee.amount} currency={order.fee.currency} />
                </Fact>
                <Fact term="Total">
                  <Price amount={order.total.amount} currency={order.total.currency} />
                </Fact>
              </dl>
            </CardContent>
          </Card>

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
    </div>
  );
}

function Fact({ term, children }: { term: string; children: React.ReactNode }) {
  return (
    <div className="grid grid-cols-[7rem_minmax(0,1fr)] gap-2 text-sm">
      <dt className="text-muted">{term}</dt>
      <dd className="break-words">{children}</dd>
    </div>
  );
}

/** A signed amount (minor units): `+` for a debit, `−` for a credit. */
function Signed({ amount, currency }: { amount: number; currency: string }) {
  return (
    <span className="whitespace-nowrap tabular-nums">
      {amount > 0 ? '+' : ''}
      <Price amount={amount} currency={currency} className="font-normal" />
    </span>
  );
}

function PaymentCard({
  entry,
  isTip,
  vendorName,
  onRefund,
  refundOpen,
}: {
  entry: AdminPayment;
  isTip: boolean;
  /** The order's pro: an authorised card is "charged when <pro> accepts". */
  vendorName: string;
  onRefund: (body: AdminRefundBody) => Promise<void>;
  refundOpen: boolean;
}) {
  const { payment, providerEvents, ledger } = entry;
  const refunded = payment.amountRefunded?.amount ?? 0;
  const title = isTip ? 'Tip' : 'Payment';
  // The same words as the customer's and the pro's order pages (contract money words).
  const status = paymentWords({
    status: payment.status,
    amount: payment.amount.amount,
    amountRefunded: refunded,
    currency: payment.amount.currency,
    vendorName,
  });
  return (
    <Card>
      <CardHeader className="flex-row flex-wrap items-start justify-between gap-3">
        <div className="flex flex-col gap-1">
          <h3 className="text-base leading-snug font-semibold">
            {title} · {status}
          </h3>
          <p className="text-sm text-muted">
            <Price amount={payment.amount.amount} currency={payment.amount.currency} />{' '}
            {payment.provider === 'stripe' ? 'through Stripe' : 'through the sandbox provider'} ·
            started {formatDateTime(payment.createdAt)}
          </p>
        </div>
        {canRefund(payment) ? (
          <RefundDialog
            payment={payment}
            proShareLeft={entry.proShareLeft}
            onRefund={onRefund}
            defaultOpen={refundOpen}
          />
        ) : null}
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <dl className="grid gap-2">
          {refunded > 0 ? (
            <Fact term="Refunded">
              <Price amount={refunded} currency={payment.amount.currency} /> of{' '}
              <Price amount={payment.amount.amount} currency={payment.amount.currency} />
            </Fact>
          ) : null}
          {payment.cardLast4 ? (
            <Fact term="Card">
              <span className="inline-flex items-center gap-1">
                <CreditCard aria-hidden="true" className="size-4" /> •••• {payment.cardLast4}
              </span>
            </Fact>
          ) : null}
        </dl>
        {payment.status === 'refund_pending' ? (
          <p className="text-sm">
            A refund was requested from the provider. It shows as Refunded once they confirm it.
          </p>
        ) : null}
        {payment.failureMessage ? (
          <p className="text-sm text-danger">{payment.failureMessage}</p>
        ) : null}
        {payment.testMode ? (
          <p className="inline-flex items-center gap-1.5 text-xs text-warning">
            <FlaskConical aria-hidden="true" className="size-3.5" /> Test mode — no real money moved
          </p>
        ) : null}

        <div className="flex flex-col gap-2">
          <h4 className="text-sm font-semibold">Provider events</h4>
          {providerEvents.length === 0 ? (
            <p className="text-sm text-muted">The provider has not done anything yet.</p>
          ) : (
            <Table label={`${title}: provider events`}>
              <TableCaption className="sr-only">
                What the payment provider did with this {title.toLowerCase()}
              </TableCaption>
              <TableHeader>
                <TableRow>
                  <TableHead>Event</TableHead>
                  <TableHead className="text-right">Amount</TableHead>
                  <TableHead>When</TableHead>
                  <TableHead>Idempotency key</TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {providerEvents.map((event) => (
                  <TableRow key={`${event.type}-${event.at}-${event.idempotencyKey}`}>
                    <TableHead scope="row" className="whitespace-nowrap">
                      {PROVIDER_EVENT_LABEL[event.type]}
                    </TableHead>
                    <TableCell className="text-right">
                      <Price
                        amount={event.amount}
                        currency={payment.amount.currency}
                        className="font-normal"
                      />
                    </TableCell>
                    <TableCell className="whitespace-nowrap">
                      <time dateTime={event.at}>{formatDateTime(event.at)}</time>
                    </TableCell>
                    <TableCell className="font-mono text-xs break-all">
                      {event.idempotencyKey ?? <span className="text-muted">None</span>}
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          )}
        </div>

        <div className="flex flex-col gap-2">
          <h4 className="text-sm font-semibold">Ledger postings</h4>
          {ledger.length === 0 ? (
            <p className="text-sm text-muted">No postings yet.</p>
          ) : (
            <Table label={`${title}: ledger postings`}>
              <TableCaption className="text-left text-xs">
                Debits are +, credits are −; the postings of one movement add up to zero.
              </TableCaption>
              <TableHeader>
                <TableRow>
                  <TableHead>Account</TableHead>
                  <TableHead>Kind</TableHead>
                  <TableHead className="text-right">Amount</TableHead>
                  <TableHead>When</TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {ledger.map((posting) => (
                  <TableRow key={posting.id}>
                    <TableHead scope="row" className="font-mono text-xs font-normal">
                      {posting.account}
                    </TableHead>
                    <TableCell>{LEDGER_KIND_LABEL[posting.kind]}</TableCell>
                    <TableCell className="text-right">
                      <Signed amount={posting.amount} currency={posting.currency} />
                    </TableCell>
                    <TableCell className="whitespace-nowrap">
                      <time dateTime={posting.createdAt}>{formatDateTime(posting.createdAt)}</time>
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          )}
        </div>
      </CardContent>
    </Card>
  );
}
