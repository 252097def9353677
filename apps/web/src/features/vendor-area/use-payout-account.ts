import type { PutPayoutAccountBody } from '@vetted/contract';
import * as React from 'react';
import { api } from '../../lib/vetted-api';
import { useEndpoint, useEndpointMutation } from '../../lib/use-endpoint';

/**
 * `GET /v1/vendor/payout-account` — which provider applies (`sandbox`: bank details here;
 * `stripe`: Connect onboarding) and where the pro's payouts go (null before one is added).
 */
export function usePayoutAccount() {
  return useEndpoint(
    'getPayoutAccount',
    {},
    {
      // A form may be open on it: a refetch on focus must not reset what is being typed.
      revalidateOnFocus: false,
    },
  );
}

/**
 * `PUT /v1/vendor/payout-account`: returns `save(body)`, which adds or replaces the account (or
 * starts Stripe onboarding: the answer's `onboardingUrl` is where to send the pro) and caches
 * what the API answers. Rejects with the API's error (422 with `fields` saying what to fix).
 */
export function useSavePayoutAccount() {
  const { trigger } = useEndpointMutation(
    'getPayoutAccount',
    {},
    {
      populateCache: true,
      revalidate: false,
    },
  );
  return React.useCallback(
    (body: PutPayoutAccountBody) => trigger(() => api.vendor.putPayoutAccount(body)),
    [trigger],
  );
}
