import type { OrderDetail } from '@vetted/contract';
import type { KeyedMutator } from 'swr';
import { useRevalidateOrders } from './use-orders';

/**
 * Puts a changed order (the API's answer to a transition, reschedule…) in the page's cache
 * without asking again, and refreshes every order list in the background. The returned function
 * resolves once the order page's cache holds `next`.
 */
export function useApplyOrder(mutate: KeyedMutator<OrderDetail>) {
  const revalidateOrders = useRevalidateOrders();
  return async (next: OrderDetail) => {
    await mutate(next, { revalidate: false });
    void revalidateOrders();
  };
}
