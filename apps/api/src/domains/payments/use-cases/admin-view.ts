/** The admin console's view of payments: what the provider did to the card, the ledger. */
import type { AdminPayment } from '@vetted/contract';
import { type LedgerKind, vendorShareLeft } from '../../ledger';
import { entriesForPayment } from '../../ledger';
import { messages } from '../messages';
import type { ProviderEvent } from '../provider';
import * as repo from '../repository';
import type { PaymentRow } from '../repository';
import type { Payer } from '../types';
import type { PaymentsContext } from './context';
import { paymentNotFound } from './errors';
import { feeOfPayment } from './change-order-payment';
import { notFound } from '../../../lib/errors';
import { loadOrderFacts } from '../../orders';

/**
 * The admin view of a payment: the payment, what the provider did to the card (every event
 * of the sandbox's fake bank for this payment, or the provider's events of its charge) and
 * its ledger postings. 404 for an unknown id, and for anyone but an admin (the `/v1/admin`
 * guard already answers those 403).
 */
export async function adminView(
  ctx: PaymentsContext,
  { user, paymentId }: { user: Payer; paymentId: string },
): Promise<AdminPayment> {
  if (user.role !== 'admin') throw notFound(messages.adminPaymentNotFound, 'not_found');
  const p = await repo.getPayment(ctx.db, paymentId);
  if (!p) throw paymentNotFound();
  return adminViewOf(ctx, p);
}

/**
 * The admin view (see {@link adminView}) of every payment of an order — the booking's attempts
 * and its tips — oldest first (`GET /v1/admin/orders/{id}`).
 */
export async function adminViewsOfOrder(
  ctx: PaymentsContext,
  orderId: string,
): Promise<AdminPayment[]> {
  const rows = await repo.paymentsOfOrder(ctx.db, orderId);
  return Promise.all(rows.map((p) => adminViewOf(ctx, p)));
}

/** The admin view of a payment: it, what the provider did to the card, its ledger postings. */
async function adminViewOf(ctx: PaymentsContext, p: PaymentRow): Promise<AdminPayment> {
  const { db } = ctx;
  const provider = ctx.providerFor(p.provider);
  let events: ProviderEvent[] = [];
  if ('eventsForPayment' in provider && typeof provider.eventsForPayment === 'function') {
    events = await (provider.eventsForPayment as (id: string) => Promise<ProviderEvent[]>)(p.id);
  } else if (p.providerRef) {
    events = await provider.events(p.providerRef);
  }
  const [ledger, facts, pendingRefunds] = await Promise.all([
    entriesForPayment(db, p.id),
    loadOrderFacts(db, p.orderId),
    repo.undeliveredRefundTotal(db, p.id),
  ]);
  // As the refund handler splits it: a tip carries no booking fee, an extra its own.
  const fee = facts ? await feeOfPayment(db, p, facts.order) : 0;
  return {
    payment: ctx.dto(p),
    proShareLeft: vendorShareLeft(
      Math.min(p.amount, p.amountRefunded + pendingRefunds),
      p.amount,
      fee,
    ),
    providerEvents: events.map((e) => ({
      type: e.type,
      amount: e.amount,
      idempotencyKey: e.idempotencyKey,
      at: e.at,
    })),
    ledger: ledger.map((l) => ({
      id: l.id,
      orderId: l.orderId,
      paymentId: l.paymentId,
      account: l.account,
      amount: l.amount,
      currency: l.currency,
      kind: l.kind as LedgerKind,
      createdAt: l.createdAt.toISOString(),
    })),
  };
}
