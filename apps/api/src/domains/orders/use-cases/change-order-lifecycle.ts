/**
 * What happens to an order's extras (change orders) as money and the job move on: the
 * customer's card authorised for one (approved), the job completed (approved extras captured,
 * the final receipt mailed) or ended otherwise (authorised extras voided, open ones cancelled).
 * Each runs inside the caller's transaction, with the order row already locked; its side
 * effects are outbox rows of that transaction.
 */
import type { OrderStatus } from '@vetted/contract';
import type { DbOrTx } from '../../../db/client';
import { enqueueMail } from '../../mail';
import { notify, pushToUsers } from '../../notifications';
import * as text from '../change-order-messages';
import * as repo from '../change-orders-repository';
import type { ChangeOrderRow } from '../change-orders-repository';
import type { OrderPayments } from '../deps';
import { loadOrderFacts, type OrderFactsRow } from '../repository';

/** Order states in which extras may be proposed and approved (the job not over). */
export const CHANGEABLE_STATES: readonly OrderStatus[] = ['accepted', 'in_progress'];

/** What the texts of one extra say about it and its order. */
export function extraFacts(v: OrderFactsRow, co: ChangeOrderRow): text.ExtraFacts {
  return {
    orderId: v.order.id,
    reference: v.order.reference,
    serviceTitle: v.serviceTitle,
    businessName: v.businessName,
    customerName: v.customerName,
    description: co.description,
    amount: co.amount,
    fee: co.fee,
    currency: co.currency,
  };
}

/**
 * For the payments domain, in its transaction (order → payment locked): the customer's card is
 * authorised for the extra whose approval is payment `paymentId`. When the extra is still
 * proposed and its order accepted or in progress, the extra becomes `approved` (`decidedAt` =
 * `at`), the pro is told (in-app and live frame) and both order pages refresh; answers true.
 * Otherwise (the job ended, the extra was declined or cancelled) nothing changes and it
 * answers false: the caller releases the authorisation.
 */
export async function approveChangeOrderOnAuthorization(
  tx: DbOrTx,
  input: { paymentId: string; at: Date },
): Promise<boolean> {
  const co = await repo.lockChangeOrderOfPayment(tx, input.paymentId);
  const v = co ? await loadOrderFacts(tx, co.orderId) : null;
  if (!co || !v || co.status !== 'proposed' || !CHANGEABLE_STATES.includes(v.order.status)) {
    return false;
  }
  const approved = await repo.updateChangeOrder(tx, co.id, {
    status: 'approved',
    decidedAt: input.at,
    updatedAt: input.at,
  });
  await notify(tx, [
    {
      userId: v.vendorUserId,
      ...text.approvedNotice(extraFacts(v, approved ?? co)),
      key: `change-order:${co.id}:approved:vendor`,
    },
  ]);
  await pushToUsers(tx, [v.order.customerId, v.vendorUserId], {
    type: 'order',
    data: { id: v.order.id, status: v.order.status },
  });
  return true;
}

/**
 * For the payments domain, in the transaction that records a full refund of the booking (order
 * locked): the job will not go on, so every still-proposed extra is `cancelled`, and so is every
 * approved one whose authorisation the refund released (`releasedPaymentIds`). Captured extras
 * stay `approved`: their payments show the refund.
 */
export async function closeExtrasOnRefund(
  tx: DbOrTx,
  input: { orderId: string; releasedPaymentIds: string[]; at: Date },
): Promise<void> {
  for (const co of await repo.lockChangeOrdersIn(tx, input.orderId, ['proposed', 'approved'])) {
    const released = co.paymentId !== null && input.releasedPaymentIds.includes(co.paymentId);
    if (co.status === 'approved' && !released) continue;
    await repo.updateChangeOrder(tx, co.id, {
      status: 'cancelled',
      decidedAt: co.decidedAt ?? input.at,
      updatedAt: input.at,
    });
  }
}

