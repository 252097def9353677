/**
 * The sandbox's saved cards (its stand-in for Stripe's PaymentMethods) and off-session
 * authorisations on them, over the fake bank (sandbox-bank.ts).
 */
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { sandboxPaymentMethods } from '../../db/schema';
import type { Clock } from '../deps';
import type { AuthorizeResult, CardDetails, SavedCard } from './provider';
import { type BankRow, byKey, chargeRef, record } from './sandbox-bank';

/**
 * Stripe's test card that attaches fine but whose off-session payments are declined
 * ("authentication required"): 4000 0000 0000 0341 (Stripe testing docs).
 */
export const OFF_SESSION_DECLINE_CARD = '4000000000000341';

/** The ref of the card saved by payment `paymentId` (one per payment: a retry saves nothing new). */
export const sandboxCardRef = (paymentId: string) => `sbx_pm_${paymentId.replaceAll('-', '')}`;

/**
 * Saves the checkout's card (`card`, as confirm sent it) as `sbx_pm_<payment>`, once: the last
 * four digits and, for {@link OFF_SESSION_DECLINE_CARD}, the `off_session_declines` behaviour.
 * Without the card (not a sandbox confirm) nothing is saved.
 */
export async function saveSandboxCard(
  bank: { db: Db; clock: Clock },
  input: { paymentId: string; card?: CardDetails },
): Promise<SavedCard | null> {
  if (!input.card) return null;
  const number = input.card.number.replace(/\D/g, '');
  const ref = sandboxCardRef(input.paymentId);
  const last4 = number.slice(-4);
  await bank.db
    .insert(sandboxPaymentMethods)
    .values({
      ref,
      last4,
      behaviour: number === OFF_SESSION_DECLINE_CARD ? 'off_session_declines' : null,
      createdAt: bank.clock.now(),
    })
    .onConflictDoNothing();
  return { ref, customerRef: null, last4, brand: 'visa' };
}

/**
 * Authorises `amount` on the saved card `paymentMethodRef` once per key: a card with the
 * `off_session_declines` behaviour (or an unknown ref) is declined, recorded like any decline.
 */
export async function offSessionAuthorize(
  bank: { db: Db; clock: Clock },
  input: {
    paymentMethodRef: string;
    amount: number;
    currency: string;
    paymentId: string;
    idempotencyKey: string;
  },
  result: (row: BankRow) => AuthorizeResult,
): Promise<AuthorizeResult> {
  const previous = await byKey(bank.db, 'authorization', input.idempotencyKey);
  if (previous) return result(previous);
  const [pm] = await bank.db
    .select()
    .from(sandboxPaymentMethods)
    .where(eq(sandboxPaymentMethods.ref, input.paymentMethodRef));
  const declineCode = !pm
    ? 'card_declined'
    : pm.behaviour === 'off_session_declines'
      ? 'authentication_required'
      : null;
  const row = await record(
    bank.db,
    {
      ref: chargeRef(),
      paymentId: input.paymentId,
      type: 'authorization',
      status: declineCode ? 'declined' : 'succeeded',
      amount: input.amount,
      currency: input.currency,
      idempotencyKey: input.idempotencyKey,
      last4: pm?.last4 ?? null,
      declineCode,
      behaviour: null,
    },
    bank.clock.now(),
  );
  return result(row);
}
