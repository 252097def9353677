/** One counter-offer per quote: the customer makes it, the quote's pro accepts or declines it. */
import type { CounterQuoteBody, Quote } from '@vetted/contract';
import type { DbOrTx } from '../../../db/client';
import type { AuthUser } from '../../../platform/types';
import { AppError } from '../../../shared/errors';
import { formatMoney } from '../../../shared/money';
import type { QuotesContext } from '../deps';
import * as msg from '../messages';
import { decide, mayAnswerCounter, mayCounter, QUOTE_TRANSITIONS } from '../policy';
import * as repo from '../repository';
import { factsOf, type Party, proFacts, tell, visibleRequest } from './context';
import { maskerOf, quoteDto } from './present';

/**
 * Quote `quoteId` and the caller's part in its request: its customer, or its own pro (another
 * pro of the request gets the 404 of a random id, as does anyone else).
 * @throws AppError 404 `quote_not_found`
 */
export async function visibleQuote(db: DbOrTx, user: AuthUser, quoteId: string) {
  const quote = await repo.findQuote(db, quoteId);
  if (!quote) throw msg.quoteNotFound();
  try {
    const seen = await visibleRequest(db, user, quote.requestId);
    if (seen.party.role === 'vendor' && seen.party.vendor.id !== quote.vendorId) {
      throw msg.quoteNotFound();
    }
    return { quote, ...seen };
  } catch (err) {
    if (err instanceof AppError) throw msg.quoteNotFound();
    throw err;
  }
}

/** The quote `id` as `party` sees it now. */
export async function presentQuote(db: DbOrTx, party: Party, customerId: string, id: string) {
  const quote = await repo.findQuote(db, id);
  const vendor = quote ? (await repo.vendorsByIds(db, [quote.vendorId])).get(quote.vendorId) : null;
  if (!quote || !vendor) throw msg.quoteNotFound();
  const paid = await repo.paidVendorsOf(db, customerId, [vendor.id]);
  const reader =
    party.role === 'customer'
      ? { id: customerId, role: 'customer' as const }
      : { id: vendor.userId, role: 'vendor' as const };
  return quoteDto(quote, vendor, maskerOf(reader, paid.size > 0, vendor.country));
}

/**
 * `POST /v1/quote-requests/{id}/counter` (its customer: 403 `wrong_actor` for its pros): one
 * counter-offer on `quoteId`, a quote of this request (404 otherwise) still open (409
 * `quote_not_open`, `request_not_open`), none made on it before (409 `counter_exists`),
 * `amount` below the quote's total (400 `counter_not_below`). The counter is `pending`; the
 * pro is told.
 */
export async function counterQuote(
  ctx: QuotesContext,
  user: AuthUser,
  requestId: string,
  body: CounterQuoteBody,
): Promise<Quote> {
  const { party, view } = await visibleRequest(ctx.db, user, requestId);
  if (party.role !== 'customer') throw msg.wrongSide('customer');
  await ctx.inTransaction(async (tx) => {
    const request = await repo.lockRequest(tx, requestId);
    const quote = await repo.lockQuote(tx, body.quoteId);
    if (!request || !quote || quote.requestId !== requestId) throw msg.quoteOfRequestNotFound();
    if (request.status !== 'open') throw msg.requestNotOpen(request.status);
    if (!decide(QUOTE_TRANSITIONS, 'counter', 'customer', quote.status).ok) {
      throw msg.quoteNotOpen(quote.status);
    }
    const now = ctx.clock.now();
    if (quote.validUntil.getTime() <= now.getTime()) throw msg.quoteExpired();
    if (!mayCounter(quote.counterStatus)) throw msg.counterTaken();
    if (body.amount >= quote.total)
      throw msg.counterNotBelow(formatMoney(quote.total, quote.currency));
    await repo.updateQuote(tx, quote.id, {
      counterAmount: body.amount,
      counterNote: body.note,
      counterStatus: 'pending',
      counteredAt: now,
      updatedAt: now,
    });
    const pro = (await repo.vendorsByIds(tx, [quote.vendorId])).get(quote.vendorId);
    if (!pro) return;
    const notice = msg.counteredNotice(factsOf(view), proFacts(pro), body.amount, quote.currency);
    await tell(ctx, tx, requestId, [{ notice, email: pro.email }], `quote:${quote.id}:countered`);
  });
  return presentQuote(ctx.db, party, view.request.customerId, body.quoteId);
}

/**
 * `POST /v1/quotes/{id}/counter/accept|decline` (the quote's pro: 403 `wrong_actor` for its
 * customer): answers a `pending` counter-offer (409 `no_pending_counter`) of an open quote
 * (409 `quote_not_open`). Accepted: the quote's total becomes the counter's amount (its line
 * items stay as quoted; the order gets one "Agreed price (counter-offer)" line). The customer
 * is told either way.
 */
export async function answerCounter(
  ctx: QuotesContext,
  user: AuthUser,
  quoteId: string,
  accept: boolean,
): Promise<Quote> {
  const { party, view } = await visibleQuote(ctx.db, user, quoteId);
  if (party.role !== 'vendor') throw msg.wrongSide('vendor');
  await ctx.inTransaction(async (tx) => {
    await repo.lockRequest(tx, view.request.id);
    const quote = await repo.lockQuote(tx, quoteId);
    if (!quote) throw msg.quoteNotFound();
    if (!decide(QUOTE_TRANSITIONS, 'answer_counter', 'vendor', quote.status).ok) {
      throw msg.quoteNotOpen(quote.status);
    }
    if (!mayAnswerCounter(quote.counterStatus) || quote.counterAmount === null) {
      throw msg.noPendingCounter();
    }
    const now = ctx.clock.now();
    const total = accept ? quote.counterAmount : quote.total;
    await repo.updateQuote(tx, quoteId, {
      counterStatus: accept ? 'accepted' : 'declined',
      total,
      updatedAt: now,
    });
    const notice = msg.counterAnsweredNotice(factsOf(view), proFacts(party.vendor), accept, {
      amount: total,
      currency: quote.currency,
    });
    await tell(
      ctx,
      tx,
      view.request.id,
      [{ notice, email: view.customerEmail }],
      `quote:${quoteId}:counter-${accept ? 'accepted' : 'declined'}`,
    );
  });
  return presentQuote(ctx.db, party, view.request.customerId, quoteId);
}
