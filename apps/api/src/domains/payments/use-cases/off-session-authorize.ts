/**
 * Authorising a plan's visit on its saved card, with no customer present: the same steps as a
 * checkout's confirm (confirm.ts: the attempt's key stored under the payment's lock, then the
 * provider, then `settleAuthorization`), so the order becomes `paid` and everyone is told as
 * after a checkout.
 */
import { eq } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import { savedPaymentMethods } from '../../../db/schema';
import { loadOrderFacts, lockOrder } from '../../orders';
import { messages } from '../messages';
import * as repo from '../repository';
import { lockAttempt, recordDecline } from './confirm';
import type { PaymentsContext } from './context';
import { settleAuthorization } from './settle-authorization';

/** What an off-session authorisation did. */
export type OffSessionOutcome =
  | { status: 'authorized' }
  /** The card was declined (or needs the customer): `message` says so in the provider's words. */
  | { status: 'declined'; message: string }
  /** Nothing to authorise: the order is no longer unpaid, or its slot went to someone else. */
  | { status: 'skipped'; reason: string };

/**
 * Authorises the total of the unpaid order `orderId` on the saved card `savedPaymentMethodId`
 * (`provider.offSessionAuthorize`). The order's open payment (or a new one on the card's
 * provider) records the card and the attempt; a decline marks the payment `failed` (the
 * customer may still pay in checkout), a success settles it as a checkout does. Idempotent: a
 * rerun reaches the provider with the stored attempt key and settles the same charge.
 */
export async function authorizeOffSession(
  ctx: PaymentsContext,
  input: { orderId: string; savedPaymentMethodId: string },
): Promise<OffSessionOutcome> {
  const facts = await loadOrderFacts(ctx.db, input.orderId);
  if (facts?.order.status !== 'pending_payment')
    return { status: 'skipped', reason: 'not_payable' };
  const [card] = await ctx.db
    .select()
    .from(savedPaymentMethods)
    .where(eq(savedPaymentMethods.id, input.savedPaymentMethodId));
  const provider = card ? ctx.providerFor(card.provider) : null;
  if (!card || !provider?.offSessionAuthorize) {
    return { status: 'declined', message: messages.cardDeclined };
  }
  const payment = await ctx.inTransaction(async (tx) => {
    await lockOrder(tx, input.orderId);
    const open =
      (await repo.openPayment(tx, input.orderId)) ??
      (await repo.insertPayment(tx, {
        id: uuidv7(),
        orderId: input.orderId,
        provider: card.provider,
        amount: facts.order.total,
        currency: facts.order.currency,
      }));
    return repo.updatePayment(tx, open.id, {
      savedPaymentMethodId: card.id,
      updatedAt: ctx.clock.now(),
    });
  });
  if (!payment) return { status: 'skipped', reason: 'not_payable' };
  const customer = { id: facts.order.customerId, role: 'customer' };
  const prepared = await lockAttempt(ctx, customer, payment);
  if ('error' in prepared) return { status: 'skipped', reason: prepared.error.message };
  const { payment: p, key } = prepared;
  const result = await provider.offSessionAuthorize({
    paymentMethodRef: card.providerRef,
    customerRef: card.providerCustomerRef,
    amount: p.amount,
    currency: p.currency,
    paymentId: p.id,
    idempotencyKey: key,
  });
  if (result.status !== 'authorized') {
    const message = result.status === 'declined' ? result.message : messages.requiresAction;
    await recordDecline(ctx, p.id, key, { message, last4: card.last4 });
    return { status: 'declined', message };
  }
  try {
    await settleAuthorization(ctx, {
      paymentId: p.id,
      key,
      ref: result.ref,
      // The provider may not report the card (Stripe answers a pm_ id): it is the saved one.
      last4: result.last4 ?? card.last4,
      actorId: null,
    });
  } catch (err) {
    return { status: 'skipped', reason: err instanceof Error ? err.message : 'not_payable' };
  }
  return { status: 'authorized' };
}
