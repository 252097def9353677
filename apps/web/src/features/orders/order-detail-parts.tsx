import type { OrderDetail } from '@vetted/contract';
import {
  Avatar,
  Breadcrumbs,
  Card,
  CardContent,
  CardHeader,
  OrderStatusBadge,
  Skeleton,
} from '@vetted/ui';
import {
  CalendarClock,
  FileText,
  KeyRound,
  type LucideIcon,
  MapPin,
  Repeat,
  StickyNote,
  UserRound,
  Wrench,
} from 'lucide-react';
import { buildLink, ROUTES } from '@vetted/session';
import type * as React from 'react';
import { Link } from 'wouter';
import { formatDateTime, formatDuration, formatLongDateTime } from '../../lib/format';
import { LoadingStatus } from './load-states';
import { isPartlyRefunded } from './order-money-cards';
import { planVisitWords } from '../plans';
import { QuoteLineItems } from '../quotes';

/*
 * The sections of an order page (`OrderDetailView`) other than money and the timeline: the
 * header, the customer's start code, the booking's facts, a booked quote's lines, and the
 * loading skeleton.
 */

type Perspective = 'customer' | 'vendor';

/** The order page's skeleton while the order loads. */
export function OrderDetailSkeleton() {
  return (
    <LoadingStatus label="Loading order" className="flex flex-col gap-6">
      <Skeleton className="h-8 w-64" />
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-[1fr_360px]">
        <Skeleton className="h-72 rounded-lg" />
        <Skeleton className="h-72 rounded-lg" />
      </div>
    </LoadingStatus>
  );
}

/**
 * The order page's header: breadcrumbs back to the list, the service as the title with the
 * status ("Partly refunded" rather than a bare "Refunded"), the reference and when it was placed,
 * and the page's `actions`.
 */
export function OrderDetailHeader({
  order,
  actions,
  backHref,
  backLabel,
}: {
  order: OrderDetail;
  actions?: React.ReactNode;
  backHref: string;
  backLabel: string;
}) {
  return (
    <>
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
    </>
  );
}

/**
 * The start-of-job code, large, for the customer to read out or show: the pro cannot start the
 * job without it. Present while the order is `accepted`.
 */
export function StartCodePanel({ code }: { code: string }) {
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

/** One fact of the booking card: its icon and label as the term, then its `<dd>` children. */
function BookingFact({
  icon: Icon,
  label,
  children,
}: {
  icon: LucideIcon;
  label: string;
  children: React.ReactNode;
}) {
  return (
    <div>
      <dt className="flex items-center gap-2 text-muted">
        <Icon aria-hidden="true" className="size-4 shrink-0" />
        {label}
      </dt>
      {children}
    </div>
  );
}

/**
 * The "Booking" card: when (in the vendor's IANA `timeZone`, as at checkout) and how long, the
 * other party with their photo (the pro for the customer, the customer for the pro), the address
 * and the customer's notes.
 */
export function OrderBookingCard({
  order,
  perspective,
  timeZone,
}: {
  order: OrderDetail;
  perspective: Perspective;
  timeZone?: string;
}) {
  const { vendor, customer } = order;
  const other =
    perspective === 'customer'
      ? { label: 'Pro', icon: Wrench, name: vendor.businessName, avatarUrl: vendor.avatarUrl }
      : {
          label: 'Customer',
          icon: UserRound,
          name: customer.fullName,
          avatarUrl: customer.avatarUrl,
        };
  return (
    <Card>
      <CardHeader>
        <h2 className="text-base leading-snug font-semibold">Booking</h2>
      </CardHeader>
      <CardContent>
        <dl className="grid gap-4 text-sm sm:grid-cols-2">
          <BookingFact icon={CalendarClock} label="When">
            <dd className="pl-6 font-medium">{formatLongDateTime(order.startsAt, timeZone)}</dd>
            <dd className="pl-6 text-muted">{formatDuration(order.service.durationMinutes)}</dd>
          </BookingFact>
          <BookingFact icon={other.icon} label={other.label}>
            {/* The other party, with their photo; the name is read once. */}
            <dd className="flex items-center gap-2 pl-6 font-medium">
              <Avatar aria-hidden="true" size="sm" src={other.avatarUrl} name={other.name} />
              <span className="min-w-0 break-words">{other.name}</span>
            </dd>
          </BookingFact>
          <BookingFact icon={MapPin} label="Address">
            <dd className="pl-6 font-medium break-words">{order.address}</dd>
          </BookingFact>
          {order.plan ? (
            <BookingFact icon={Repeat} label="Plan">
              <dd className="pl-6 font-medium">
                <Link
                  className="text-link underline"
                  href={buildLink(
                    perspective === 'customer' ? ROUTES.user.plan : ROUTES.vendor.plan,
                    { params: { id: order.plan.id } },
                  )}
                >
                  {planVisitWords(order.plan.visit, order.plan.frequency)}
                </Link>
              </dd>
            </BookingFact>
          ) : null}
          {order.quote ? (
            <BookingFact icon={FileText} label="Quote">
              <dd className="pl-6 font-medium">
                <Link
                  className="text-link underline"
                  href={buildLink(
                    perspective === 'customer' ? ROUTES.user.quote : ROUTES.vendor.lead,
                    { params: { id: order.quote.requestId } },
                  )}
                >
                  {perspective === 'customer'
                    ? 'The request and its quotes'
                    : 'The request you quoted'}
                </Link>
              </dd>
            </BookingFact>
          ) : null}
          {order.notes ? (
            <BookingFact icon={StickyNote} label="Notes">
              <dd className="pl-6 whitespace-pre-line">{order.notes}</dd>
            </BookingFact>
          ) : null}
        </dl>
      </CardContent>
    </Card>
  );
}

/**
 * The lines of the quote an order books, with their sum (the order's subtotal, as the API
 * states it: never added up here). Shown above the price; nothing for a slot booking.
 */
export function OrderLineItemsCard({ order }: { order: OrderDetail }) {
  if (!order.lineItems?.length) return null;
  return (
    <Card>
      <CardHeader>
        <h2 className="text-base leading-snug font-semibold">Quoted work</h2>
      </CardHeader>
      <CardContent>
        <QuoteLineItems
          lineItems={order.lineItems}
          total={order.subtotal}
          caption="The quote's lines"
          totalLabel="Quoted price"
        />
      </CardContent>
    </Card>
  );
}
