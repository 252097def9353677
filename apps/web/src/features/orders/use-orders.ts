import type { OrderListQuery } from '@vetted/contract';
import { useSWRConfig } from 'swr';
import { isEndpointKey } from '../../lib/keys';
import { useEndpoint } from '../../lib/use-endpoint';

/** `GET /v1/orders` — the customer's history or the vendor's incoming orders, paged. */
export function useOrders(query: OrderListQuery = {}) {
  const q: Record<string, unknown> = { page: query.page ?? 1, pageSize: query.pageSize ?? 10 };
  if (query.status) q.status = query.status;
  return useEndpoint(
    'listOrders',
    { query: q },
    {
      keepPreviousData: true,
    },
  );
}

/** Revalidates every cached order list (after a booking or a transition). */
export function useRevalidateOrders() {
  const { mutate } = useSWRConfig();
  return () => mutate(isEndpointKey('listOrders'));
}
