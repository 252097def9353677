import type {
  AdminPayment,
  AdminRefundBody,
  LedgerEntry,
  Payment,
  ProviderEventDto,
} from '@vetted/contract';
import { paymentWords } from '@vetted/contract';
import { Card, CardContent, CardHeader, Price, TableCell, TableHead, TableRow } from '@vetted/ui';
import { CreditCard, FlaskConical } from 'lucide-react';
import type * as React from 'react';
import { formatDateTime } from '../../lib/format';
import { Fact } from './detail-parts';
import { AdminTable } from './list-parts';
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

export interface PaymentCardProps {
  /** The payment with what the provider did and the ledger postings it made. */
  entry: AdminPayment;
  /** The payment is the order's tip: titled "Tip" rather than "Payment". */
  isTip: boolean;
  /** The order's pro: an authorised card is "charged when <pro> accepts". */
  vendorName: string;
  /** Sends a refund of this payment (see `RefundDialog`). */
  onRefund: (body: AdminRefundBody) => Promise<void>;
  /** Opens the refund dialog on first render (stories). */
  refundOpen: boolean;
}

/**
 * One payment of the admin order page: its status in the contract's money words, amount,
 * provider and start, Refund while something is left, what was refunded, the card, notes
 * (refund pending, failure, test mode), then the provider's events and the ledger postings.
 */
export function PaymentCard({ entry, isTip, vendorName, onRefund, refundOpen }: PaymentCardProps) {
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
            <Fact term="Refunded" className="text-sm">
              <Price amount={refunded} currency={payment.amount.currency} /> of{' '}
              <Price amount={payment.amount.amount} currency={payment.amount.currency} />
            </Fact>
          ) : null}
          {payment.cardLast4 ? (
            <Fact term="Card" className="text-sm">
              <span className="inline-flex items-center gap-1">
                <CreditCard aria-hidden="true" className="size-4" /> •••• {payment.cardLast4}
              </span>
            </Fact>
          ) : null}
        </dl>
        <PaymentNotes payment={payment} />
        <PaymentSection title="Provider events">
          {providerEvents.length === 0 ? (
            <p className="text-sm text-muted">The provider has not done anything yet.</p>
          ) : (
            <ProviderEventsTable
              title={title}
              events={providerEvents}
              currency={payment.amount.currency}
            />
          )}
        </PaymentSection>
        <PaymentSection title="Ledger postings">
          {ledger.length === 0 ? (
            <p className="text-sm text-muted">No postings yet.</p>
          ) : (
            <LedgerTable title={title} postings={ledger} />
          )}
        </PaymentSection>
      </CardContent>
    </Card>
  );
}

/** What else an admin should know about the payment: a pending refund, a failure, test mode. */
function PaymentNotes({ payment }: { payment: Payment }) {
  return (
    <>
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
    </>
  );
}

/** A titled part of a payment card (`h4`). */
function PaymentSection({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <div className="flex flex-col gap-2">
      <h4 className="text-sm font-semibold">{title}</h4>
      {children}
    </div>
  );
}

/** What the provider did with the payment: each event, its amount, when, and its key. */
function ProviderEventsTable({
  title,
  events,
  currency,
}: {
  title: string;
  events: ProviderEventDto[];
  currency: string;
}) {
  return (
    <AdminTable
      label={`${title}: provider events`}
      caption={`What the payment provider did with this ${title.toLowerCase()}`}
      columns={['Event', { label: 'Amount', className: 'text-right' }, 'When', 'Idempotency key']}
    >
      {events.map((event) => (
        <TableRow key={`${event.type}-${event.at}-${event.idempotencyKey}`}>
          <TableHead scope="row" className="whitespace-nowrap">
            {PROVIDER_EVENT_LABEL[event.type]}
          </TableHead>
          <TableCell className="text-right">
            <Price amount={event.amount} currency={currency} className="font-normal" />
          </TableCell>
          <TableCell className="whitespace-nowrap">
            <time dateTime={event.at}>{formatDateTime(event.at)}</time>
          </TableCell>
          <TableCell className="font-mono text-xs break-all">
            {event.idempotencyKey ?? <span className="text-muted">None</span>}
          </TableCell>
        </TableRow>
      ))}
    </AdminTable>
  );
}

/** The ledger postings the payment made, signed (debit +, credit −). */
function LedgerTable({ title, postings }: { title: string; postings: LedgerEntry[] }) {
  return (
    <AdminTable
      label={`${title}: ledger postings`}
      caption="Debits are +, credits are −; the postings of one movement add up to zero."
      captionClassName="text-left text-xs"
      columns={['Account', 'Kind', { label: 'Amount', className: 'text-right' }, 'When']}
    >
      {postings.map((posting) => (
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
    </AdminTable>
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
