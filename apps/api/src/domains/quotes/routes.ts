import multipart from '@fastify/multipart';
import { endpoints, QUOTE_RULES } from '@vetted/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../lib/route';
import { servePrivateMedia } from '../../platform/media';
import { MAX_IMAGE_BYTES } from '../../services/images';
import type { QuotesService } from './service';
import { readRequestForm, requestPhotosOf } from './upload';

/**
 * Quotes: the customer's requests (`/v1/quote-requests…`), the pros' leads, quotes and free
 * times (`/v1/vendor/leads`, `/v1/vendor/free-slots`), counter-offers and acceptance
 * (`/v1/quotes/{id}/…`). Request photos at `GET /media/quote-requests/{requestId}/{file}`, for
 * the request's customer and its pros only.
 */
export default async function quoteRoutes(
  app: FastifyInstance,
  { quotes }: { quotes: QuotesService },
): Promise<void> {
  await app.register(multipart, {
    limits: {
      fileSize: MAX_IMAGE_BYTES,
      files: QUOTE_RULES.maxPhotos,
      fields: 10,
      fieldSize: 64 * 1024,
    },
  });
  route(
    app,
    endpoints.createQuoteRequest,
    ({ body, user, request }) => quotes.createRequest(user, body, requestPhotosOf(request)),
    { successStatus: 201, preValidation: readRequestForm },
  );
  route(app, endpoints.listQuoteRequests, ({ user }) => quotes.listRequests(user));
  route(app, endpoints.getQuoteRequest, ({ params, user }) => quotes.getRequest(user, params.id));
  route(app, endpoints.cancelQuoteRequest, ({ params, user }) =>
    quotes.cancelRequest(user, params.id),
  );
  route(
    app,
    endpoints.createQuote,
    ({ params, body, user }) => quotes.createQuote(user, params.id, body),
    { successStatus: 201 },
  );
  route(app, endpoints.declineQuoteRequest, ({ params, body, user }) =>
    quotes.declineLead(user, params.id, body),
  );
  route(app, endpoints.counterQuote, ({ params, body, user }) =>
    quotes.counter(user, params.id, body),
  );
  route(app, endpoints.openQuoteConversation, ({ params, body, user }) =>
    quotes.conversation(user, params.id, body),
  );
  route(app, endpoints.acceptCounter, ({ params, user }) => quotes.acceptCounter(user, params.id));
  route(app, endpoints.declineCounter, ({ params, user }) =>
    quotes.declineCounter(user, params.id),
  );
  route(app, endpoints.acceptQuote, ({ params, body, user }) =>
    quotes.accept(user, params.id, body),
  );
  route(app, endpoints.listVendorLeads, ({ query, user }) => quotes.leads(user, query));
  route(app, endpoints.getVendorFreeSlots, ({ query, user }) => quotes.freeSlots(user, query));
  servePrivateMedia(app, '/media/quote-requests', async (caller, requestId, file) => {
    const key = await quotes.photo(caller, requestId, file);
    return key ? { storage: quotes.context.storage, key } : null;
  });
}
