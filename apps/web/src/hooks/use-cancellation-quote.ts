import useSWR from 'swr';
import { endpointKey, type KeyData } from '../lib/keys';

/**
 * `GET /v1/orders/:id/cancellation` — what cancelling now would refund, by the published policy
 * (issue #9). Pass `null` to fetch nothing (the dialog is closed); each opening asks again, so
 * the band shown is the one of the moment the person decides.
 */
export function useCancellationQuote(orderId: string | null) {
  return useSWR<KeyData<'getCancellationQuote'>>(
    orderId ? endpointKey('getCancellationQuote', { params: { id: orderId } }) : null,
    { revalidateOnMount: true, dedupingInterval: 0 },
  );
}
