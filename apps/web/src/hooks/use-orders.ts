import type { Order, OrderListQuery, Paged } from '@vetted/contract';
import useSWR, { useSWRConfig } from 'swr';

/** `GET /v1/orders` — the customer's history or the vendor's incoming orders, paged. */
export function useOrders(query: OrderListQuery = {}) {
  const q: Record<string, unknown> = { page: query.page ?? 1, pageSize: query.pageSize ?? 10 };
  if (query.status) q.status = query.status;
  return useSWR<Paged<Order>>(['/orders', q], { keepPreviousData: true });
}

/** Revalidates every cached order list (after a booking or a transition). */
export function useRevalidateOrders() {
  const { mutate } = useSWRConfig();
  return () => mutate((key) => Array.isArray(key) && key[0] === '/orders');
}
