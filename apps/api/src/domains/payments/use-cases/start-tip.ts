/** Tipping the pro of a completed order (spec: one tip per order), and the tip as shown. */
import { maxTip, type Payment, TIP_LIMITS, type TipBody } from '@vetted/contract';
import { v7 as uuidv7 } from 'uuid';
import type { DbOrTx } from '../../../db/client';
import { badRequest } from '../../../lib/errors';
import { tipCurrency, tipReplaced, tipTooLarge, tipTooSmall } from '../messages';
import { CONFIRMABLE, PAID_STATUSES, tipRefusal } from '../policy';
import * as repo from '../repository';
import type { OrderRow } from '../repository';
import type { Payer } from '../types';
import type { PaymentsContext } from './context';
import { alreadyTipped, notTippable, orderNotFound } from './errors';
import { preparePayment } from './initialize';
import { lockOrder, loadOrderFacts } from '../../orders';

/**
 * `POST /v1/orders/{id}/tip`: starts a tip of `body.amount` minor units in the
 * order's currency for a completed order, by its customer — a `payments` row of kind `tip`
 * prepared with the configured provider like a checkout (`initialize`); the customer then
 * confirms it with `POST /v1/payments/{id}/confirm` (sandbox: the card; Stripe: Stripe.js
 * first), which authorises it and queues its capture at once; the capture posts the whole
 * tip to the vendor's payable (ledger `tipPostings`). One tip per order: 409 `already_tipped`
 * once one was charged. Asking again with the same amount resumes the open attempt; another
 * amount replaces it (the old attempt, never authorised, is closed).
 *
 * Errors: 404 `order_not_found` (not the caller's order, or not a customer); 409
 * `order_not_tippable` (not completed), `already_tipped`; 400 `invalid_tip` for a foreign
 * currency or an amount outside `TIP_LIMITS` / `maxTip` (contract cancellation.ts).
 */
export async function startTip(
  ctx: PaymentsContext,
  { user, orderId, body }: { user: Payer; orderId: string; body: TipBody },
): Promise<Payment> {
  const facts = await loadOrderFacts(ctx.db, orderId);
  if (!facts || user.role !== 'customer' || facts.order.customerId !== user.id) {
    throw orderNotFound();
  }
  const o = facts.order;
  checkTip(o, body);
  const row = await ctx.inTransaction(async (tx) => {
    // Serialise tips of one order on its row (one tip per order).
    await lockOrder(tx, orderId);
    const tips = await repo.tipPayments(tx, orderId);
    if (tips.some((t) => PAID_STATUSES.includes(t.status))) throw alreadyTipped();
    const open = tips.find((t) => CONFIRMABLE.includes(t.status));
    if (open?.amount === body.amount) return open;
    if (open) {
      // Never authorised: closing it moves no money (a Stripe intent left unconfirmed holds none).
      await repo.updatePayment(tx, open.id, {
        status: 'voided',
        failureMessage: tipReplaced(body.amount, o.currency),
        updatedAt: ctx.clock.now(),
      });
    }
    return repo.insertPayment(tx, {
      id: uuidv7(),
      orderId,
      kind: 'tip',
      provider: ctx.config.paymentProvider,
      amount: body.amount,
      currency: o.currency,
    });
  });
  return preparePayment(ctx, row);
}

/** 409 unless the order is completed; 400 `invalid_tip` for a foreign currency or amount. */
function checkTip(o: OrderRow, body: TipBody): void {
  if (body.currency && body.currency.toUpperCase() !== o.currency) {
    throw badRequest(tipCurrency(o.currency), 'invalid_tip', {
      currency: tipCurrency(o.currency),
    });
  }
  const refusal = tipRefusal(o, body.amount);
  if (refusal === 'not_completed') throw notTippable();
  if (refusal === 'too_small' || refusal === 'too_large') {
    const text =
      refusal === 'too_small'
        ? tipTooSmall(TIP_LIMITS.minMinor, o.currency)
        : tipTooLarge(maxTip(o.subtotal), o.currency);
    throw badRequest(text, 'invalid_tip', { amount: text });
  }
}

/**
 * The order's tip as the API shows it: the charged one if any, else the newest
 * open attempt; null when none was started (or only replaced ones remain).
 */
export async function tipOf(
  ctx: PaymentsContext,
  dbx: DbOrTx,
  orderId: string,
): Promise<Payment | null> {
  const tips = await repo.tipPayments(dbx, orderId);
  const shown =
    tips.find((t) => PAID_STATUSES.includes(t.status)) ??
    tips.find((t) => CONFIRMABLE.includes(t.status));
  return shown ? ctx.dto(shown) : null;
}
