import { z } from 'zod';
import { defineJob } from '../../../jobs/define';
import type { QuotesContext } from '../deps';
import { closeRequest } from '../use-cases/close';

/**
 * `quotes.close-request`: a request without an accepted quote closes at `closesAt` (created +
 * 7 days; key `quote-request:<id>:close`; use-cases/close.ts `closeRequest`, idempotent).
 */
export const closeRequestJob = defineJob({
  name: 'quotes.close-request',
  payload: z.object({ requestId: z.string() }),
  run: (payload, _ctx, deps: QuotesContext) => closeRequest(deps, payload.requestId),
});
