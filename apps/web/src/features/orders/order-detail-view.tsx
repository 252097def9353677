import { MESSAGES } from '@vetted/api-client';
import type { OrderDetail, PaymentStatus } from '@vetted/contract';
import { paymentWords } from '@vetted/contract';
import {
  Avatar,
  Breadcrumbs,
  Card,
  CardContent,
  CardHeader,
  ORDER_STATUS,
  OrderStatusBadge,
  Price,
  Skeleton,
} from '@vetted/ui';
import {
  CalendarClock,
  CreditCard,
  FlaskConical,
  KeyRound,
  MapPin,
  StickyNote,
  UserRound,
  Wrench,
} from 'lucide-react';
import type * as React from 'react';
import { ErrorState } from '../../components/error-state';
import { formatDateTime, formatDuration, formatLongDateTime } from '../../lib/format';
import { RescheduleNotice, TipLine } from './order-changes-view';
import { OrderReview } from '../reviews';
import { VendorEarningsCard } from '../vendor-area';

export interface OrderDetailViewProps {
  order?: OrderDetail;
  isLoading?: boolean;
  error?: Error | null;
  onRetry?: () => void;
  perspective: 'customer' | 'vendor';
  /** Buttons for the transitions this person may try (the server has the final word). */
  actions?: React.ReactNode;
  backHref: string;
  backLabel: string;
  /** The vendor's IANA zone: the booking time is shown in it (as at checkout). */
  timeZone?: string;
}

/** A refund went through for part of the charge only (a late cancellation). */
export function isPartlyRefunded(payment: NonNullable<OrderDetail['payment']>): boolean {
  const refunded = payment.amountRefunded?.amount ?? 0;
  return payment.status === 'refunded' && refunded > 0 && refunded < payment.amount.amount;
}

/** One line under the payment status where the label alone could mislead. */
function paymentNote(status: PaymentStatus, perspective: 'customer' | 'vendor'): string | null {
  switch (status) {
    case 'authorized':
      return perspective === 'customer'
        ? 'Your card is held for this amount, not charged yet: it is charged when the pro accepts.'
        : 'The card is held, not charged yet: it is charged when you accept.';
    case 'voided':
      return 'The hold on the card was released.';
    case 'refund_pending':
      return 'The refund was requested; it shows as Refunded once the card provider confirms it.';
    default:
      return null;
  }
}

