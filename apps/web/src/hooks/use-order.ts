import useSWR from 'swr';
import { endpointKey, type KeyData } from '../lib/keys';

/** `GET /v1/orders/:id` — one order with its events and payment (revalidated live on changes). */
export function useOrder(id: string | null | undefined) {
  return useSWR<KeyData<'getOrder'>>(id ? endpointKey('getOrder', { params: { id } }) : null);
}
