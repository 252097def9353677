import useSWR, { useSWRConfig } from 'swr';
import { endpointKey, isEndpointKey, type KeyData } from '../lib/keys';

/**
 * `GET /v1/waitlist?serviceId=` — the signed-in customer's live waitlist entries of one service
 * (waiting, or offered with the held time). `null` (signed out, not a customer) fetches nothing.
 */
export function useWaitlist(serviceId: string | null | undefined) {
  return useSWR<KeyData<'listWaitlist'>>(
    serviceId ? endpointKey('listWaitlist', { query: { serviceId } }) : null,
  );
}

/** Revalidates every cached waitlist and slot list (after joining or leaving). */
export function useRevalidateWaitlist() {
  const { mutate } = useSWRConfig();
  return () =>
    Promise.all([mutate(isEndpointKey('listWaitlist')), mutate(isEndpointKey('getServiceSlots'))]);
}
