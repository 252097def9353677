import { buildPath } from '@vetted/api-client';
import { endpoints, type OrderDetail } from '@vetted/contract';
import useSWR from 'swr';

/** `GET /v1/orders/:id` — one order with its events and payment. */
export function useOrder(id: string | null | undefined) {
  return useSWR<OrderDetail>(id ? [buildPath(endpoints.getOrder.path, { id })] : null);
}
