import { useEndpoint } from '../../lib/use-endpoint';

/** `GET /v1/vendors/:id` — one approved vendor. */
export function useVendor(id: string | null | undefined) {
  return useEndpoint('getVendor', id ? { params: { id } } : null);
}

/** `GET /v1/vendors/:id/services` — the vendor's active services. */
export function useVendorServices(id: string | null | undefined) {
  return useEndpoint('listVendorServices', id ? { params: { id } } : null);
}
