import useSWR from 'swr';
import { endpointKey, type KeyData } from '../lib/keys';

/** `GET /v1/services/:id` — one service with its vendor. */
export function useService(id: string | null | undefined) {
  return useSWR<KeyData<'getService'>>(id ? endpointKey('getService', { params: { id } }) : null);
}

/** `GET /v1/services/:id/gallery` — the service's photos. */
export function useServiceGallery(id: string | null | undefined) {
  return useSWR<KeyData<'getServiceGallery'>>(
    id ? endpointKey('getServiceGallery', { params: { id } }) : null,
  );
}

/**
 * `GET /v1/services/:id/quote?startsAt=` — subtotal, booking fee and total (minor units) of
 * booking that slot, priced by the server before any order exists.
 */
export function useServiceQuote(
  id: string | null | undefined,
  startsAt: string | null | undefined,
) {
  return useSWR<KeyData<'getServiceQuote'>>(
    id && startsAt ? endpointKey('getServiceQuote', { params: { id }, query: { startsAt } }) : null,
  );
}
