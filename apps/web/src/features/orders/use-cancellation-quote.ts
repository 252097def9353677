import { useEndpoint } from '../../lib/use-endpoint';

/**
 * `GET /v1/orders/:id/cancellation` — what cancelling now would refund, by the published policy
 *. Pass `null` to fetch nothing (the dialog is closed); each opening asks again, so
 * the band shown is the one of the moment the person decides.
 */
export function useCancellationQuote(orderId: string | null) {
  return useEndpoint('getCancellationQuote', orderId ? { params: { id: orderId } } : null, {
    revalidateOnMount: true,
    dedupingInterval: 0,
  });
}