/** The extra whose approval is payment `paymentId` (its fee and words), or null. */
export const changeOrderOfPayment = repo.changeOrderOfPayment;

/** What {@link settleExtrasOnEnd} needs of the orders context. */
interface EndDeps {
  payments: Pick<OrderPayments, 'requestChangeOrderCapture' | 'releaseChangeOrderPayment'>;
  config: { publicUrl: string };
}

/**
 * In `tx` (order locked), once the order moved to `to`:
 * - `completed`: every approved extra's authorisation is captured (job `payment.capture`, as
 *   the booking's at accept), a still-proposed extra is `cancelled` (its open payment closed),
 *   and, when the order has extras or quote lines, the final receipt with every line is mailed;
 * - `cancelled` / `declined` / `refunded`: every approved extra's authorisation is voided and
 *   a still-proposed one `cancelled` — nothing of an extra is charged for a job that did not
 *   happen.
 * Any other state: nothing.
 */
export async function settleExtrasOnEnd(
  deps: EndDeps,
  tx: DbOrTx,
  input: { orderId: string; to: OrderStatus; actorId: string | null; now: Date },
): Promise<void> {
  const { orderId, to, actorId, now } = input;
  const ending = to === 'completed' || to === 'cancelled' || to === 'declined' || to === 'refunded';
  if (!ending) return;
  const open = await repo.lockChangeOrdersIn(tx, orderId, ['proposed', 'approved']);
  for (const co of open) {
    if (co.status === 'approved' && co.paymentId && to === 'completed') {
      await deps.payments.requestChangeOrderCapture(tx, co.paymentId, actorId);
      continue;
    }
    if (co.paymentId) await deps.payments.releaseChangeOrderPayment(tx, co.paymentId, actorId);
    if (co.status === 'proposed' || to !== 'completed') {
      // An approved extra of a job that did not happen is cancelled too: its hold is released.
      await repo.updateChangeOrder(tx, co.id, {
        status: 'cancelled',
        decidedAt: co.decidedAt ?? now,
        updatedAt: now,
      });
    }
  }
  if (to === 'completed') await mailFinalReceipt(deps, tx, orderId);
}

/**
 * The final receipt at completion (outbox key `order:<id>:final-receipt`): sent when the order
 * has approved extras or is a quote's (its line items); a plain slot booking's receipt at
 * checkout already said everything.
 */
async function mailFinalReceipt(deps: EndDeps, tx: DbOrTx, orderId: string): Promise<void> {
  const v = await loadOrderFacts(tx, orderId);
  if (!v) return;
  const extras = (await repo.changeOrdersOfOrder(tx, orderId)).filter(
    (c) => c.status === 'approved',
  );
  const items = lineItemsOf(v.order.lineItems);
  if (extras.length === 0 && !items) return;
  const o = v.order;
  const mail = text.completedReceiptMail({
    to: v.customerEmail,
    customerName: v.customerName,
    reference: o.reference,
    orderId: o.id,
    businessName: v.businessName,
    currency: o.currency,
    lines: items
      ? items.map((l) => ({ label: l.description, amount: l.amount }))
      : [{ label: v.serviceTitle, amount: o.subtotal }],
    bookingFee: o.fee,
    extras: extras.map((c) => ({ description: c.description, amount: c.amount, fee: c.fee })),
    publicUrl: deps.config.publicUrl,
  });
  await enqueueMail(tx, mail, `order:${o.id}:final-receipt`);
}

/** The quote's line items stored on an order (`orders.line_items`), or null for a slot booking. */
export function lineItemsOf(value: unknown): { description: string; amount: number }[] | null {
  if (!Array.isArray(value) || value.length === 0) return null;
  return value
    .filter(
      (l): l is { description: string; amount: number } =>
        typeof l === 'object' &&
        l !== null &&
        typeof (l as { description?: unknown }).description === 'string' &&
        typeof (l as { amount?: unknown }).amount === 'number',
    )
    .map((l) => ({ description: l.description, amount: l.amount }));
}
