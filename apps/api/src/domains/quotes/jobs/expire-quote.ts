import { z } from 'zod';
import { defineJob } from '../../../jobs/define';
import type { QuotesContext } from '../deps';
import { expireQuote } from '../use-cases/close';

/**
 * `quotes.expire-quote`: an open quote expires at its `validUntil` (key `quote:<id>:expire`;
 * use-cases/close.ts `expireQuote`, idempotent).
 */
export const expireQuoteJob = defineJob({
  name: 'quotes.expire-quote',
  payload: z.object({ quoteId: z.string() }),
  run: (payload, _ctx, deps: QuotesContext) => expireQuote(deps, payload.quoteId),
});
