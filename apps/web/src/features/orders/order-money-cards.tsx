import type { OrderDetail, PaymentStatus } from '@vetted/contract';
import { paymentWords } from '@vetted/contract';
import { Card, CardContent, CardHeader, Price } from '@vetted/ui';
import { CreditCard, FlaskConical } from 'lucide-react';
import { TipLine } from './tip-view';

/*
 * The money side of an order page: the customer's bill, and the payment with its status, refund,
 * card, notes and tip. Every figure comes from the API; nothing is added up here.
 */

type Perspective = 'customer' | 'vendor';

/** A refund went through for part of the charge only (a late cancellation). */
export function isPartlyRefunded(payment: NonNullable<OrderDetail['payment']>): boolean {
  const refunded = payment.amountRefunded?.amount ?? 0;
  return payment.status === 'refunded' && refunded > 0 && refunded < payment.amount.amount;
}

/** One line under the payment status where the label alone could mislead. */
function paymentNote(status: PaymentStatus, perspective: Perspective): string | null {
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

/** The customer's "Price" card: service, booking fee and total, as the API priced them. */
export function OrderPriceCard({ order }: { order: OrderDetail }) {
  return (
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
  );
}

/**
 * The payment's facts: its status in words (for this reader), what was refunded of it, and for
 * the customer alone the card's last digits (the API sends a pro none).
 */
function PaymentFacts({
  order,
  payment,
  perspective,
}: {
  order: OrderDetail;
  payment: NonNullable<OrderDetail['payment']>;
  perspective: Perspective;
}) {
  return (
    <dl className="flex flex-col gap-2 text-sm">
      <div className="flex justify-between gap-3">
        <dt className="text-muted">Status</dt>
        <dd className="text-right font-medium">
          {payment.status === 'requires_payment' &&
          (order.status === 'cancelled' || order.status === 'declined')
            ? 'Not charged'
            : paymentWords({
                status: payment.status,
                amount: payment.amount.amount,
                amountRefunded: payment.amountRefunded?.amount ?? 0,
                currency: payment.amount.currency,
                vendorName: order.vendor.businessName,
                viewer: perspective,
              })}
        </dd>
      </div>
      {payment.amountRefunded && payment.amountRefunded.amount > 0 ? (
        <div className="flex justify-between">
          <dt className="text-muted">Refunded</dt>
          <dd>
            <Price
              amount={payment.amountRefunded.amount}
              currency={payment.amountRefunded.currency}
            />{' '}
            of <Price amount={payment.amount.amount} currency={payment.amount.currency} />
          </dd>
        </div>
      ) : null}
      {/* The customer's card is theirs alone (the API sends no digits to a pro). */}
      {perspective === 'customer' && payment.cardLast4 ? (
        <div className="flex justify-between">
          <dt className="text-muted">Card</dt>
          <dd className="inline-flex items-center gap-1">
            <CreditCard aria-hidden="true" className="size-4" /> •••• {payment.cardLast4}
          </dd>
        </div>
      ) : null}
    </dl>
  );
}

/**
 * The "Payment" card: the payment's facts, a note where the status alone could mislead, the
 * card provider's failure message, the customer's tip and a test-mode mark; "No payment yet."
 * before there is one.
 */
export function OrderPaymentCard({
  order,
  perspective,
}: {
  order: OrderDetail;
  perspective: Perspective;
}) {
  const { payment } = order;
  const note = payment ? paymentNote(payment.status, perspective) : null;
  return (
    <Card>
      <CardHeader>
        <h2 className="text-base leading-snug font-semibold">Payment</h2>
      </CardHeader>
      <CardContent>
        {payment ? (
          <div className="flex flex-col gap-2">
            <PaymentFacts order={order} payment={payment} perspective={perspective} />
            {note ? <p className="text-sm text-muted">{note}</p> : null}
            {payment.failureMessage ? (
              <p className="text-sm text-danger">{payment.failureMessage}</p>
            ) : null}
            {/* The customer's tip after completion. */}
            {order.tip ? <TipLine tip={order.tip} perspective={perspective} /> : null}
            {payment.testMode ? (
              <p className="mt-1 inline-flex items-center gap-1.5 text-xs text-warning">
                <FlaskConical aria-hidden="true" className="size-3.5" /> Test mode — no real money
                moved
              </p>
            ) : null}
          </div>
        ) : (
          <p className="text-sm text-muted">No payment yet.</p>
        )}
      </CardContent>
    </Card>
  );
}
