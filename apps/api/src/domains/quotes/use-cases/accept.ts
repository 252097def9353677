/** `POST /v1/quotes/{id}/accept`: the customer books a quote; every other quote closes. */
import type { AcceptedQuote, AcceptQuoteBody, QuoteLineItem } from '@vetted/contract';
import type { Tx } from '../../../db/client';
import type { AuthUser } from '../../../platform/types';
import type { QuotesContext } from '../deps';
import * as msg from '../messages';
import {
  decide,
  isQuotedSlot,
  LEAD_TRANSITIONS,
  QUOTE_TRANSITIONS,
  REQUEST_TRANSITIONS,
} from '../policy';
import * as repo from '../repository';
import { factsOf, proFacts, tell } from './context';
import { presentQuote, visibleQuote } from './counter';
import { lineItemsOf } from './present';

/** The one line an order gets when the pro accepted the customer's counter-offer. */
export const COUNTER_LINE = 'Agreed price (counter-offer)';

/** The order's line items: the quote's, or one agreed-price line after an accepted counter. */
function orderLines(quote: repo.QuoteRow): QuoteLineItem[] {
  return quote.counterStatus === 'accepted'
    ? [{ description: COUNTER_LINE, amount: quote.total }]
    : lineItemsOf(quote);
}

/**
 * In `tx`: every other open quote of the request is `not_chosen`, every other lead still `new`
 * or `quoted` too, and their pros are told.
 */
async function closeTheRest(
  ctx: QuotesContext,
  tx: Tx,
  view: repo.RequestView,
  chosenLeadId: string,
  now: Date,
) {
  const leads = await repo.leadsOf(tx, view.request.id);
  const losers = leads.filter(
    (l) =>
      l.lead.id !== chosenLeadId &&
      decide(LEAD_TRANSITIONS, 'not_chosen', 'system', l.lead.status).ok,
  );
  for (const l of losers) {
    await repo.updateLead(tx, l.lead.id, { status: 'not_chosen', updatedAt: now });
    if (l.quote && decide(QUOTE_TRANSITIONS, 'not_chosen', 'system', l.quote.status).ok) {
      await repo.updateQuote(tx, l.quote.id, { status: 'not_chosen', updatedAt: now });
    }
  }
  const pros = await repo.vendorsByIds(
    tx,
    losers.map((l) => l.lead.vendorId),
  );
  const facts = factsOf(view);
  const items = [...pros.values()].map((p) => ({
    notice: msg.notChosenNotice(facts, proFacts(p)),
    email: p.email,
  }));
  await tell(ctx, tx, view.request.id, items, `quote-request:${view.request.id}:not-chosen`);
}

/**
 * Accepts quote `id` on `startsAt`, one of its slots (400 `not_a_quoted_slot`), by the
 * request's customer (403 `wrong_actor` for the pro; 404 for anyone else). In ONE transaction
 * holding the request's row lock (`FOR UPDATE`: parallel accepts of any of its quotes run one
 * after another, so exactly one books): the request must be `open` (409 `request_not_open`),
 * the quote `open` (409 `quote_not_open`) and unexpired (409 `quote_expired`); the orders
 * domain books the order at the quoted total (409 `slot_taken`, 429 `too_many_unpaid_orders`:
 * then nothing changes); the quote becomes `accepted` with its order, the request `booked`,
 * every other quote and open lead `not_chosen`; the chosen pro and the others are told.
 * Answers the quote and the order to pay in the usual checkout.
 */
export async function acceptQuote(
  ctx: QuotesContext,
  user: AuthUser,
  id: string,
  body: AcceptQuoteBody,
): Promise<AcceptedQuote> {
  const { quote: seen, party, view: before } = await visibleQuote(ctx.db, user, id);
  if (party.role !== 'customer') throw msg.wrongSide('customer');
  const startsAt = new Date(body.startsAt);
  if (!isQuotedSlot(seen.slots as string[], startsAt)) throw msg.notAQuotedSlot();
  const orderId = await ctx.inTransaction(async (tx) => {
    const request = await repo.lockRequest(tx, seen.requestId);
    const quote = await repo.lockQuote(tx, id);
    const view = await repo.loadRequest(tx, seen.requestId);
    if (!request || !quote || !view) throw msg.quoteNotFound();
    if (!decide(REQUEST_TRANSITIONS, 'book', 'customer', request.status).ok) {
      throw msg.requestNotOpen(request.status);
    }
    if (!decide(QUOTE_TRANSITIONS, 'accept', 'customer', quote.status).ok) {
      throw msg.quoteNotOpen(quote.status);
    }
    const now = ctx.clock.now();
    if (quote.validUntil.getTime() <= now.getTime()) throw msg.quoteExpired();
    const booked = await ctx.quoteOrders.book(tx, {
      quoteId: quote.id,
      customerId: request.customerId,
      vendorId: quote.vendorId,
      categoryId: request.categoryId,
      title: `Quoted job: ${view.category.name}`,
      description: request.description,
      lineItems: orderLines(quote),
      subtotal: quote.total,
      currency: quote.currency,
      durationMinutes: quote.durationMinutes,
      startsAt,
      address: request.address,
      notes: null,
      now,
    });
    await repo.updateQuote(tx, id, {
      status: 'accepted',
      orderId: booked,
      acceptedAt: now,
      updatedAt: now,
    });
    await repo.updateRequest(tx, request.id, {
      status: 'booked',
      acceptedQuoteId: id,
      updatedAt: now,
    });
    await closeTheRest(ctx, tx, view, quote.leadId, now);
    const pro = (await repo.vendorsByIds(tx, [quote.vendorId])).get(quote.vendorId);
    if (pro) {
      const notice = msg.acceptedNotice(factsOf(view), proFacts(pro), startsAt);
      await tell(ctx, tx, request.id, [{ notice, email: pro.email }], `quote:${id}:accepted`);
    }
    return booked;
  });
  return { quote: await presentQuote(ctx.db, party, before.request.customerId, id), orderId };
}
