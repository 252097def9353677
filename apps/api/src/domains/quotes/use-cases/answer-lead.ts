/** The pro's one answer to a lead: a quote (line items, slots, validity) or a decline. */
import type { CreateQuoteBody, DeclineQuoteRequestBody, Quote, VendorLead } from '@vetted/contract';
import { v7 as uuidv7 } from 'uuid';
import type { Tx } from '../../../db/client';
import { enqueue } from '../../../jobs/engine';
import type { AuthUser } from '../../../platform/types';
import { checkVendorTime } from '../../scheduling';
import type { QuotesContext } from '../deps';
import { expireQuoteJob } from '../jobs/expire-quote';
import { maskContacts } from '../masking';
import * as msg from '../messages';
import { decide, LEAD_TRANSITIONS, lineItemsTotal } from '../policy';
import * as repo from '../repository';
import { factsOf, proFacts, tell, visibleRequest } from './context';
import { maskerOf, quoteCurrency, quoteDto, vendorLeadDto } from './present';
import { closeIfAllDeclined } from './close';

/**
 * The caller's lead on request `id`, the request and lead locked in `tx` (request first, as
 * every change takes them), checked that the lead is still `new` and the request `open`.
 * @throws AppError 404 `quote_request_not_found` (not theirs), 403 `wrong_actor` (its
 *   customer), 409 `request_not_open` / `lead_answered`
 */
async function lockOwnLead(
  ctx: QuotesContext,
  tx: Tx,
  user: AuthUser,
  id: string,
  action: 'quote' | 'decline',
) {
  const { view, party } = await visibleRequest(tx, user, id);
  if (party.role !== 'vendor') throw msg.wrongSide('vendor');
  const request = await repo.lockRequest(tx, id);
  const lead = await repo.lockLead(tx, party.lead.id);
  if (!request || !lead) throw msg.requestNotFound();
  if (request.status !== 'open') throw msg.requestNotOpen(request.status);
  if (!decide(LEAD_TRANSITIONS, action, 'vendor', lead.status).ok) {
    throw msg.leadAnswered(lead.status);
  }
  return { view, vendor: party.vendor, lead, now: ctx.clock.now() };
}

/**
 * Each slot is a free start of the pro's calendar for `durationMinutes` (scheduling
 * `checkVendorTime`). @throws AppError 400 `slot_not_free` naming the first that is not,
 *   400 `duplicate_slots`
 */
async function checkSlots(ctx: QuotesContext, vendorId: string, body: CreateQuoteBody, now: Date) {
  const starts = body.slots.map((s) => new Date(s));
  if (new Set(starts.map((s) => s.getTime())).size !== starts.length) throw msg.duplicateSlots();
  for (const [i, startsAt] of starts.entries()) {
    const check = await checkVendorTime(ctx.db, {
      vendorId,
      startsAt,
      durationMinutes: body.durationMinutes,
      now,
    });
    if (!check.ok) {
      throw msg.slotNotFree(body.slots[i]!, msg.slotRefusalText(check.reason, check.horizonDays));
    }
  }
  return starts;
}

/**
 * `POST /v1/quote-requests/{id}/quotes` (the lead's pro, once, while the lead is `new` and the
 * request `open`): the total is the sum of the line items in the pro's currency (their active
 * services' one); `validUntil` must be in the future (400 `invalid_valid_until`); every slot
 * free (400 `slot_not_free`). The lead becomes `quoted` (its `respondedAt` feeds the pro's
 * response time), the customer is told, and `quotes.expire-quote` is queued at `validUntil`.
 */
export async function createQuote(
  ctx: QuotesContext,
  user: AuthUser,
  id: string,
  body: CreateQuoteBody,
): Promise<Quote> {
  // Early checks outside the transaction, so a refused quote holds no lock while slots are read.
  const first = await visibleRequest(ctx.db, user, id);
  if (first.party.role !== 'vendor') throw msg.wrongSide('vendor');
  const now = ctx.clock.now();
  const validUntil = new Date(body.validUntil);
  if (validUntil.getTime() <= now.getTime()) throw msg.validUntilPast();
  const starts = await checkSlots(ctx, first.party.vendor.id, body, now);
  const quoteId = uuidv7();
  await ctx.inTransaction(async (tx) => {
    const { view, vendor, lead } = await lockOwnLead(ctx, tx, user, id, 'quote');
    const at = ctx.clock.now();
    const total = lineItemsTotal(body.lineItems);
    const currency = quoteCurrency(vendor, view.request);
    await repo.insertQuote(tx, {
      id: quoteId,
      requestId: id,
      leadId: lead.id,
      vendorId: vendor.id,
      lineItems: body.lineItems,
      total,
      currency,
      slots: starts.map((s) => s.toISOString()),
      durationMinutes: body.durationMinutes,
      message: body.message,
      validUntil,
      status: 'open',
      createdAt: at,
      updatedAt: at,
    });
    await repo.updateLead(tx, lead.id, { status: 'quoted', respondedAt: at, updatedAt: at });
    const notice = msg.quotedNotice(factsOf(view), proFacts(vendor), total, currency);
    await tell(ctx, tx, id, [{ notice, email: view.customerEmail }], `quote:${quoteId}:created`);
    await enqueue(
      tx,
      expireQuoteJob,
      { quoteId },
      { key: `quote:${quoteId}:expire`, startAfter: validUntil },
    );
  });
  const quote = await repo.findQuote(ctx.db, quoteId);
  if (!quote) throw new Error(`quote ${quoteId} vanished`);
  // The pro reads their own texts as written; the customer's note (none yet) would be masked.
  return quoteDto(
    quote,
    first.party.vendor,
    maskerOf({ id: user.id, role: 'vendor' }, false, null),
  );
}

/**
 * `POST /v1/quote-requests/{id}/decline` (the lead's pro, once, while `new` and the request
 * open): the lead becomes `declined` with `reason`, the customer is told (the reason masked
 * for them until they booked this pro). When every lead is then declined, the request closes.
 */
export async function declineLead(
  ctx: QuotesContext,
  user: AuthUser,
  id: string,
  body: DeclineQuoteRequestBody,
): Promise<VendorLead> {
  const vendorId = await ctx.inTransaction(async (tx) => {
    const { view, vendor, lead, now } = await lockOwnLead(ctx, tx, user, id, 'decline');
    await repo.updateLead(tx, lead.id, {
      status: 'declined',
      declineReason: body.reason,
      respondedAt: now,
      updatedAt: now,
    });
    const paid = await repo.paidCustomersOf(tx, vendor.id, [view.request.customerId]);
    const reason = paid.size > 0 ? body.reason : maskContacts(body.reason, vendor.country);
    const notice = msg.declinedNotice(factsOf(view), proFacts(vendor), reason);
    await tell(
      ctx,
      tx,
      id,
      [{ notice, email: view.customerEmail }],
      `quote-lead:${lead.id}:declined`,
    );
    await closeIfAllDeclined(ctx, tx, id);
    return vendor.id;
  });
  const rows = await repo.leadsOfVendor(ctx.db, vendorId);
  const row = rows.find((r) => r.request.id === id);
  if (!row) throw msg.requestNotFound();
  const paid = await repo.paidCustomersOf(ctx.db, vendorId, [row.request.customerId]);
  return vendorLeadDto(row, maskerOf({ id: user.id, role: 'vendor' }, paid.size > 0, null));
}
