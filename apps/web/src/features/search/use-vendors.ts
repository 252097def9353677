import type { VendorListQuery } from '@vetted/contract';
import { useEndpoint } from '../../lib/use-endpoint';

/**
 * `GET /v1/vendors` — a page of approved vendors (text search, filters, sorts), with
 * what the API applied (`applied`: the customer's area defaults, words left out) and, when
 * nothing matched, categories in reach (`suggestedCategories`). Pass null to skip fetching.
 * Keeps the previous page while the next one loads.
 */
export function useVendors(query: VendorListQuery | null) {
  return useEndpoint('listVendors', query ? { query: clean(query) } : null, {
    keepPreviousData: true,
  });
}

function clean(query: VendorListQuery): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(query).filter(([, v]) => v !== undefined && v !== null && v !== ''),
  );
}
