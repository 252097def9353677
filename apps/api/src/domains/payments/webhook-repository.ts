/**
 * Queries of the Stripe webhook: which events were handled (`webhook_events`), and the payment
 * holding a PaymentIntent.
 */
import { and, eq } from 'drizzle-orm';
import type Stripe from 'stripe';
import type { DbOrTx } from '../../db/client';
import { payments, webhookEvents } from '../../db/schema';

/** The provider these rows are about. */
export const PROVIDER = 'stripe';

/** True when the provider's event `eventId` was handled already. */
export async function eventSeen(db: DbOrTx, eventId: string): Promise<boolean> {
  const [row] = await db
    .select({ eventId: webhookEvents.eventId })
    .from(webhookEvents)
    .where(and(eq(webhookEvents.provider, PROVIDER), eq(webhookEvents.eventId, eventId)));
  return row !== undefined;
}

/** Records the event as handled; false when it was recorded already (a concurrent delivery). */
export async function recordEvent(db: DbOrTx, event: Stripe.Event, at: Date): Promise<boolean> {
  const rows = await db
    .insert(webhookEvents)
    .values({ provider: PROVIDER, eventId: event.id, type: event.type, receivedAt: at })
    .onConflictDoNothing()
    .returning({ eventId: webhookEvents.eventId });
  return rows.length > 0;
}

/** The id of the Stripe payment holding PaymentIntent `ref`, or null. */
export async function paymentIdByRef(db: DbOrTx, ref: string): Promise<string | null> {
  const [row] = await db
    .select({ id: payments.id })
    .from(payments)
    .where(and(eq(payments.provider, PROVIDER), eq(payments.providerRef, ref)));
  return row?.id ?? null;
}
