import type { ConfirmPaymentBody, Payment, PaymentResult } from '@vetted/contract';
import { and, desc, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { orderEvents, orders, payments, vendorProfiles } from '../db/schema';
import { AppError, badRequest, conflict } from '../lib/errors';
import type { AuthUser } from '../plugins/auth';
import { createNotifications, publishNotifications, uuidv7 } from './notifications';
import {
  customerOrderLink,
  formatMoney,
  formatWhen,
  loadOrderView,
  orderNotFound,
  type OrderView,
  pgError,
  slotTaken,
  toOrderDto,
  toPaymentDto,
  vendorOrderLink,
} from './orders';
import { type CardDetails, paymentProvider } from './payments/providers';
import { blockingOrders } from './slots';

/** The order if `user` is its customer; 404 otherwise (even for its vendor: only customers pay). */
async function customersOrder(
  app: FastifyInstance,
  user: AuthUser,
  orderId: string,
): Promise<OrderView> {
  const view = await loadOrderView(app.db, orderId);
  if (!view || view.order.customerId !== user.id) throw orderNotFound();
  return view;
}

function notPayable(view: OrderView): AppError {
  const status = view.order.status;
  if (['paid', 'accepted', 'in_progress', 'completed'].includes(status)) {
    return conflict('This order has already been paid', 'already_paid');
  }
  return conflict('This order can no longer be paid', 'order_not_payable');
}

/**
 * Starts (or resumes) payment of the customer's pending order: returns its open payment
 * (`requires_payment`, or `failed` after a decline — both can be confirmed) or creates one for
 * the order total with the configured provider. Idempotent.
 */
export async function initializePayment(
  app: FastifyInstance,
  user: AuthUser,
  orderId: string,
): Promise<Payment> {
  const view = await customersOrder(app, user, orderId);
  if (view.order.status !== 'pending_payment') throw notPayable(view);
  const open = async () => {
    const [row] = await app.db
      .select()
      .from(payments)
      .where(
        and(
          eq(payments.orderId, orderId),
          inArray(payments.status, ['requires_payment', 'failed']),
        ),
      )
      .orderBy(desc(payments.createdAt))
      .limit(1);
    return row;
  };
  const existing = await open();
  if (existing) return toPaymentDto(existing);
  const row = await app.db.transaction(async (tx) => {
    // Serialise concurrent initialisations of one order on its row.
    await tx.select({ id: orders.id }).from(orders).where(eq(orders.id, orderId)).for('update');
    const [again] = await tx
      .select()
      .from(payments)
      .where(
        and(
          eq(payments.orderId, orderId),
          inArray(payments.status, ['requires_payment', 'failed']),
        ),
      )
      .limit(1);
    if (again) return again;
    const [created] = await tx
      .insert(payments)
      .values({
        id: uuidv7(),
        orderId,
        provider: app.config.paymentProvider,
        status: 'requires_payment',
        amount: view.order.total,
        currency: view.order.currency,
      })
      .returning();
    return created!;
  });
  return toPaymentDto(row);
}

type Outcome =
  | { kind: 'paid'; notices: Awaited<ReturnType<typeof createNotifications>> }
  | { kind: 'conflict'; error: AppError };

/**
 * Pays a payment with a card (sandbox provider). Checks: the caller is the order's customer
 * (404 otherwise), the payment is open and the order unpaid (409 `already_paid`), and the slot
 * is still free (409 `slot_taken`, before charging). Then it charges through the provider:
 * - declined → the payment becomes `failed` with the message, the order stays
 *   `pending_payment`, and the answer is 402 with the provider's message and code; confirming
 *   again with another card is allowed;
 * - success → one transaction (vendor row locked) re-checks order, payment and slot, then sets
 *   payment `succeeded`, order `paid`, writes the order event and notifies vendor ("New booking")
 *   and customer ("Payment received"). If the re-check fails — or the database's unique index
 *   on live vendor slots fires — the charge is refunded and the answer is 409.
 */
export async function confirmPayment(
  app: FastifyInstance,
  user: AuthUser,
  paymentId: string,
  body: {
    card: ConfirmPaymentBody['card'] & { number: string; expMonth: number; expYear: number };
  },
): Promise<PaymentResult> {
  const db = app.db;
  const [payment] = await db.select().from(payments).where(eq(payments.id, paymentId));
  if (!payment) throw new AppError(404, 'Payment not found', 'payment_not_found');
  const view = await loadOrderView(db, payment.orderId);
  if (!view || view.order.customerId !== user.id) {
    throw new AppError(404, 'Payment not found', 'payment_not_found');
  }
  if (payment.status === 'succeeded')
    throw conflict('This order has already been paid', 'already_paid');
  if (payment.status === 'refunded')
    throw conflict('This payment was refunded', 'order_not_payable');
  if (view.order.status !== 'pending_payment') throw notPayable(view);

  const card: CardDetails = {
    number: body.card.number.replace(/\D/g, ''),
    expMonth: Number(body.card.expMonth),
    expYear: Number(body.card.expYear),
    cvc: String(body.card.cvc),
    name: String(body.card.name),
  };
  const today = new Date();
  if (
    card.expYear < today.getUTCFullYear() ||
    (card.expYear === today.getUTCFullYear() && card.expMonth < today.getUTCMonth() + 1)
  ) {
    throw badRequest('Card has expired', 'card_expired', { 'card.expMonth': 'Card has expired' });
  }

  const order = view.order;
  const interval = { startsAt: order.startsAt, endsAt: order.endsAt };
  if ((await blockingOrders(db, order.vendorId, interval, new Date(), order.id)).length > 0) {
    await cancelForTakenSlot(app, order.id, null);
    throw slotTaken();
  }

  const provider = paymentProvider(payment.provider);
  const charge = await provider.charge({
    amount: payment.amount,
    currency: payment.currency,
    card,
    idempotencyKey: `${payment.id}:${uuidv7()}`,
  });

  if (!charge.ok) {
    await db
      .update(payments)
      .set({
        status: 'failed',
        failureMessage: charge.message,
        cardLast4: charge.last4,
        updatedAt: new Date(),
      })
      .where(
        and(eq(payments.id, payment.id), inArray(payments.status, ['requires_payment', 'failed'])),
      );
    throw new AppError(402, charge.message, charge.code);
  }

  const when = formatWhen(order.startsAt, view.vendorTimeZone);
  let outcome: Outcome;
  try {
    outcome = await db.transaction(async (tx): Promise<Outcome> => {
      await tx
        .select({ id: vendorProfiles.id })
        .from(vendorProfiles)
        .where(eq(vendorProfiles.id, order.vendorId))
        .for('update');
      const [p] = await tx.select().from(payments).where(eq(payments.id, payment.id)).for('update');
      const [o] = await tx.select().from(orders).where(eq(orders.id, order.id)).for('update');
      if (!p || p.status === 'succeeded' || p.status === 'refunded') {
        return {
          kind: 'conflict',
          error: conflict('This order has already been paid', 'already_paid'),
        };
      }
      if (o?.status !== 'pending_payment') {
        return {
          kind: 'conflict',
          error: conflict('This order can no longer be paid', 'order_not_payable'),
        };
      }
      const taken = await blockingOrders(tx, order.vendorId, interval, new Date(), order.id);
      if (taken.length > 0) return { kind: 'conflict', error: slotTaken() };

      const now = new Date();
      await tx
        .update(payments)
        .set({
          status: 'succeeded',
          providerRef: charge.ref,
          cardLast4: charge.last4,
          failureMessage: null,
          updatedAt: now,
        })
        .where(eq(payments.id, payment.id));
      await tx
        .update(orders)
        .set({ status: 'paid', holdExpiresAt: null, updatedAt: now })
        .where(eq(orders.id, order.id));
      await tx.insert(orderEvents).values({
        id: uuidv7(),
        orderId: order.id,
        status: 'paid',
        actorId: user.id,
        note: `Paid ${formatMoney(payment.amount, payment.currency)} by card ending ${charge.last4}`,
      });
      const rows = await createNotifications(tx, [
        {
          userId: view.vendorUserId,
          type: 'order.paid',
          title: `New booking: ${view.serviceTitle} on ${when}`,
          body: `${view.customerName} booked ${view.serviceTitle} for ${when} (${order.reference}). Accept or decline it.`,
          link: vendorOrderLink(order.id),
        },
        {
          userId: order.customerId,
          type: 'payment.succeeded',
          title: 'Payment received',
          body: `We received ${formatMoney(payment.amount, payment.currency)} for ${view.serviceTitle} with ${view.businessName} on ${when} (${order.reference}).`,
          link: customerOrderLink(order.id),
        },
      ]);
      return { kind: 'paid', notices: rows };
    });
  } catch (err) {
    const { code, constraint } = pgError(err);
    if (code === '23505' && constraint === 'orders_vendor_slot_live_uq') {
      outcome = { kind: 'conflict', error: slotTaken() };
    } else {
      // Unknown failure after a successful charge: give the money back before reporting it.
      await provider.refund(charge.ref, payment.amount).catch(() => undefined);
      await db
        .update(payments)
        .set({
          status: 'failed',
          failureMessage: 'Payment could not be completed',
          updatedAt: new Date(),
        })
        .where(eq(payments.id, payment.id))
        .catch(() => undefined);
      throw err;
    }
  }

  if (outcome.kind === 'conflict') {
    await provider.refund(charge.ref, payment.amount).catch((err: unknown) => {
      app.log.error({ err, paymentId: payment.id }, 'refund after a conflicting payment failed');
    });
    const slotWasTaken = outcome.error.code === 'slot_taken';
    await db
      .update(payments)
      .set({
        status: 'refunded',
        providerRef: charge.ref,
        cardLast4: charge.last4,
        failureMessage: slotWasTaken
          ? 'That time was booked by someone else. Your payment was refunded.'
          : null,
        updatedAt: new Date(),
      })
      .where(
        and(eq(payments.id, payment.id), inArray(payments.status, ['requires_payment', 'failed'])),
      );
    if (slotWasTaken) await cancelForTakenSlot(app, order.id, null);
    throw outcome.error;
  }

  publishNotifications(app, outcome.notices);
  const fresh = await loadOrderView(db, order.id);
  const [paid] = await db.select().from(payments).where(eq(payments.id, payment.id));
  if (!fresh || !paid) throw orderNotFound();
  return { payment: toPaymentDto(paid), order: toOrderDto(fresh) };
}

/** The slot went to someone else before this order was paid: the order is cancelled. */
async function cancelForTakenSlot(app: FastifyInstance, orderId: string, actorId: string | null) {
  await app.db.transaction(async (tx) => {
    const [updated] = await tx
      .update(orders)
      .set({ status: 'cancelled', holdExpiresAt: null, updatedAt: new Date() })
      .where(and(eq(orders.id, orderId), eq(orders.status, 'pending_payment')))
      .returning({ id: orders.id });
    if (updated) {
      await tx.insert(orderEvents).values({
        id: uuidv7(),
        orderId,
        status: 'cancelled',
        actorId,
        note: 'That time was booked by someone else before payment',
      });
    }
  });
}
