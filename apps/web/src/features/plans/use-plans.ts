import type { Plan } from '@vetted/contract';
import * as React from 'react';
import { useSWRConfig } from 'swr';
import { isEndpointKey } from '../../lib/keys';
import { useEndpoint, useEndpointMutation } from '../../lib/use-endpoint';

/** `GET /v1/plans`: the customer's plans, newest first. */
export function usePlans() {
  return useEndpoint('listPlans');
}

/** `GET /v1/vendor/plans`: the pro's plans, pending ones first. */
export function useVendorPlans() {
  return useEndpoint('listVendorPlans');
}

/** `GET /v1/plans/{id}`: one plan with its visits; `id` null skips the request. */
export function usePlan(id: string | null) {
  return useEndpoint('getPlan', id ? { params: { id } } : null);
}

/**
 * A write on plan `id` (accept, skip, pause, …): `run(write)` sends `write()` (an `api.plans` call
 * answering the plan), stores the answer as the plan's data, then refreshes both plan lists and
 * the orders (a skipped or cancelled visit changes its order). Resolves with the plan; rejects
 * with the API's error, the cache unchanged. `isMutating` is true meanwhile.
 */
export function usePlanWrite(id: string) {
  const { mutate } = useSWRConfig();
  const { trigger, isMutating } = useEndpointMutation(
    'getPlan',
    { params: { id } },
    { populateCache: true, revalidate: false },
  );
  const run = React.useCallback(
    async (write: () => Promise<Plan>) => {
      const plan = await trigger(write);
      void mutate(isEndpointKey('listPlans'));
      void mutate(isEndpointKey('listVendorPlans'));
      void mutate(isEndpointKey('listOrders'));
      return plan;
    },
    [trigger, mutate],
  );
  return { run, isMutating };
}
