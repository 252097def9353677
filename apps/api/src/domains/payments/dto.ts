/**
 * Output mapping of the payments domain: the contract `Payment` of a row, and the order facts
 * its texts (messages.ts) read.
 */
import type { Payment } from '@vetted/contract';
import { formatWhen } from '../../shared/time';
import type { OrderFacts } from './messages';
import type { PaymentRow } from './repository';
import type { OrderFactsRow } from '../orders';

/**
 * The contract `Payment` of a row. `testMode`: the provider moves no real money. `extra`:
 * provider fields for the browser (Stripe's client secret and publishable key).
 */
export function toPaymentDto(
  p: PaymentRow,
  testMode: boolean,
  extra: { clientSecret?: string | null; publishableKey?: string | null } = {},
): Payment {
  return {
    id: p.id,
    orderId: p.orderId,
    provider: p.provider === 'stripe' ? 'stripe' : 'sandbox',
    status: p.status,
    amount: { amount: p.amount, currency: p.currency },
    amountRefunded: { amount: p.amountRefunded, currency: p.currency },
    cardLast4: p.cardLast4,
    failureMessage: p.failureMessage,
    testMode,
    createdAt: p.createdAt.toISOString(),
    ...extra,
  };
}

/** What the payment texts say about an order; its time in the vendor's zone. */
export function factsOf(v: OrderFactsRow): OrderFacts {
  return {
    orderId: v.order.id,
    reference: v.order.reference,
    serviceTitle: v.serviceTitle,
    businessName: v.businessName,
    customerName: v.customerName,
    when: formatWhen(v.order.startsAt, v.vendorTimeZone),
  };
}
