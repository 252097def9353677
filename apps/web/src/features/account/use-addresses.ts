import type { SavedAddress } from '@vetted/contract';
import * as React from 'react';
import { useSWRConfig } from 'swr';
import { endpointKey } from '../../lib/keys';
import { useEndpoint } from '../../lib/use-endpoint';

/** `GET /v1/me/addresses` — the signed-in user's saved places, the default first. */
export function useAddresses(enabled = true) {
  return useEndpoint('listAddresses', enabled ? {} : null);
}

/**
 * Writes the saved places the server answered into the cached list (after a create, change or
 * delete), then revalidates it: a default that moved changes two places at once.
 */
export function useSetAddresses() {
  const { mutate } = useSWRConfig();
  return React.useCallback(
    (places?: SavedAddress[]) =>
      places
        ? mutate(endpointKey('listAddresses'), places, { revalidate: true })
        : mutate(endpointKey('listAddresses')),
    [mutate],
  );
}

/** How long typing must pause before the city suggestions are fetched (ms). */
export const GEOCODE_DEBOUNCE_MS = 200;

/**
 * `GET /v1/geocode` — city suggestions for `text` (debounced {@link GEOCODE_DEBOUNCE_MS}),
 * ranked nearer `near` when given. Nothing is fetched for blank text. `pending` is true while
 * typing has not paused yet or an answer is on its way (the last answer is kept meanwhile).
 */
export function useGeocode(text: string, near?: { lat: number; lng: number } | null) {
  const [q, setQ] = React.useState(text.trim());
  React.useEffect(() => {
    const timer = setTimeout(() => setQ(text.trim()), GEOCODE_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text]);
  const query: Record<string, unknown> = { q: q.slice(0, 100) };
  if (near) {
    // Rounded to ~1 km: close enough to rank, and the answers cache better.
    query.lat = Math.round(near.lat * 100) / 100;
    query.lng = Math.round(near.lng * 100) / 100;
  }
  const swr = useEndpoint('geocode', q ? { query } : null, {
    keepPreviousData: true,
    revalidateOnFocus: false,
  });
  return { ...swr, pending: swr.isValidating || q !== text.trim() };
}

/**
 * `GET /v1/geocode/reverse` — the city nearest to `point` (within 50 km; null when none), or
 * nothing fetched when `point` is null.
 */
export function useNearestCity(point: { lat: number; lng: number } | null) {
  return useEndpoint(
    'reverseGeocode',
    point ? { query: { lat: point.lat, lng: point.lng } } : null,
    { revalidateOnFocus: false },
  );
}
