import type { Availability } from '@vetted/contract';
import * as React from 'react';
import useSWR, { useSWRConfig } from 'swr';
import { endpointKey, isEndpointKey, type KeyData } from '../lib/keys';
import { api } from '../lib/vetted-api';

/** `GET /v1/vendor/availability` — the pro's opening hours, exceptions and booking rules. */
export function useAvailability() {
  return useSWR<KeyData<'getAvailability'>>(endpointKey('getAvailability'), {
    // A form is open on it: a refetch on focus must not look like someone else's edit.
    revalidateOnFocus: false,
  });
}

/**
 * `PUT /v1/vendor/availability`: returns `save(body)`, which replaces the hours, caches what the
 * API answers, and revalidates the onboarding checklist and every cached slot list (slots follow
 * the hours at once, issue #8). Rejects with the API's error (400 with the overlapping day, an
 * unknown time zone, …).
 */
export function useSaveAvailability() {
  const { mutate } = useSWRConfig();
  return React.useCallback(
    async (body: Availability) => {
      const saved = await api.vendor.updateAvailability(body);
      await mutate(endpointKey('getAvailability'), saved, { revalidate: false });
      void mutate(endpointKey('getVendorProfile'));
      void mutate(isEndpointKey('getServiceSlots'));
      return saved;
    },
    [mutate],
  );
}
