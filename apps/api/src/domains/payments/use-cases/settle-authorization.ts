/**
 * Recording a provider authorisation (from a confirm, a webhook or reconciliation): payment
 * `authorized`, order `paid` and everyone told — or, when the order can no longer take it, the
 * authorisation recorded and released.
 */
import type { DbOrTx, Tx } from '../../../db/client';
import { blockingOrders } from '../../scheduling';
import { enqueueMail } from '../../mail';
import { orderInvite } from '../../calendar';
import { formatWhenZoned } from '../../../shared/time';
import { notify } from '../../notifications';
import {
  applyPaymentToOrder,
  lineItemsOf,
  loadOrderFacts,
  lockOrder,
  type OrderFactsRow,
} from '../../orders';
import { factsOf } from '../dto';
import { formatMoney } from '../../../shared/money';
import {
  messages,
  newBookingMail,
  newBookingNotice,
  paidNote,
  paymentReceivedNotice,
  receiptMail,
} from '../messages';
import { CONFIRMABLE, notPayableReason, receiptKey } from '../policy';
import * as repo from '../repository';
import type { PaymentRow } from '../repository';
import {
  type Authorization,
  enqueueVoid,
  type PaymentsContext,
  pushOrder,
  type Settled,
} from './context';
import { notPayable, paymentNotFound, pgError, slotTaken, unconfirmable } from './errors';
import { settleChangeOrder } from './change-order-settle';
import { settleTip } from './settle-tip';
import { lockVendorProfile } from '../../vendors';

/**
 * Records a provider authorisation `ref` obtained with `key` for a payment: one transaction
 * (vendor → order → payment locked) re-checks payment, order and slot, then sets the payment
 * `authorized` and the order `paid` (see `markOrderPaid`). A replay of the same `ref` is a
 * success. When the order can no longer take it (cancelled, slot taken) the authorisation is
 * recorded and its void queued in the same transaction, and a 409 is thrown after commit.
 * A tip's authorisation is settled by {@link settleTip}, an extra's by {@link settleChangeOrder}.
 */
export async function settleAuthorization(ctx: PaymentsContext, a: Authorization): Promise<void> {
  const p0 = await repo.getPayment(ctx.db, a.paymentId);
  if (!p0) throw paymentNotFound();
  if (p0.kind === 'tip') return settleTip(ctx, a);
  if (p0.kind === 'change_order') return settleChangeOrder(ctx, a);
  const v0 = await loadOrderFacts(ctx.db, p0.orderId);
  if (!v0) throw paymentNotFound();
  let outcome: Settled;
  try {
    outcome = await ctx.inTransaction((tx) => settleInTransaction(ctx, tx, v0, a));
  } catch (err) {
    const { code, constraint } = pgError(err);
    if (code !== '23505' || constraint !== 'orders_vendor_slot_live_uq') throw err;
    // The database's one-live-order-per-slot index fired: someone else paid this slot.
    await ctx.inTransaction(async (tx) => {
      const order = await lockOrder(tx, v0.order.id);
      const p = await repo.lockPayment(tx, a.paymentId);
      if (!order || !p) return;
      const now = ctx.clock.now();
      const recorded = await repo.updatePayment(tx, p.id, {
        status: 'authorized',
        providerRef: a.ref,
        cardLast4: a.last4,
        authorizedAt: now,
        updatedAt: now,
      });
      await cancelForTakenSlot(ctx, tx, { ...v0, order }, recorded!, a.actorId);
    });
    outcome = { kind: 'conflict', error: slotTaken() };
  }
  if (outcome.kind === 'conflict') throw outcome.error;
}

