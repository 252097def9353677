import type { VendorListQuery } from '@vetted/contract';
import { unstable_serialize, useSWRConfig } from 'swr';
import { type EndpointKey, endpointKey } from '../../lib/keys';
import { useEndpointKey } from '../../lib/use-endpoint';

/**
 * The SWR key of `GET /v1/vendors` for `query`: `['/vendors', query]` without its empty fields.
 * The hook below reads it and the server renderer (entry-server.tsx) fills it with the first page
 * of `/search`, so the two can never disagree.
 */
export function vendorsKey(query: VendorListQuery): EndpointKey<'listVendors'> {
  return endpointKey('listVendors', { query: clean(query) });
}

/**
 * `GET /v1/vendors` — a page of approved vendors (text search, filters, sorts), with
 * what the API applied (`applied`: the customer's area defaults, words left out) and, when
 * nothing matched, categories in reach (`suggestedCategories`). Pass null to skip fetching.
 * Keeps the previous page while the next one loads. A page the server rendered this document
 * with (SWR's `fallback`, lib/ssr-data.ts) is not asked again when it mounts: the answer is as
 * fresh as the document, and asking would only repeat it (later revalidation — focus, a new
 * query — works as usual).
 */
export function useVendors(query: VendorListQuery | null) {
  const key = query ? vendorsKey(query) : null;
  const { fallback } = useSWRConfig();
  const rendered = key !== null && fallback?.[unstable_serialize(key)] !== undefined;
  return useEndpointKey<'listVendors'>(key, {
    keepPreviousData: true,
    ...(rendered ? { revalidateOnMount: false } : {}),
  });
}

function clean(query: VendorListQuery): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(query).filter(([, v]) => v !== undefined && v !== null && v !== ''),
  );
}
