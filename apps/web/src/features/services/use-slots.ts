import { useEndpoint } from '../../lib/use-endpoint';

/** Days shown per page of the slot picker. */
export const SLOT_DAYS = 7;

/** `GET /v1/services/:id/slots` — `SLOT_DAYS` days of slots from `from` (vendor-local date). */
export function useSlots(serviceId: string | null | undefined, from?: string) {
  const query: Record<string, unknown> = { days: SLOT_DAYS };
  if (from) query.from = from;
  return useEndpoint('getServiceSlots', serviceId ? { params: { id: serviceId }, query } : null, {
    keepPreviousData: true,
  });
}
