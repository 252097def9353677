import type { Money, Order, ServiceDetail, ServiceQuote } from '@vetted/contract';
import { Card, CardContent, CardHeader, CardTitle, Price, Skeleton } from '@vetted/ui';
import { CalendarClock, Clock, type LucideIcon, MapPin } from 'lucide-react';
import type * as React from 'react';
import { formatDuration, formatLongDateTime } from '../../lib/format';

export interface OrderSummaryCardProps {
  service?: ServiceDetail;
  startsAt: string;
  /** IANA zone of the vendor; times are shown in it. */
  timeZone?: string;
  /** The created order (gives fee and total); before that only the service price is known. */
  order?: Order | null;
  /** The server's price of this slot before an order exists (minor units); shown until `order`. */
  quote?: ServiceQuote | null;
  isLoading?: boolean;
}

/** Order summary: service, vendor, date/time in the vendor's zone, price breakdown. */
export function OrderSummaryCard({
  service,
  startsAt,
  timeZone,
  order,
  quote,
  isLoading,
}: OrderSummaryCardProps) {
  if (isLoading || !service) {
    return (
      <Card role="status" aria-busy="true" aria-label="Loading order summary">
        <Skeleton className="h-5 w-32" />
        <Skeleton className="h-16 w-full" />
        <Skeleton className="h-4 w-full" />
        <Skeleton className="h-4 w-2/3" />
      </Card>
    );
  }
  const quoted = (pick: (q: ServiceQuote) => number): Money | null =>
    quote ? { amount: pick(quote), currency: quote.currency } : null;
  const subtotal = order?.subtotal ?? quoted((q) => q.subtotal) ?? service.price;
  // Before "Place order" the fee and total come from the quote, so nothing changes after it.
  const fee = order?.fee ?? quoted((q) => q.bookingFee);
  const total = order?.total ?? quoted((q) => q.total);
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <span className="text-lg">Order summary</span>
        </CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <div className="flex gap-3">
          {service.coverImageUrl ? (
            <img
              src={service.coverImageUrl}
              alt=""
              className="size-16 shrink-0 rounded-md object-cover"
            />
          ) : null}
          <div className="min-w-0">
            <p className="font-semibold">{service.title}</p>
            <p className="text-sm text-muted">{service.vendor.businessName}</p>
          </div>
        </div>
        <dl className="flex flex-col gap-2 text-sm">
          <SummaryFact icon={CalendarClock} label="When">
            {formatLongDateTime(startsAt, timeZone)}
          </SummaryFact>
          <SummaryFact icon={Clock} label="Duration">
            {formatDuration(service.durationMinutes)}
          </SummaryFact>
          {order ? (
            <SummaryFact icon={MapPin} label="Address" className="break-words">
              {order.address}
            </SummaryFact>
          ) : null}
        </dl>
        <dl className="flex flex-col gap-2 border-t border-border pt-4 text-sm">
          <div className="flex justify-between">
            <dt className="text-muted">Service</dt>
            <dd>
              <Price amount={subtotal.amount} currency={subtotal.currency} />
            </dd>
          </div>
          <div className="flex justify-between">
            <dt className="text-muted">Booking fee</dt>
            <dd>
              <PriceOrPlaceholder money={fee} className="h-4 w-12" label="Loading booking fee" />
            </dd>
          </div>
          <div className="flex justify-between border-t border-border pt-2 text-base font-semibold">
            <dt>Total</dt>
            <dd>
              <PriceOrPlaceholder money={total} className="h-4 w-16" label="Loading total" />
            </dd>
          </div>
        </dl>
      </CardContent>
    </Card>
  );
}

/** One fact of the booking: an icon standing for its name (read out as `label`), then its value. */
function SummaryFact({
  icon: Icon,
  label,
  className,
  children,
}: {
  icon: LucideIcon;
  /** The fact's name for screen readers ("When"); sighted people see the icon. */
  label: string;
  /** Classes of the value (`dd`). */
  className?: string;
  children: React.ReactNode;
}) {
  return (
    <div className="flex items-start gap-2">
      <dt>
        <Icon aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-muted" />
        <span className="sr-only">{label}</span>
      </dt>
      <dd className={className}>{children}</dd>
    </div>
  );
}

/** An amount, or a labelled placeholder of `className`'s size while the server prices it. */
function PriceOrPlaceholder({
  money,
  className,
  label,
}: {
  money: Money | null;
  className: string;
  label: string;
}) {
  if (!money) return <Skeleton className={className} aria-label={label} />;
  return <Price amount={money.amount} currency={money.currency} />;
}
