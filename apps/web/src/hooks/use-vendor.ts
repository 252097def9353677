import useSWR from 'swr';
import { endpointKey, type KeyData } from '../lib/keys';

/** `GET /v1/vendors/:id` — one approved vendor. */
export function useVendor(id: string | null | undefined) {
  return useSWR<KeyData<'getVendor'>>(id ? endpointKey('getVendor', { params: { id } }) : null);
}

/** `GET /v1/vendors/:id/services` — the vendor's active services. */
export function useVendorServices(id: string | null | undefined) {
  return useSWR<KeyData<'listVendorServices'>>(
    id ? endpointKey('listVendorServices', { params: { id } }) : null,
  );
}
