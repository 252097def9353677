import { useSWRConfig } from 'swr';
import { isEndpointKey } from '../../lib/keys';
import { useEndpoint } from '../../lib/use-endpoint';

/**
 * `GET /v1/waitlist?serviceId=` — the signed-in customer's live waitlist entries of one service
 * (waiting, or offered with the held time). `null` (signed out, not a customer) fetches nothing.
 */
export function useWaitlist(serviceId: string | null | undefined) {
  return useEndpoint('listWaitlist', serviceId ? { query: { serviceId } } : null);
}

/** Revalidates every cached waitlist and slot list (after joining or leaving). */
export function useRevalidateWaitlist() {
  const { mutate } = useSWRConfig();
  return () =>
    Promise.all([mutate(isEndpointKey('listWaitlist')), mutate(isEndpointKey('getServiceSlots'))]);
}
