/**
 * Ending a request or a quote: the customer's cancel, the 7-day close and the quote's expiry
 * (both scheduled jobs, idempotent: a rerun finds nothing open and does nothing), and the close
 * of a request every pro declined.
 */
import type { QuoteRequest } from '@vetted/contract';
import type { Tx } from '../../../db/client';
import type { AuthUser } from '../../../platform/types';
import type { QuotesContext } from '../deps';
import * as msg from '../messages';
import { decide, LEAD_TRANSITIONS, QUOTE_TRANSITIONS, REQUEST_TRANSITIONS } from '../policy';
import * as repo from '../repository';
import { factsOf, proFacts, tell, visibleRequest } from './context';
import { freshRequest } from './read';

/**
 * In `tx` (the request locked): every open quote of the request is withdrawn and every lead
 * still open (`new` / `quoted`) closed. Answers the pros of those leads.
 */
async function windDown(tx: Tx, requestId: string, now: Date): Promise<repo.VendorInfo[]> {
  const leads = await repo.leadsOf(tx, requestId);
  const open = leads.filter((l) => decide(LEAD_TRANSITIONS, 'close', 'system', l.lead.status).ok);
  for (const l of leads) {
    if (l.quote && decide(QUOTE_TRANSITIONS, 'withdraw', 'system', l.quote.status).ok) {
      await repo.updateQuote(tx, l.quote.id, { status: 'withdrawn', updatedAt: now });
    }
  }
  for (const l of open) {
    await repo.updateLead(tx, l.lead.id, { status: 'closed', updatedAt: now });
  }
  const vendors = await repo.vendorsByIds(
    tx,
    open.map((l) => l.lead.vendorId),
  );
  return [...vendors.values()];
}

/**
 * `POST /v1/quote-requests/{id}/cancel` (its customer, while `open`: 403 `wrong_actor` for its
 * pros, 409 `request_not_open` after): the request is `cancelled`, its open quotes withdrawn,
 * its open leads closed, and their pros told.
 */
export async function cancelRequest(
  ctx: QuotesContext,
  user: AuthUser,
  id: string,
): Promise<QuoteRequest> {
  const { party } = await visibleRequest(ctx.db, user, id);
  if (party.role !== 'customer') throw msg.wrongSide('customer');
  await ctx.inTransaction(async (tx) => {
    const request = await repo.lockRequest(tx, id);
    const view = await repo.loadRequest(tx, id);
    if (!request || !view) throw msg.requestNotFound();
    if (!decide(REQUEST_TRANSITIONS, 'cancel', 'customer', request.status).ok) {
      throw msg.requestNotOpen(request.status);
    }
    const now = ctx.clock.now();
    await repo.updateRequest(tx, id, { status: 'cancelled', updatedAt: now });
    const pros = await windDown(tx, id, now);
    const facts = factsOf(view);
    const items = pros.map((p) => ({
      notice: msg.cancelledNotice(facts, proFacts(p)),
      email: p.email,
    }));
    await tell(ctx, tx, id, items, `quote-request:${id}:cancelled`);
  });
  return freshRequest(ctx, user, id);
}

/**
 * `quotes.close-request` at `closesAt`: a request still `open` then (no quote accepted) is
 * `closed`, its open quotes withdrawn and open leads closed; the customer and those leads' pros
 * are told. A request booked, cancelled or closed already is left; so is one not yet due.
 */
export async function closeRequest(ctx: QuotesContext, requestId: string): Promise<void> {
  await ctx.inTransaction(async (tx) => {
    const request = await repo.lockRequest(tx, requestId);
    const view = await repo.loadRequest(tx, requestId);
    if (!request || !view || request.status !== 'open') return;
    const now = ctx.clock.now();
    if (now.getTime() < request.closesAt.getTime()) return;
    await repo.updateRequest(tx, requestId, { status: 'closed', updatedAt: now });
    const pros = await windDown(tx, requestId, now);
    const facts = factsOf(view);
    await tell(
      ctx,
      tx,
      requestId,
      [
        { notice: msg.closedCustomerNotice(facts), email: view.customerEmail },
        ...pros.map((p) => ({ notice: msg.closedProNotice(facts, proFacts(p)), email: p.email })),
      ],
      `quote-request:${requestId}:closed`,
    );
  });
}

/**
 * In `tx` (the request locked by the caller): when every lead of the open request is declined,
 * the request closes at once (no pro will quote it) and the customer is told.
 */
export async function closeIfAllDeclined(ctx: QuotesContext, tx: Tx, requestId: string) {
  const leads = await repo.leadsOf(tx, requestId);
  if (leads.length === 0 || leads.some((l) => l.lead.status !== 'declined')) return;
  const view = await repo.loadRequest(tx, requestId);
  if (view?.request.status !== 'open') return;
  await repo.updateRequest(tx, requestId, { status: 'closed', updatedAt: ctx.clock.now() });
  await tell(
    ctx,
    tx,
    requestId,
    [{ notice: msg.allDeclinedNotice(factsOf(view)), email: view.customerEmail }],
    `quote-request:${requestId}:all-declined`,
  );
}

/**
 * `quotes.expire-quote` at `validUntil`: a quote still `open` then is `expired` (the customer
 * can no longer accept it) and both sides are told. Any other quote is left.
 */
export async function expireQuote(ctx: QuotesContext, quoteId: string): Promise<void> {
  const found = await repo.findQuote(ctx.db, quoteId);
  if (!found) return;
  await ctx.inTransaction(async (tx) => {
    await repo.lockRequest(tx, found.requestId);
    const quote = await repo.lockQuote(tx, quoteId);
    const view = await repo.loadRequest(tx, found.requestId);
    if (!quote || !view || quote.status !== 'open') return;
    const now = ctx.clock.now();
    if (now.getTime() < quote.validUntil.getTime()) return;
    await repo.updateQuote(tx, quoteId, { status: 'expired', updatedAt: now });
    const pro = (await repo.vendorsByIds(tx, [quote.vendorId])).get(quote.vendorId);
    if (!pro) return;
    const [toCustomer, toPro] = msg.expiredNotices(factsOf(view), proFacts(pro));
    await tell(
      ctx,
      tx,
      view.request.id,
      [
        { notice: toCustomer!, email: view.customerEmail },
        { notice: toPro!, email: pro.email },
      ],
      `quote:${quoteId}:expired`,
    );
  });
}
