import type { PutPayoutAccountBody } from '@vetted/contract';
import * as React from 'react';
import useSWR, { useSWRConfig } from 'swr';
import { endpointKey, type KeyData } from '../lib/keys';
import { api } from '../lib/vetted-api';

/**
 * `GET /v1/vendor/payout-account` — which provider applies (`sandbox`: bank details here;
 * `stripe`: Connect onboarding) and where the pro's payouts go (null before one is added).
 */
export function usePayoutAccount() {
  return useSWR<KeyData<'getPayoutAccount'>>(endpointKey('getPayoutAccount'), {
    // A form may be open on it: a refetch on focus must not reset what is being typed.
    revalidateOnFocus: false,
  });
}

/**
 * `PUT /v1/vendor/payout-account`: returns `save(body)`, which adds or replaces the account (or
 * starts Stripe onboarding: the answer's `onboardingUrl` is where to send the pro) and caches
 * what the API answers. Rejects with the API's error (422 with `fields` saying what to fix).
 */
export function useSavePayoutAccount() {
  const { mutate } = useSWRConfig();
  return React.useCallback(
    async (body: PutPayoutAccountBody) => {
      const saved = await api.vendor.putPayoutAccount(body);
      await mutate(endpointKey('getPayoutAccount'), saved, { revalidate: false });
      return saved;
    },
    [mutate],
  );
}
