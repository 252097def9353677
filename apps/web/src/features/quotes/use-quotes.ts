import type { QuoteLeadStatus, VendorFreeSlotsQuery } from '@vetted/contract';
import * as React from 'react';
import { useSWRConfig } from 'swr';
import { isEndpointKey } from '../../lib/keys';
import { useEndpoint } from '../../lib/use-endpoint';

/** `GET /v1/quote-requests`: the customer's requests, newest first. */
export function useQuoteRequests() {
  return useEndpoint('listQuoteRequests');
}

/** `GET /v1/quote-requests/{id}`: one request with its leads and quotes; `id` null skips it. */
export function useQuoteRequest(id: string | null) {
  return useEndpoint('getQuoteRequest', id ? { params: { id } } : null);
}

/** `GET /v1/vendor/leads`: the pro's leads, newest first, optionally of one `status`. */
export function useVendorLeads(status?: QuoteLeadStatus) {
  return useEndpoint('listVendorLeads', status ? { query: { status } } : {});
}

/**
 * `GET /v1/vendor/free-slots`: the pro's free starts for a job of `query.durationMinutes`
 * (the quote builder's slot picker); `query` null skips the request.
 */
export function useVendorFreeSlots(query: VendorFreeSlotsQuery | null) {
  return useEndpoint('getVendorFreeSlots', query ? { query } : null);
}

/**
 * A write about quote request `requestId` (counter, accept, cancel, quote, decline, …):
 * `run(write)` sends `write()` (one `api.quotes` call), then revalidates the request, the
 * customer's list, the pro's leads and the orders (accepting creates one). Resolves with the
 * write's answer; rejects with the API's error (nothing revalidated). `busy` is true meanwhile.
 */
export function useQuoteWrite(requestId: string) {
  const { mutate } = useSWRConfig();
  const [busy, setBusy] = React.useState(false);
  const run = React.useCallback(
    async <T>(write: () => Promise<T>): Promise<T> => {
      setBusy(true);
      try {
        const result = await write();
        void mutate(isEndpointKey('getQuoteRequest', { id: requestId }));
        void mutate(isEndpointKey('listQuoteRequests'));
        void mutate(isEndpointKey('listVendorLeads'));
        void mutate(isEndpointKey('listOrders'));
        return result;
      } finally {
        setBusy(false);
      }
    },
    [mutate, requestId],
  );
  return { run, busy };
}
