import type { Order, Payment } from '@vetted/contract';
import { isOnlyAuthorised, paymentWords, totalLabel } from '@vetted/contract';
import { Button, Price } from '@vetted/ui';
import { CheckCircle2 } from 'lucide-react';
import type * as React from 'react';
import { Link } from 'wouter';
import { formatLongDateTime } from '../../lib/format';

export interface ConfirmationViewProps {
  order: Order;
  payment?: Payment | null;
  timeZone?: string;
  orderHref: string;
}

/** Final step: the booking is placed; words follow the payment's state (money-words). */
export function ConfirmationView({ order, payment, timeZone, orderHref }: ConfirmationViewProps) {
  // A just-placed order's card is only held until the pro accepts: say so, never "paid".
  const status = payment?.status ?? 'authorized';
  const onlyAuthorised = isOnlyAuthorised(status);
  return (
    <div className="flex flex-col items-center gap-5 py-6 text-center">
      <span className="flex size-16 items-center justify-center rounded-pill bg-success-soft text-success">
        <CheckCircle2 aria-hidden="true" className="size-9" />
      </span>
      <div className="flex flex-col gap-1">
        <h2 className="text-2xl font-bold tracking-tight">
          {onlyAuthorised ? 'Booking requested' : 'Booking confirmed'}
        </h2>
        <p className="text-muted">
          {onlyAuthorised
            ? `${order.vendor.businessName} will confirm your booking shortly. We have emailed your receipt.`
            : 'We have emailed your receipt.'}
        </p>
      </div>
      <dl className="grid w-full max-w-sm gap-2 rounded-lg border border-border p-4 text-left text-sm">
        <ReceiptRow label="Reference" className="font-mono font-semibold">
          {order.reference}
        </ReceiptRow>
        <ReceiptRow label="When" className="text-right">
          {formatLongDateTime(order.startsAt, timeZone)}
        </ReceiptRow>
        <ReceiptRow label={totalLabel(status)} className="font-semibold">
          <Price amount={order.total.amount} currency={order.total.currency} />
        </ReceiptRow>
        <ReceiptRow label="Payment" className="text-right">
          {paymentWords({
            status,
            amount: order.total.amount,
            amountRefunded: payment?.amountRefunded?.amount ?? 0,
            currency: order.total.currency,
            vendorName: order.vendor.businessName,
          })}
        </ReceiptRow>
        {payment?.cardLast4 ? (
          <ReceiptRow label="Card">
            •••• {payment.cardLast4}
            {payment.testMode ? ' (test mode)' : ''}
          </ReceiptRow>
        ) : null}
      </dl>
      <Button asChild size="lg">
        <Link href={orderHref}>View order</Link>
      </Button>
    </div>
  );
}

/** One line of the confirmation's receipt: a muted name, its value at the far side. */
function ReceiptRow({
  label,
  className,
  children,
}: {
  label: string;
  /** Classes of the value (`dd`). */
  className?: string;
  children: React.ReactNode;
}) {
  return (
    <div className="flex justify-between gap-4">
      <dt className="text-muted">{label}</dt>
      <dd className={className}>{children}</dd>
    </div>
  );
}
