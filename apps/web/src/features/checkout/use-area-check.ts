import * as React from 'react';
import { useEndpoint } from '../../lib/use-endpoint';
import type { AreaCheckState, CheckoutLocation } from './details-step';

/** How long typing pauses before a typed address is checked (ms). */
const AREA_CHECK_DEBOUNCE_MS = 500;

/** A refusal of booking (422 `outside_service_area`) and the location ({@link locationKey}) it was about. */
export interface AreaRefusal {
  key: string;
  message: string;
}

/** One string per location, to tell whether a refusal is about the address now in the form. */
export const locationKey = (l: CheckoutLocation) =>
  l.placeId ? `place:${l.placeId}` : `address:${l.address.trim()}`;

/**
 * The service-area check of the address in the form (`GET /v1/services/{id}/service-area`): a
 * saved place at once, a typed address once typing pauses ({@link AREA_CHECK_DEBOUNCE_MS}).
 * `refusal` is a 422 `outside_service_area` of booking, shown the same way while the address
 * it was about is still in the form. Null while there is nothing to check or the check failed
 * (booking checks again).
 */
export function useAreaCheck(
  serviceId: string | null,
  location: CheckoutLocation | null,
  refusal: AreaRefusal | null,
): AreaCheckState | null {
  const [checked, setChecked] = React.useState(location);
  React.useEffect(() => {
    if (location?.placeId) {
      setChecked(location);
      return;
    }
    const timer = setTimeout(() => setChecked(location), AREA_CHECK_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [location]);
  const address = checked?.address.trim() ?? '';
  const query = checked?.placeId
    ? { placeId: checked.placeId }
    : address.length >= 3
      ? { address: address.slice(0, 300) }
      : null;
  const swr = useEndpoint(
    'checkServiceArea',
    serviceId && query ? { params: { id: serviceId }, query } : null,
    { revalidateOnFocus: false },
  );
  if (!location) return null;
  if (refusal && refusal.key === locationKey(location)) {
    return { status: 'refused', message: refusal.message };
  }
  if (!checked || locationKey(checked) !== locationKey(location)) return { status: 'checking' };
  if (!query) return null;
  const data = swr.data;
  if (!data) return swr.error ? null : { status: 'checking' };
  if (data.served === false) return { status: 'refused', message: data.message ?? '' };
  if (data.served === null) return { status: 'unknown', message: data.message ?? '' };
  return { status: 'served' };
}
