/** What the quotes domain is given: the common deps, the geocoder, photo storage, quote orders. */
import type { Tx } from '../../db/client';
import type { Storage } from '../../services/storage';
import type { OrdersDeps, QuoteOrders } from '../orders';

/**
 * The orders domain's deps (the accepted quote's order is booked through it; `geocoder`
 * locates a request's address as orders' service-area check does), plus photo storage.
 */
export interface QuotesDeps extends OrdersDeps {
  /**
   * Where request photos are stored (`quote-requests/<request id>/<uuid>.webp` and its
   * `.thumb.webp`): the private store, served only to the request's customer and its pros.
   */
  storage: Storage;
  /**
   * The order of an accepted quote (orders domain, called inside the accept transaction);
   * default `createQuoteOrders` over these deps.
   */
  quoteOrders?: Pick<QuoteOrders, 'book'>;
}

/** The deps with the quote orders and the domain's transaction runner (retried on deadlock). */
export interface QuotesContext extends QuotesDeps {
  quoteOrders: Pick<QuoteOrders, 'book'>;
  inTransaction<T>(fn: (tx: Tx) => Promise<T>): Promise<T>;
}

/** Storage prefix of request photos. */
export const PHOTO_PREFIX = 'quote-requests';
