import type { OrderListQuery } from '@vetted/contract';
import useSWR, { useSWRConfig } from 'swr';
import { endpointKey, isEndpointKey, type KeyData } from '../lib/keys';

/** `GET /v1/orders` — the customer's history or the vendor's incoming orders, paged. */
export function useOrders(query: OrderListQuery = {}) {
  const q: Record<string, unknown> = { page: query.page ?? 1, pageSize: query.pageSize ?? 10 };
  if (query.status) q.status = query.status;
  return useSWR<KeyData<'listOrders'>>(endpointKey('listOrders', { query: q }), {
    keepPreviousData: true,
  });
}

/** Revalidates every cached order list (after a booking or a transition). */
export function useRevalidateOrders() {
  const { mutate } = useSWRConfig();
  return () => mutate(isEndpointKey('listOrders'));
}
