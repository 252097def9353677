import type {
  AcceptQuoteBody,
  CounterQuoteBody,
  CreateChangeOrderBody,
  CreateQuoteBody,
  CreateQuoteRequestBody,
  DeclineQuoteRequestBody,
  QuoteConversationBody,
  VendorFreeSlotsQuery,
  VendorLeadsQuery,
} from '@vetted/contract';
import type { Call, CallOptions } from './call';

/** A multipart body: the JSON fields as text (arrays and objects as JSON) plus the files. */
function withPhotos(fields: Record<string, unknown>, photos: readonly Blob[]): FormData {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) {
    if (value === undefined) continue;
    form.append(key, typeof value === 'object' ? JSON.stringify(value) : String(value));
  }
  for (const photo of photos) form.append('photos', photo);
  return form;
}

/**
 * `quotes.*` of the typed API: a customer's requests for quotes, the pros' leads and quotes,
 * counter-offers, acceptance (then the usual checkout of `orderId`), and change orders.
 */
export function quotesApi(call: Call) {
  const id = (requestId: string) => ({ params: { id: requestId } });
  return {
    /**
     * `POST /quote-requests` — asks for quotes (customers); with `photos` (at most 6, spec §5
     * image rules) it is sent as multipart. Resolves with the request and its matches.
     */
    request: (body: CreateQuoteRequestBody, photos: readonly Blob[] = [], options?: CallOptions) =>
      call(
        'createQuoteRequest',
        { body: photos.length > 0 ? (withPhotos(body, photos) as never) : body },
        options,
      ),
    /** `GET /quote-requests` — the customer's requests, newest first. */
    list: (options?: CallOptions) => call('listQuoteRequests', {}, options),
    /** `GET /quote-requests/:id` — every quote side by side (customer) or the pro's own lead. */
    get: (requestId: string, options?: CallOptions) =>
      call('getQuoteRequest', id(requestId), options),
    /** `POST /quote-requests/:id/cancel` — the customer withdraws an open request. */
    cancel: (requestId: string, options?: CallOptions) =>
      call('cancelQuoteRequest', id(requestId), options),
    /** `POST /quote-requests/:id/quotes` — the pro quotes a lead. */
    quote: (requestId: string, body: CreateQuoteBody, options?: CallOptions) =>
      call('createQuote', { ...id(requestId), body }, options),
    /** `POST /quote-requests/:id/decline` — the pro declines a lead with a reason. */
    decline: (requestId: string, body: DeclineQuoteRequestBody, options?: CallOptions) =>
      call('declineQuoteRequest', { ...id(requestId), body }, options),
    /** `POST /quote-requests/:id/counter` — the customer's one counter-offer on a quote. */
    counter: (requestId: string, body: CounterQuoteBody, options?: CallOptions) =>
      call('counterQuote', { ...id(requestId), body }, options),
    /** `POST /quote-requests/:id/conversation` — the pair's conversation about the request. */
    conversation: (requestId: string, body: QuoteConversationBody, options?: CallOptions) =>
      call('openQuoteConversation', { ...id(requestId), body }, options),
    /** `POST /quotes/:id/counter/accept` — the pro takes the counter-offer. */
    acceptCounter: (quoteId: string, options?: CallOptions) =>
      call('acceptCounter', id(quoteId), options),
    /** `POST /quotes/:id/counter/decline` — the pro keeps the quote as it was. */
    declineCounter: (quoteId: string, options?: CallOptions) =>
      call('declineCounter', id(quoteId), options),
    /** `POST /quotes/:id/accept` — the customer books the quote on a slot; pay `orderId` next. */
    accept: (quoteId: string, body: AcceptQuoteBody, options?: CallOptions) =>
      call('acceptQuote', { ...id(quoteId), body }, options),
    /** `GET /vendor/leads` — the pro's leads, optionally of one status. */
    leads: (query: VendorLeadsQuery = {}, options?: CallOptions) =>
      call('listVendorLeads', { query }, options),
    /** `GET /vendor/free-slots` — the pro's free starts for a job of that length. */
    freeSlots: (query: VendorFreeSlotsQuery, options?: CallOptions) =>
      call('getVendorFreeSlots', { query }, options),
    /**
     * `POST /orders/:id/change-orders` — the pro proposes an extra (multipart when `photos` are
     * given). Nothing is charged until the customer approves.
     */
    proposeChange: (
      orderId: string,
      body: CreateChangeOrderBody,
      photos: readonly Blob[] = [],
      options?: CallOptions,
    ) =>
      call(
        'createChangeOrder',
        { ...id(orderId), body: photos.length > 0 ? (withPhotos(body, photos) as never) : body },
        options,
      ),
    /** `POST /orders/:id/change-orders/:changeOrderId/approve` — resolves with the payment to confirm. */
    approveChange: (orderId: string, changeOrderId: string, options?: CallOptions) =>
      call('approveChangeOrder', { params: { id: orderId, changeOrderId } }, options),
    /** `POST /orders/:id/change-orders/:changeOrderId/decline` — nothing is charged. */
    declineChange: (orderId: string, changeOrderId: string, options?: CallOptions) =>
      call('declineChangeOrder', { params: { id: orderId, changeOrderId } }, options),
  };
}
