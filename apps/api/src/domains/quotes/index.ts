/**
 * The quotes domain as the rest of the API sees it (ARCHITECTURE §1a): a customer's requests
 * for quotes, the matched pros' leads and quotes, counter-offers and acceptance (the order is
 * the orders domain's), with contact details masked until a booking exists.
 */
export type { QuotesContext, QuotesDeps } from './deps';
export { closeRequestJob } from './jobs/close-request';
export { expireQuoteJob } from './jobs/expire-quote';
export { maskContacts, maskFor } from './masking';
export {
  decide,
  LEAD_TRANSITIONS,
  QUOTE_TRANSITIONS,
  rankMatches,
  REQUEST_TRANSITIONS,
} from './policy';
export { default as quoteRoutes } from './routes';
export { createQuotesService, type QuotesService } from './service';
export { quoteMessageMasker } from './use-cases/conversation';
