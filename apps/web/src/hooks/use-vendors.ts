import type { VendorListQuery } from '@vetted/contract';
import useSWR from 'swr';
import { endpointKey, type KeyData } from '../lib/keys';

/**
 * `GET /v1/vendors` — a page of approved vendors (issue #9: text search, filters, sorts), with
 * what the API applied (`applied`: the customer's area defaults, words left out) and, when
 * nothing matched, categories in reach (`suggestedCategories`). Pass null to skip fetching.
 * Keeps the previous page while the next one loads.
 */
export function useVendors(query: VendorListQuery | null) {
  return useSWR<KeyData<'listVendors'>>(
    query ? endpointKey('listVendors', { query: clean(query) }) : null,
    { keepPreviousData: true },
  );
}

function clean(query: VendorListQuery): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(query).filter(([, v]) => v !== undefined && v !== null && v !== ''),
  );
}
