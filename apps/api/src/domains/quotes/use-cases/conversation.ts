/**
 * A question about a quote goes through the customer's and the pro's direct conversation,
 * linked to the request; its messages are masked like the request's texts (masking.ts) until
 * a paid order exists between the two.
 */
import type { Conversation, QuoteConversationBody } from '@vetted/contract';
import type { AuthUser } from '../../../platform/types';
import { type MessageMasker, openQuoteConversation } from '../../conversations';
import type { QuotesContext } from '../deps';
import { maskContacts } from '../masking';
import * as msg from '../messages';
import * as repo from '../repository';
import { visibleRequest } from './context';

/**
 * `POST /v1/quote-requests/{id}/conversation`: the pair's direct conversation (created on
 * first use), linked to the request. The customer names the pro (`vendorId`, one of the
 * request's pros: 400 `vendor_required` without, 404 `vendor_not_found` for another pro); a
 * pro's other side is the request's customer. 404 for anyone with no part in the request.
 */
export async function openConversation(
  ctx: QuotesContext,
  user: AuthUser,
  id: string,
  body: QuoteConversationBody,
): Promise<Conversation> {
  const { view, leads, party } = await visibleRequest(ctx.db, user, id);
  let vendor: repo.VendorInfo | undefined;
  if (party.role === 'vendor') vendor = party.vendor;
  else {
    if (!body.vendorId) throw msg.conversationVendorNeeded();
    const lead = leads.find((l) => l.lead.vendorId === body.vendorId);
    if (lead)
      vendor = (await repo.vendorsByIds(ctx.db, [lead.lead.vendorId])).get(lead.lead.vendorId);
    if (!vendor) throw msg.proNotFound();
  }
  return openQuoteConversation(ctx, user, {
    customerId: view.request.customerId,
    vendorId: vendor.id,
    vendorUserId: vendor.userId,
    quoteRequestId: id,
  });
}

/**
 * The conversations domain's masking of a direct conversation linked to a quote request
 * (conversations deps `maskMessages`): until the customer paid the pro an order, messages the
 * other side wrote have phone numbers and emails masked (the pro's country for national
 * numbers); the reader's own messages, other conversations and booked pairs go out as written.
 */
export const quoteMessageMasker: MessageMasker = async (db, c, readerId) => {
  if (c.kind !== 'direct' || !c.quoteRequestId || !c.vendorId) return null;
  const paid = await repo.paidVendorsOf(db, c.userId, [c.vendorId]);
  if (paid.size > 0) return null;
  const vendor = (await repo.vendorsByIds(db, [c.vendorId])).get(c.vendorId);
  const country = vendor?.country || null;
  return (body, senderId) => (senderId === readerId ? body : maskContacts(body, country));
};
