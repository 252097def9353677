/** Starting (or resuming) payment of a customer's pending order. */
import type { Payment } from '@vetted/contract';
import { v7 as uuidv7 } from 'uuid';
import { notPayableReason, prepareKey } from '../policy';
import * as repo from '../repository';
import type { PaymentRow } from '../repository';
import type { Payer } from '../types';
import type { PaymentsContext } from './context';
import { notPayable, orderNotFound } from './errors';
import { lockOrder, loadOrderFacts } from '../../orders';

/**
 * Starts (or resumes) payment of the customer's pending order: its open payment
 * (`requires_payment`, or `failed` after a decline) or a new one for the order total with the
 * configured provider; then `provider.prepare` (Stripe: the PaymentIntent; its client secret
 * is returned). 404 unless the caller is the order's customer; 409 once paid/not payable.
 */
export async function initializePayment(
  ctx: PaymentsContext,
  { user, orderId }: { user: Payer; orderId: string },
): Promise<Payment> {
  const facts = await loadOrderFacts(ctx.db, orderId);
  if (!facts || facts.order.customerId !== user.id) throw orderNotFound();
  const reason = notPayableReason(facts.order.status);
  if (reason) throw notPayable(reason);
  let row = await repo.openPayment(ctx.db, orderId);
  if (!row) {
    row = await ctx.inTransaction(async (tx) => {
      // Serialise concurrent initialisations of one order on its row.
      await lockOrder(tx, orderId);
      const again = await repo.openPayment(tx, orderId);
      if (again) return again;
      return repo.insertPayment(tx, {
        id: uuidv7(),
        orderId,
        provider: ctx.config.paymentProvider,
        amount: facts.order.total,
        currency: facts.order.currency,
      });
    });
  }
  // A plan's visit: the provider keeps the card for the next visits (save-card.ts).
  return preparePayment(ctx, row, { saveCard: facts.order.planId !== null });
}

/**
 * `provider.prepare` of a payment with its prepare key (Stripe: the PaymentIntent), keeping the
 * provider's ref on the row; answers the `Payment` with what the browser needs (Stripe's
 * client secret and publishable key).
 */
export async function preparePayment(
  ctx: PaymentsContext,
  payment: PaymentRow,
  opts: { saveCard?: boolean } = {},
): Promise<Payment> {
  let row = payment;
  const prepared = await ctx.providerFor(row.provider).prepare({
    paymentId: row.id,
    amount: row.amount,
    currency: row.currency,
    idempotencyKey: prepareKey(row.id),
    ...(opts.saveCard ? { saveCard: true } : {}),
  });
  if (prepared.ref && prepared.ref !== row.providerRef) {
    row =
      (await repo.updatePayment(ctx.db, row.id, {
        providerRef: prepared.ref,
        updatedAt: ctx.clock.now(),
      })) ?? row;
  }
  return ctx.dto(row, {
    ...(prepared.clientSecret ? { clientSecret: prepared.clientSecret } : {}),
    ...(prepared.publishableKey ? { publishableKey: prepared.publishableKey } : {}),
  });
}
