/**
 * Reconciliation (spec §6): provider charges the database does not account for — left by a
 * crash between a provider call and its commit — are adopted, voided or refunded.
 */
import { enqueue } from '../../../jobs/engine';
import { AppError } from '../../../lib/errors';
import { blockingOrders } from '../../scheduling';
import { paymentOrphanRefundJob } from '../jobs/orphan-refund';
import { orphanRefundKey, PAID_STATUSES, reconcileAction } from '../policy';
import type { PaymentProvider, ProviderCharge } from '../provider';
import * as repo from '../repository';
import type { PaymentRow } from '../repository';
import { enqueueVoid, type PaymentsContext } from './context';
import { settleAuthorization } from './settle-authorization';
import { CHANGE_ORDER_STATES, loadOrderFacts } from '../../orders';

/** How far back (ms) reconciliation lists provider charges: 24 h. */
export const RECONCILE_WINDOW_MS = 24 * 60 * 60 * 1000;

/** What one reconciliation pass did, in charges. */
export interface ReconcileSummary {
  checked: number;
  adopted: number;
  voided: number;
  refunded: number;
}

/**
 * Lists each provider's charges created since `since` (default: the last 24 h) and matches
 * them to payments (`reconcileAction` in policy.ts): an authorisation left by a crash between
 * the provider call and the commit is adopted (payment `authorized`, order `paid`) when its
 * order can still be paid, any other unaccounted authorisation is voided and unaccounted
 * captured money refunded, both through the outbox. Idempotent; safe to run while confirms
 * are in flight (they and it use the same keys). Returns what it did.
 */
export async function reconcile(ctx: PaymentsContext, since?: Date): Promise<ReconcileSummary> {
  const from = since ?? new Date(ctx.clock.now().getTime() - RECONCILE_WINDOW_MS);
  const summary = { checked: 0, adopted: 0, voided: 0, refunded: 0 };
  for (const provider of [ctx.providers.sandbox, ctx.providers.stripe]) {
    if (!provider) continue;
    const charges = await provider.charges(from);
    for (const charge of charges) {
      summary.checked++;
      const done = await reconcileCharge(ctx, provider, charge);
      if (done !== 'none') summary[done]++;
    }
  }
  return summary;
}

/**
 * Whether the order of `payment` can still take it (a tip: a completed order with no other tip;
 * an extra: a job accepted or in progress).
 */
async function orderPayable(ctx: PaymentsContext, payment: PaymentRow | null): Promise<boolean> {
  const { db, clock } = ctx;
  const facts = payment ? await loadOrderFacts(db, payment.orderId) : null;
  if (payment?.kind === 'tip' && facts) {
    // A tip can be adopted while its order is completed and has no other charged tip.
    return (
      facts.order.status === 'completed' &&
      !(await repo.tipPayments(db, facts.order.id)).some(
        (t) => t.id !== payment.id && PAID_STATUSES.includes(t.status),
      )
    );
  }
  if (payment?.kind === 'change_order' && facts) {
    // An extra's approval can be adopted while its job is not over (settling checks the extra).
    return CHANGE_ORDER_STATES.includes(facts.order.status);
  }
  if (facts && facts.order.status === 'pending_payment') {
    const o = facts.order;
    const interval = { startsAt: o.startsAt, endsAt: o.endsAt };
    return (await blockingOrders(db, o.vendorId, interval, clock.now(), o.id)).length === 0;
  }
  return false;
}

/** Settles one provider charge; answers what it did (a summary count), or `none`. */
async function reconcileCharge(
  ctx: PaymentsContext,
  provider: PaymentProvider,
  charge: ProviderCharge,
): Promise<'adopted' | 'voided' | 'refunded' | 'none'> {
  const { db, log } = ctx;
  const payment = charge.paymentId ? await repo.getPayment(db, charge.paymentId) : null;
  const action = reconcileAction({
    chargeRef: charge.ref,
    chargeState: charge.state,
    payment: payment ? { status: payment.status, providerRef: payment.providerRef } : null,
    orderPayable: await orderPayable(ctx, payment),
  });
  if (action === 'none') return 'none';
  if (action === 'adopt' && payment?.idempotencyKey) {
    const adopted = await adopt(ctx, provider, payment, charge);
    if (adopted) return adopted;
  }
  const ids = { paymentId: charge.paymentId, ref: charge.ref };
  if (action === 'refund') {
    const left = charge.amount - charge.amountRefunded;
    if (left <= 0) return 'none';
    await enqueue(
      db,
      paymentOrphanRefundJob,
      { ...ids, provider: provider.name, amount: left, currency: charge.currency },
      { key: orphanRefundKey(charge.ref) },
    );
    log.warn(ids, 'reconciliation refunds an orphan charge');
    return 'refunded';
  }
  await enqueueVoid(db, { id: charge.paymentId, provider: provider.name }, charge.ref, null);
  log.warn(ids, 'reconciliation voids an orphan authorisation');
  return 'voided';
}

/**
 * Adopts an authorisation left by a crash: asks the provider again with the payment's key and,
 * when it answers with this charge, records it as a confirm would. Answers `adopted`, `voided`
 * (the order could no longer take it: settling queued its void), or null (not this charge).
 */
async function adopt(
  ctx: PaymentsContext,
  provider: PaymentProvider,
  payment: PaymentRow,
  charge: ProviderCharge,
): Promise<'adopted' | 'voided' | null> {
  const key = payment.idempotencyKey!;
  const again = await provider.authorize({
    paymentId: payment.id,
    ref: payment.providerRef,
    amount: payment.amount,
    currency: payment.currency,
    idempotencyKey: key,
  });
  if (again.status !== 'authorized' || again.ref !== charge.ref) return null;
  try {
    const a = { paymentId: payment.id, key, ref: charge.ref, last4: again.last4, actorId: null };
    await settleAuthorization(ctx, a);
    ctx.log.info(
      { paymentId: payment.id, ref: charge.ref },
      'reconciliation adopted an authorisation',
    );
    return 'adopted';
  } catch (err) {
    if (!(err instanceof AppError)) throw err;
    return 'voided'; // settle queued its void
  }
}
