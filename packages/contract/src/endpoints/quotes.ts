import { z } from 'zod';
import { paymentSchema } from '../orders';
import {
  acceptedQuoteSchema,
  acceptQuoteBodySchema,
  changeOrderParamsSchema,
  changeOrderSchema,
  counterQuoteBodySchema,
  createChangeOrderBodySchema,
  createQuoteBodySchema,
  createQuoteRequestBodySchema,
  declineQuoteRequestBodySchema,
  quoteConversationBodySchema,
  quoteRequestSchema,
  quoteRequestSummarySchema,
  quoteSchema,
  vendorFreeSlotsQuerySchema,
  vendorFreeSlotsSchema,
  vendorLeadSchema,
  vendorLeadsQuerySchema,
} from '../quotes';
import { conversationSchema } from '../conversations';
import { routes } from '../routes';
import { type EndpointDef, idParamsSchema } from './shared';

/** Quotes: the customer's requests, the pros' leads and quotes, and change orders. */
export const quoteEndpoints = {
  createQuoteRequest: {
    ...routes.createQuoteRequest,
    body: createQuoteRequestBodySchema,
    response: quoteRequestSchema,
    summary:
      'Ask for quotes (customers; JSON, or multipart with the same fields and up to 6 `photos`): sent to the pro named by `vendorId`, or to up to 5 approved pros of the category whose service area covers the place, best first; answered with its matches',
  },
  listQuoteRequests: {
    ...routes.listQuoteRequests,
    response: z.array(quoteRequestSummarySchema),
    summary: "The customer's quote requests, newest first",
  },
  getQuoteRequest: {
    ...routes.getQuoteRequest,
    params: idParamsSchema,
    response: quoteRequestSchema,
    summary:
      'A request: its customer sees every quote side by side, a matched pro only their own lead (others get 404); contact details masked until booked',
  },
  cancelQuoteRequest: {
    ...routes.cancelQuoteRequest,
    params: idParamsSchema,
    response: quoteRequestSchema,
    summary:
      'Cancel an open request (its customer): every open quote is withdrawn and the pros told',
  },
  createQuote: {
    ...routes.createQuote,
    params: idParamsSchema,
    body: createQuoteBodySchema,
    response: quoteSchema,
    summary:
      "Quote a lead (its pro): line items summed in the pro's currency, 1–3 slots free in the pro's calendar for the duration, valid until a time",
  },
  declineQuoteRequest: {
    ...routes.declineQuoteRequest,
    params: idParamsSchema,
    body: declineQuoteRequestBodySchema,
    response: vendorLeadSchema,
    summary: 'Decline a lead (its pro), with a reason shown to the customer',
  },
  counterQuote: {
    ...routes.counterQuote,
    params: idParamsSchema,
    body: counterQuoteBodySchema,
    response: quoteSchema,
    summary:
      "Counter one open quote of the request (its customer), once per quote, below the quote's total",
  },
  openQuoteConversation: {
    ...routes.openQuoteConversation,
    params: idParamsSchema,
    body: quoteConversationBodySchema,
    response: conversationSchema,
    summary:
      "The customer's and the pro's conversation, linked to the request (a question about a quote); created on first use",
  },
  acceptCounter: {
    ...routes.acceptCounter,
    params: idParamsSchema,
    response: quoteSchema,
    summary:
      "Accept the customer's counter-offer (the quote's pro): the quote's total becomes its amount",
  },
  declineCounter: {
    ...routes.declineCounter,
    params: idParamsSchema,
    response: quoteSchema,
    summary: "Decline the customer's counter-offer (the quote's pro): the quote stands as it was",
  },
  acceptQuote: {
    ...routes.acceptQuote,
    params: idParamsSchema,
    body: acceptQuoteBodySchema,
    response: acceptedQuoteSchema,
    summary:
      'Accept a quote on one of its slots (the customer): creates the order at the quoted total plus the platform fee, paid in the usual checkout (then accepted: the pro committed by quoting); every other quote closes',
  },
  listVendorLeads: {
    ...routes.listVendorLeads,
    query: vendorLeadsQuerySchema,
    response: z.array(vendorLeadSchema),
    summary: "The pro's leads, newest first, optionally of one status",
  },
  getVendorFreeSlots: {
    ...routes.getVendorFreeSlots,
    query: vendorFreeSlotsQuerySchema,
    response: vendorFreeSlotsSchema,
    summary:
      "Starts free in the pro's calendar for a job of `durationMinutes` (the quote builder's picker)",
  },
  createChangeOrder: {
    ...routes.createChangeOrder,
    params: idParamsSchema,
    body: createChangeOrderBodySchema,
    response: changeOrderSchema,
    summary:
      "Propose an extra (the order's pro, while accepted or in progress; JSON, or multipart with up to 6 `photos`): nothing is charged until the customer approves",
  },
  approveChangeOrder: {
    ...routes.approveChangeOrder,
    params: changeOrderParamsSchema,
    response: paymentSchema,
    summary:
      "Approve an extra (the order's customer): its amount plus the fee is authorised on a card — the answer is the payment to confirm, as in checkout; the extra is approved once authorised",
  },
  declineChangeOrder: {
    ...routes.declineChangeOrder,
    params: changeOrderParamsSchema,
    response: changeOrderSchema,
    summary: "Decline an extra (the order's customer): nothing is charged",
  },
} as const satisfies Record<string, EndpointDef>;