/** The transaction of {@link settleAuthorization}. */
async function settleInTransaction(
  ctx: PaymentsContext,
  tx: Tx,
  v0: OrderFactsRow,
  a: Authorization,
): Promise<Settled> {
  await lockVendorProfile(tx, v0.order.vendorId);
  const order = await lockOrder(tx, v0.order.id);
  const p = await repo.lockPayment(tx, a.paymentId);
  if (!order || !p) return { kind: 'conflict', error: paymentNotFound() };
  if (p.providerRef === a.ref && p.status !== 'requires_payment' && p.status !== 'failed') {
    // Recorded already (a concurrent confirm, or reconciliation adopted it).
    return p.status === 'authorized' || p.capturedAt
      ? { kind: 'paid' }
      : { kind: 'conflict', error: unconfirmable(p.status) ?? notPayable('order_not_payable') };
  }
  const now = ctx.clock.now();
  const ours = a.key === null || p.idempotencyKey === a.key || p.providerRef === a.ref;
  const record = {
    status: 'authorized' as const,
    providerRef: a.ref,
    cardLast4: a.last4,
    authorizedAt: now,
    failureMessage: null,
    updatedAt: now,
  };
  if (!CONFIRMABLE.includes(p.status) || !ours) {
    // Another charge holds this payment: this authorisation is one too many.
    await enqueueVoid(tx, p, a.ref, a.actorId);
    return { kind: 'conflict', error: unconfirmable(p.status) ?? notPayable('already_paid') };
  }
  const v = { ...v0, order };
  const reason = notPayableReason(order.status);
  if (reason) {
    await repo.updatePayment(tx, p.id, record);
    await enqueueVoid(tx, p, a.ref, a.actorId);
    return { kind: 'conflict', error: notPayable(reason) };
  }
  const interval = { startsAt: order.startsAt, endsAt: order.endsAt };
  if ((await blockingOrders(tx, order.vendorId, interval, now, order.id)).length > 0) {
    await cancelForTakenSlot(ctx, tx, v, { ...p, ...record }, a.actorId);
    return { kind: 'conflict', error: slotTaken() };
  }
  const paid = await repo.updatePayment(tx, p.id, record);
  await markOrderPaid(ctx, tx, v, paid!, a.last4, a.actorId);
  return { kind: 'paid' };
}

/**
 * In `tx` (order row locked): order `pending_payment` → `paid` and its event (the orders
 * domain's `applyPaymentToOrder`), "New booking…" to the vendor (notification and mail), "Card
 * authorised" to the customer, the receipt mail and the `order` push — all through the outbox,
 * each with a key derived from the payment.
 */
async function markOrderPaid(
  ctx: PaymentsContext,
  tx: DbOrTx,
  v: OrderFactsRow,
  p: PaymentRow,
  last4: string | null,
  actorId: string | null,
): Promise<void> {
  const note = paidNote(p.amount, p.currency, last4);
  const at = ctx.clock.now();
  await applyPaymentToOrder(tx, { order: v.order, change: 'paid', actorId, note, at });
  const facts = factsOf(v);
  const amount = formatMoney(p.amount, p.currency);
  await notify(tx, [
    { userId: v.vendorUserId, ...newBookingNotice(facts), key: `payment:${p.id}:notice:vendor` },
    {
      userId: v.order.customerId,
      ...paymentReceivedNotice(facts, amount),
      key: `payment:${p.id}:notice:customer`,
    },
  ]);
  const { publicUrl } = ctx.config;
  const testMode = ctx.testModeOf(p.provider);
  // The receipt names the job's zone with its time and carries the booking's calendar invite;
  // a quote's booking lists its line items (the booking fee is in the amount).
  const lines = lineItemsOf(v.order.lineItems)?.map((l): [string, string] => [
    l.description,
    formatMoney(l.amount, p.currency),
  ]);
  const receipt = receiptMail({
    ...(lines ? { lines } : {}),
    to: v.customerEmail,
    facts: { ...facts, when: formatWhenZoned(v.order.startsAt, v.vendorTimeZone) },
    amount,
    last4,
    testMode,
    publicUrl,
  });
  const invite = await orderInvite(tx, v.order.id, ctx);
  await enqueueMail(tx, invite ? { ...receipt, attachments: [invite] } : receipt, receiptKey(p.id));
  await enqueueMail(
    tx,
    newBookingMail({
      to: v.vendorEmail,
      vendorName: v.vendorName,
      facts,
      // The pro is told what the booking earns them, not the customer's total.
      earnings: formatMoney(v.order.total - v.order.fee, p.currency),
      publicUrl,
    }),
    `payment:${p.id}:vendor-mail`,
  );
  await pushOrder(tx, v, 'paid');
}

/** In `tx`: the slot went to someone else; cancel the unpaid order and release the hold. */
export async function cancelForTakenSlot(
  ctx: PaymentsContext,
  tx: DbOrTx,
  v: OrderFactsRow,
  p: PaymentRow,
  actorId: string | null,
): Promise<void> {
  const now = ctx.clock.now();
  if (p.providerRef && p.status === 'authorized') {
    await repo.updatePayment(tx, p.id, {
      failureMessage: messages.slotTakenHoldReleased,
      updatedAt: now,
    });
    await enqueueVoid(tx, p, p.providerRef, actorId);
  }
  const cancelled = await applyPaymentToOrder(tx, {
    order: v.order,
    change: 'slot_taken',
    actorId,
    note: messages.slotTakenNote,
    at: now,
  });
  if (cancelled) await pushOrder(tx, v, 'cancelled');
}
