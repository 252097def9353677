import { useEndpoint } from '../../lib/use-endpoint';

/** `GET /v1/services/:id` — one service with its vendor. */
export function useService(id: string | null | undefined) {
  return useEndpoint('getService', id ? { params: { id } } : null);
}

/** `GET /v1/services/:id/gallery` — the service's photos. */
export function useServiceGallery(id: string | null | undefined) {
  return useEndpoint('getServiceGallery', id ? { params: { id } } : null);
}

/**
 * `GET /v1/services/:id/quote?startsAt=` — subtotal, booking fee and total (minor units) of
 * booking that slot, priced by the server before any order exists.
 */
export function useServiceQuote(
  id: string | null | undefined,
  startsAt: string | null | undefined,
) {
  return useEndpoint(
    'getServiceQuote',
    id && startsAt ? { params: { id }, query: { startsAt } } : null,
  );
}
