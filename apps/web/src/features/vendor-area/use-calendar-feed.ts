import * as React from 'react';
import { useEndpoint, useEndpointMutation } from '../../lib/use-endpoint';
import { api } from '../../lib/vetted-api';

/**
 * `GET /v1/vendor/calendar-feed` — `{ url }`, the pro's private calendar feed URL (the API
 * creates it on the first read).
 */
export function useCalendarFeed() {
  return useEndpoint('getVendorCalendarFeed');
}

/**
 * `POST /v1/vendor/calendar-feed/rotate`: returns `rotate()`, which issues a new feed URL and
 * caches it as the feed's data (the old URL answers 404 from then on, so nothing is kept of it).
 * Resolves once the cache holds the new URL; rejects with the API's error, the cache unchanged.
 */
export function useRotateCalendarFeed() {
  const { trigger } = useEndpointMutation(
    'getVendorCalendarFeed',
    {},
    {
      populateCache: true,
      revalidate: false,
    },
  );
  return React.useCallback(async () => {
    await trigger(() => api.vendor.rotateCalendarFeed());
  }, [trigger]);
}
