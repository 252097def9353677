import type { EndpointData } from '@vetted/contract';
import useSWR, { type SWRConfiguration, type SWRResponse } from 'swr';
import useSWRMutation, { type SWRMutationConfiguration } from 'swr/mutation';
import { type EndpointKey, endpointKey, type QueryEndpoint } from './keys';

/*
 * One name, one key (STYLE.md "App"): a read names its contract endpoint once and gets that
 * endpoint's `data` type back. The SWR key is `endpointKey(name, input)`, the same `[path, query?]`
 * the server renderer fills (lib/ssr-data.ts, lib/public-page-keys.ts), so its fallback matches.
 */

/** Path parameters and query of one GET endpoint call (see `endpointKey`). */
export type EndpointInput = {
  params?: Record<string, string>;
  query?: Record<string, unknown>;
};

/**
 * SWR over `GET` endpoint `name` of the contract, typed `EndpointData<N>`. `input` null skips
 * the request, as a null SWR key does; `{}` (the default) calls an endpoint without parameters.
 * @throws {TypeError} during render when a `:param` of the path is missing from `input.params`.
 */
export function useEndpoint<N extends QueryEndpoint>(
  name: N,
  input: EndpointInput | null = {},
  config?: SWRConfiguration<EndpointData<N>>,
): SWRResponse<EndpointData<N>> {
  return useEndpointKey<N>(input ? endpointKey(name, input) : null, config);
}

/**
 * SWR over a key built ahead (a shared key such as `publicProKey(slug)`), typed by the endpoint
 * the key names; null skips the request.
 */
export function useEndpointKey<N extends QueryEndpoint>(
  key: EndpointKey<N> | null,
  config?: SWRConfiguration<EndpointData<N>>,
): SWRResponse<EndpointData<N>> {
  return useSWR<EndpointData<N>>(key, config ?? {});
}

/** Options of `useEndpointMutation`: SWR's, for a write answering `Result`. */
export type EndpointMutationOptions<N extends QueryEndpoint, Result> = SWRMutationConfiguration<
  Result,
  unknown,
  EndpointKey<N> | null,
  () => Promise<Result>,
  EndpointData<N>
>;

/**
 * A write that lands in the cache of GET endpoint `name` (SWR's `useSWRMutation` on the key of
 * `useEndpoint(name, input)`): `trigger(write)` runs `write()` (one api-client call), then stores
 * its answer as the endpoint's data when `populateCache` says so and revalidates the key unless
 * `revalidate` is false. `trigger` resolves with the answer and rejects with the write's error
 * (the cache is then left as it was); `isMutating` is true meanwhile.
 */
export function useEndpointMutation<N extends QueryEndpoint, Result = EndpointData<N>>(
  name: N,
  input: EndpointInput | null = {},
  options?: EndpointMutationOptions<N, Result>,
) {
  return useSWRMutation(
    input ? endpointKey(name, input) : null,
    (_key: EndpointKey<N>, { arg: write }: { arg: () => Promise<Result> }) => write(),
    options,
  );
}
