import { buildPath } from '@vetted/api-client';
import { endpoints, type Service, type VendorDetail } from '@vetted/contract';
import useSWR from 'swr';

/** `GET /v1/vendors/:id` — one approved vendor. */
export function useVendor(id: string | null | undefined) {
  return useSWR<VendorDetail>(id ? [buildPath(endpoints.getVendor.path, { id })] : null);
}

/** `GET /v1/vendors/:id/services` — the vendor's active services. */
export function useVendorServices(id: string | null | undefined) {
  return useSWR<Service[]>(id ? [buildPath(endpoints.listVendorServices.path, { id })] : null);
}
