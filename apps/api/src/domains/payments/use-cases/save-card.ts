/**
 * Saved cards of plans: the card of a plan's checkout kept for the next visits, and reading it
 * back (the plans domain shows its last four digits and authorises visits on it).
 */
import { and, desc, eq, isNotNull } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import type { DbOrTx } from '../../../db/client';
import { payments, savedPaymentMethods } from '../../../db/schema';
import { loadOrderFacts } from '../../orders';
import type { CardDetails } from '../provider';
import * as repo from '../repository';
import type { PaymentRow } from '../repository';
import type { PaymentsContext } from './context';

/** A saved card as other domains see it. */
export interface SavedCardView {
  id: string;
  last4: string | null;
}

/**
 * After a checkout authorised `payment` (provider charge `ref`): when its order is a plan's
 * visit, asks the provider to keep the card (`provider.saveCard`), stores it as a
 * `saved_payment_methods` row of the customer (once per provider ref) and marks the payment as
 * the one that saved it (`payments.saved_payment_method_id`). A failure is logged, never
 * thrown: the checkout succeeded, and a visit without a saved card is authorised as declined.
 */
export async function saveCardForPlan(
  ctx: PaymentsContext,
  input: { payment: PaymentRow; ref: string; card?: CardDetails },
): Promise<void> {
  const { payment } = input;
  // Only a booking's own payment keeps a plan's card (not a tip, not an extra).
  if (payment.kind !== 'order') return;
  try {
    const facts = await loadOrderFacts(ctx.db, payment.orderId);
    if (!facts?.order.planId) return;
    const provider = ctx.providerFor(payment.provider);
    const saved = await provider.saveCard?.({
      paymentId: payment.id,
      ref: input.ref,
      card: input.card,
    });
    if (!saved) return;
    const now = ctx.clock.now();
    await ctx.inTransaction(async (tx) => {
      await tx
        .insert(savedPaymentMethods)
        .values({
          id: uuidv7(),
          customerId: facts.order.customerId,
          provider: payment.provider,
          providerRef: saved.ref,
          providerCustomerRef: saved.customerRef,
          last4: saved.last4,
          brand: saved.brand,
          createdAt: now,
        })
        .onConflictDoNothing();
      const [row] = await tx
        .select({ id: savedPaymentMethods.id })
        .from(savedPaymentMethods)
        .where(
          and(
            eq(savedPaymentMethods.provider, payment.provider),
            eq(savedPaymentMethods.providerRef, saved.ref),
          ),
        );
      if (row)
        await repo.updatePayment(tx, payment.id, { savedPaymentMethodId: row.id, updatedAt: now });
    });
  } catch (err) {
    ctx.log.error({ err, paymentId: payment.id }, 'saving the card of a plan failed');
  }
}

/** The card a payment of order `orderId` saved or used, newest first; null when none. */
export async function savedCardOfOrder(db: DbOrTx, orderId: string): Promise<SavedCardView | null> {
  const [row] = await db
    .select({ id: savedPaymentMethods.id, last4: savedPaymentMethods.last4 })
    .from(payments)
    .innerJoin(savedPaymentMethods, eq(savedPaymentMethods.id, payments.savedPaymentMethodId))
    .where(and(eq(payments.orderId, orderId), isNotNull(payments.savedPaymentMethodId)))
    .orderBy(desc(payments.createdAt))
    .limit(1);
  return row ?? null;
}

/** The saved card `id`, or null. */
export async function savedCard(db: DbOrTx, id: string): Promise<SavedCardView | null> {
  const [row] = await db
    .select({ id: savedPaymentMethods.id, last4: savedPaymentMethods.last4 })
    .from(savedPaymentMethods)
    .where(eq(savedPaymentMethods.id, id));
  return row ?? null;
}