/** One order: status, when/where, price breakdown, payment and the timeline of events. */
export function OrderDetailView({
  order,
  isLoading,
  error,
  onRetry,
  perspective,
  actions,
  backHref,
  backLabel,
  timeZone,
}: OrderDetailViewProps) {
  if (error && !order) {
    return (
      <ErrorState
        title={MESSAGES.errorLoadingData}
        message={error.message}
        error={error}
        onRetry={onRetry}
      />
    );
  }
  if (isLoading || !order) {
    return (
      <div
        className="flex flex-col gap-6"
        role="status"
        aria-busy="true"
        aria-label="Loading order"
      >
        <Skeleton className="h-8 w-64" />
        <div className="grid grid-cols-1 gap-6 lg:grid-cols-[1fr_360px]">
          <Skeleton className="h-72 rounded-lg" />
          <Skeleton className="h-72 rounded-lg" />
        </div>
      </div>
    );
  }
  return (
    <div className="flex flex-col gap-6">
      <Breadcrumbs items={[{ label: backLabel, href: backHref }, { label: order.reference }]} />
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="flex flex-col gap-2">
          <div className="flex flex-wrap items-center gap-3">
            <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{order.service.title}</h1>
            <OrderStatusBadge
              status={order.status}
              label={
                order.payment && isPartlyRefunded(order.payment) ? 'Partly refunded' : undefined
              }
            />
          </div>
          <p className="text-sm text-muted">
            Order <span className="font-mono">{order.reference}</span> · placed{' '}
            {formatDateTime(order.createdAt)}
          </p>
        </div>
        {actions ? <div className="flex flex-wrap gap-2">{actions}</div> : null}
      </div>

      {perspective === 'customer' && order.startCode ? (
        <StartCodePanel code={order.startCode} />
      ) : null}

      {/* A new time the pro has not answered yet. */}
      {order.reschedule ? (
        <RescheduleNotice
          reschedule={order.reschedule}
          startsAt={order.startsAt}
          perspective={perspective}
          businessName={order.vendor.businessName}
          customerName={order.customer.fullName}
          timeZone={timeZone}
        />
      ) : null}

      <OrderReview order={order} perspective={perspective} />

      <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,1fr)_360px] lg:items-start">
        <div className="flex flex-col gap-6">
          <Card>
            <CardHeader>
              <h2 className="text-base leading-snug font-semibold">Booking</h2>
            </CardHeader>
            <CardContent>
              <dl className="grid gap-4 text-sm sm:grid-cols-2">
                <div>
                  <dt className="flex items-center gap-2 text-muted">
                    <CalendarClock aria-hidden="true" className="size-4 shrink-0" />
                    When
                  </dt>
                  <dd className="pl-6 font-medium">
                    {formatLongDateTime(order.startsAt, timeZone)}
                  </dd>
                  <dd className="pl-6 text-muted">
                    {formatDuration(order.service.durationMinutes)}
                  </dd>
                </div>
                <div>
                  <dt className="flex items-center gap-2 text-muted">
                    {perspective === 'customer' ? (
                      <Wrench aria-hidden="true" className="size-4 shrink-0" />
                    ) : (
                      <UserRound aria-hidden="true" className="size-4 shrink-0" />
                    )}
                    {perspective === 'customer' ? 'Pro' : 'Customer'}
                  </dt>
                  {/* The other party, with their photo; the name is read once. */}
                  <dd className="flex items-center gap-2 pl-6 font-medium">
                    <Avatar
                      aria-hidden="true"
                      size="sm"
                      src={
                        perspective === 'customer'
                          ? order.vendor.avatarUrl
                          : order.customer.avatarUrl
                      }
                      name={
                        perspective === 'customer'
                          ? order.vendor.businessName
                          : order.customer.fullName
                      }
                    />
                    <span className="min-w-0 break-words">
                      {perspective === 'customer'
                        ? order.vendor.businessName
                        : order.customer.fullName}
                    </span>
                  </dd>
                </div>
                <div>
                  <dt className="flex items-center gap-2 text-muted">
                    <MapPin aria-hidden="true" className="size-4 shrink-0" />
                    Address
                  </dt>
                  <dd className="pl-6 font-medium break-words">{order.address}</dd>
                </div>
                {order.notes ? (
                  <div>
                    <dt className="flex items-center gap-2 text-muted">
                      <StickyNote aria-hidden="true" className="size-4 shrink-0" />
                      Notes
                    </dt>
                    <dd className="pl-6 whitespace-pre-line">{order.notes}</dd>
                  </div>
                ) : null}
              </dl>
            </CardContent>
          </Card>

          <OrderTimelineCard events={order.events} />
        </div>

        <div className="flex flex-col gap-6">
          {/* The pro sees what the booking earns them, not the customer's bill. */}
          {perspective === 'vendor' ? (
            <VendorEarningsCard order={order} />
          ) : (
            <Card>
              <CardHeader>
                <h2 className="text-base leading-snug font-semibold">Price</h2>
              </CardHeader>
              <CardContent>
                <dl className="flex flex-col gap-2 text-sm">
                  <div className="flex justify-between">
                    <dt className="text-muted">Service</dt>
                    <dd>
                      <Price amount={order.subtotal.amount} currency={order.subtotal.currency} />
                    </dd>
                  </div>
                  <div className="flex justify-between">
                    <dt className="text-muted">Booking fee</dt>
                    <dd>
                      <Price amount={order.fee.amount} currency={order.fee.currency} />
                    </dd>
                  </div>
                  <div className="flex justify-between border-t border-border pt-2 text-base font-semibold">
                    <dt>Total</dt>
                    <dd>
                      <Price amount={order.total.amount} currency={order.total.currency} />
                    </dd>
                  </div>
                </dl>
              </CardContent>
            </Card>
          )}
          <Card>
            <CardHeader>
              <h2 className="text-base leading-snug font-semibold">Payment</h2>
            </CardHeader>
            <CardContent>
              {order.payment ? (
                <div className="flex flex-col gap-2">
                  <dl className="flex flex-col gap-2 text-sm">
                    <div className="flex justify-between gap-3">
                      <dt className="text-muted">Status</dt>
                      <dd className="text-right font-medium">
                        {order.payment.status === 'requires_payment' &&
                        (order.status === 'cancelled' || order.status === 'declined')
                          ? 'Not charged'
                          : paymentWords({
                              status: order.payment.status,
                              amount: order.payment.amount.amount,
                              amountRefunded: order.payment.amountRefunded?.amount ?? 0,
                              currency: order.payment.amount.currency,
                              vendorName: order.vendor.businessName,
                              viewer: perspective,
                            })}
                      </dd>
                    </div>
                    {order.payment.amountRefunded && order.payment.amountRefunded.amount > 0 ? (
                      <div className="flex justify-between">
                        <dt className="text-muted">Refunded</dt>
                        <dd>
                          <Price
                            amount={order.payment.amountRefunded.amount}
                            currency={order.payment.amountRefunded.currency}
                          />{' '}
                          of{' '}
                          <Price
                            amount={order.payment.amount.amount}
                            currency={order.payment.amount.currency}
                          />
                        </dd>
                      </div>
                    ) : null}
                    {/* The customer's card is theirs alone (the API sends no digits to a pro). */}
                    {perspective === 'customer' && order.payment.cardLast4 ? (
                      <div className="flex justify-between">
                        <dt className="text-muted">Card</dt>
                        <dd className="inline-flex items-center gap-1">
                          <CreditCard aria-hidden="true" className="size-4" /> ••••{' '}
                          {order.payment.cardLast4}
                        </dd>
                      </div>
                    ) : null}
                  </dl>
                  {paymentNote(order.payment.status, perspective) ? (
                    <p className="text-sm text-muted">
                      {paymentNote(order.payment.status, perspective)}
                    </p>
                  ) : null}
                  {order.payment.failureMessage ? (
                    <p className="text-sm text-danger">{order.payment.failureMessage}</p>
                  ) : null}
                  {/* The customer's tip after completion. */}
                  {order.tip ? <TipLine tip={order.tip} perspective={perspective} /> : null}
                  {order.payment.testMode ? (
                    <p className="mt-1 inline-flex items-center gap-1.5 text-xs text-warning">
                      <FlaskConical aria-hidden="true" className="size-3.5" /> Test mode — no real
                      money moved
                    </p>
                  ) : null}
                </div>
              ) : (
                <p className="text-sm text-muted">No payment yet.</p>
              )}
            </CardContent>
          </Card>
        </div>
      </div>
    </div>
  );
}

