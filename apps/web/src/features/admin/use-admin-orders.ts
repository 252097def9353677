import type { AdminOrderListQuery, AdminRefundBody } from '@vetted/contract';
import * as React from 'react';
import { useSWRConfig } from 'swr';
import { endpointKey } from '../../lib/keys';
import { api } from '../../lib/vetted-api';
import { cleanQuery, isStaleAfterDecision } from './admin-keys';
import { useEndpoint } from '../../lib/use-endpoint';

/** Orders per page of `/admin/orders`. */
export const ADMIN_ORDER_PAGE_SIZE = 20;

/**
 * `GET /v1/admin/orders` — orders by reference, customer or pro and status, newest first, paged.
 * Keeps the previous page while the next one loads.
 */
export function useAdminOrders(query: AdminOrderListQuery) {
  return useEndpoint(
    'listAdminOrders',
    {
      query: cleanQuery({ pageSize: ADMIN_ORDER_PAGE_SIZE, ...query, page: query.page ?? 1 }),
    },
    { keepPreviousData: true },
  );
}

/**
 * `GET /v1/admin/orders/:id` — the order with its timeline, both parties, and each payment with
 * its provider events and ledger postings.
 */
export function useAdminOrder(id: string | null | undefined) {
  return useEndpoint('getAdminOrder', id ? { params: { id } } : null);
}

/**
 * `refund(paymentId, body)` on order `orderId`: `POST /v1/admin/payments/:id/refund` with
 * `amount` (minor units; none = all that is left) and the reason. Resolves with the payment as
 * the API answers it (`refund_pending` until the provider confirms), after revalidating the order,
 * the console's lists, the overview and the audit log. Errors propagate (409: not captured, or
 * more than is left); the caller reports them.
 */
export function useRefund(orderId: string | null | undefined) {
  const { mutate } = useSWRConfig();
  return React.useCallback(
    async (paymentId: string, body: AdminRefundBody) => {
      const payment = await api.admin.refund(paymentId, body);
      if (orderId) await mutate(endpointKey('getAdminOrder', { params: { id: orderId } }));
      void mutate(isStaleAfterDecision);
      return payment;
    },
    [orderId, mutate],
  );
}
