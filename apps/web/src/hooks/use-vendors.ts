import type { Paged, VendorListQuery, VendorSummary } from '@vetted/contract';
import useSWR from 'swr';

/** `GET /v1/vendors` — a page of approved vendors. Pass null to skip fetching. */
export function useVendors(query: VendorListQuery | null) {
  return useSWR<Paged<VendorSummary>>(query ? ['/vendors', clean(query)] : null, {
    keepPreviousData: true,
  });
}

function clean(query: VendorListQuery): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(query).filter(([, v]) => v !== undefined && v !== null && v !== ''),
  );
}