/**
 * The start-of-job code, large, for the customer to read out or show: the pro cannot start the
 * job without it. Present while the order is `accepted`.
 */
function StartCodePanel({ code }: { code: string }) {
  return (
    <section
      aria-labelledby="start-code-title"
      className="flex flex-col gap-3 rounded-lg border border-primary/40 bg-primary-soft p-4 sm:flex-row sm:items-center sm:justify-between sm:p-5"
    >
      <div className="flex items-start gap-3">
        <KeyRound aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-primary" />
        <div className="flex flex-col gap-1">
          <h2 id="start-code-title" className="text-base leading-snug font-semibold">
            Your start code
          </h2>
          <p className="text-sm text-muted">Give this code to your pro when they arrive.</p>
        </div>
      </div>
      <p className="font-mono text-4xl font-bold tracking-[0.3em] tabular-nums">{code}</p>
    </section>
  );
}

/**
 * The "Timeline" card of an order page (customer, pro and admin): its events newest first, each
 * with its label (the status reached, or "Tip" for the customer's tip), local date and time,
 * and note.
 */
export function OrderTimelineCard({ events }: { events: OrderDetail['events'] }) {
  const newestFirst = [...events].sort((a, b) => Date.parse(b.at) - Date.parse(a.at));
  return (
    <Card>
      <CardHeader>
        <h2 className="text-base leading-snug font-semibold">Timeline</h2>
      </CardHeader>
      <CardContent>
        {newestFirst.length === 0 ? (
          <p className="text-sm text-muted">No updates yet.</p>
        ) : (
          <ol className="relative flex flex-col gap-5 border-l border-border pl-6">
            {newestFirst.map((event, i) => (
              <li key={`${event.status}-${event.at}`} className="relative">
                <span
                  aria-hidden="true"
                  className={`absolute top-1 -left-[31px] size-3 rounded-full ring-4 ring-surface-raised ${i === 0 ? 'bg-primary' : 'bg-neutral-400'}`}
                />
                <p className="font-medium">
                  {event.kind === 'tip'
                    ? 'Tip'
                    : (ORDER_STATUS[event.status]?.label ?? event.status)}
                </p>
                <p className="text-xs text-muted">
                  <time dateTime={event.at}>{formatDateTime(event.at)}</time>
                </p>
                {event.note ? <p className="mt-1 text-sm">{event.note}</p> : null}
              </li>
            ))}
          </ol>
        )}
      </CardContent>
    </Card>
  );
}
