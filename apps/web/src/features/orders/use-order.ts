import { useEndpoint } from '../../lib/use-endpoint';

/** `GET /v1/orders/:id` — one order with its events and payment (revalidated live on changes). */
export function useOrder(id: string | null | undefined) {
  return useEndpoint('getOrder', id ? { params: { id } } : null);
}
