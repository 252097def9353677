import type { Availability } from '@vetted/contract';
import * as React from 'react';
import { useSWRConfig } from 'swr';
import { endpointKey, isEndpointKey } from '../../lib/keys';
import { api } from '../../lib/vetted-api';
import { useEndpoint, useEndpointMutation } from '../../lib/use-endpoint';

/** `GET /v1/vendor/availability` — the pro's opening hours, exceptions and booking rules. */
export function useAvailability() {
  return useEndpoint(
    'getAvailability',
    {},
    {
      // A form is open on it: a refetch on focus must not look like someone else's edit.
      revalidateOnFocus: false,
    },
  );
}

/**
 * `PUT /v1/vendor/availability`: returns `save(body)`, which replaces the hours, caches what the
 * API answers, and revalidates the onboarding checklist and every cached slot list (slots follow
 * the hours at once). Rejects with the API's error (400 with the overlapping day, an
 * unknown time zone, …).
 */
export function useSaveAvailability() {
  const { mutate } = useSWRConfig();
  const { trigger } = useEndpointMutation(
    'getAvailability',
    {},
    {
      populateCache: true,
      revalidate: false,
    },
  );
  return React.useCallback(
    async (body: Availability) => {
      const saved = await trigger(() => api.vendor.updateAvailability(body));
      void mutate(endpointKey('getVendorProfile'));
      void mutate(isEndpointKey('getServiceSlots'));
      return saved;
    },
    [mutate, trigger],
  );
}
