/**
 * Quotes (use cases under use-cases/, rules in policy.ts, masking in masking.ts): each method is
 * one use case; its docs say what it checks and answers. `deps.clock` is the only time source.
 */
import type {
  AcceptQuoteBody,
  CounterQuoteBody,
  CreateQuoteBody,
  CreateQuoteRequestBody,
  DeclineQuoteRequestBody,
  QuoteConversationBody,
  VendorFreeSlotsQuery,
  VendorLeadsQuery,
} from '@vetted/contract';
import type { AuthUser } from '../../platform/types';
import type { QuotesDeps } from './deps';
import { acceptQuote } from './use-cases/accept';
import { createQuote, declineLead } from './use-cases/answer-lead';
import { cancelRequest, closeRequest, expireQuote } from './use-cases/close';
import { quotesContext } from './use-cases/context';
import { openConversation } from './use-cases/conversation';
import { answerCounter, counterQuote } from './use-cases/counter';
import { createRequest } from './use-cases/create-request';
import { photoOf } from './use-cases/photos';
import { freeSlots, getRequest, listLeads, listRequests } from './use-cases/read';

/** The quotes service over `deps`; `context` is what its jobs run with. */
export function createQuotesService(deps: QuotesDeps) {
  const ctx = quotesContext(deps);
  return {
    context: ctx,
    createRequest: (user: AuthUser, body: CreateQuoteRequestBody, photos: Buffer[]) =>
      createRequest(ctx, user, body, photos),
    listRequests: (user: AuthUser) => listRequests(ctx, user),
    getRequest: (user: AuthUser, id: string) => getRequest(ctx, user, id),
    cancelRequest: (user: AuthUser, id: string) => cancelRequest(ctx, user, id),
    createQuote: (user: AuthUser, id: string, body: CreateQuoteBody) =>
      createQuote(ctx, user, id, body),
    declineLead: (user: AuthUser, id: string, body: DeclineQuoteRequestBody) =>
      declineLead(ctx, user, id, body),
    counter: (user: AuthUser, id: string, body: CounterQuoteBody) =>
      counterQuote(ctx, user, id, body),
    acceptCounter: (user: AuthUser, quoteId: string) => answerCounter(ctx, user, quoteId, true),
    declineCounter: (user: AuthUser, quoteId: string) => answerCounter(ctx, user, quoteId, false),
    accept: (user: AuthUser, quoteId: string, body: AcceptQuoteBody) =>
      acceptQuote(ctx, user, quoteId, body),
    conversation: (user: AuthUser, id: string, body: QuoteConversationBody) =>
      openConversation(ctx, user, id, body),
    leads: (user: AuthUser, query: VendorLeadsQuery) => listLeads(ctx, user, query),
    freeSlots: (user: AuthUser, query: VendorFreeSlotsQuery) => freeSlots(ctx, user, query),
    /** A request photo's storage key for `user`, or null (the 404 of a missing file). */
    photo: (user: AuthUser | null, requestId: string, file: string) =>
      photoOf(ctx, user, requestId, file),
    /** The jobs' use cases, for tests and the test clock. */
    closeRequest: (requestId: string) => closeRequest(ctx, requestId),
    expireQuote: (quoteId: string) => expireQuote(ctx, quoteId),
  };
}

/** What the quotes routes and app.ts hold. */
export type QuotesService = ReturnType<typeof createQuotesService>;
