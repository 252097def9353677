import { buildPath } from '@vetted/api-client';
import { type EndpointData, type EndpointName, routes } from '@vetted/contract';
import type { ApiKey } from './api';

/*
 * SWR keys named by the contract's endpoints (STYLE.md "App"): a hook asks for
 * `endpointKey('getOrder', { params: { id } })` and gets `EndpointData<'getOrder'>`; the live
 * updates (lib/hooks/use-realtime.ts) revalidate with `isEndpointKey('listOrders')`. The key itself
 * stays `[path, query?]`, which the root fetcher (lib/api.ts `apiFetcher`) turns into one GET.
 */

/** Names of the contract's GET endpoints: the only ones the SWR cache holds. */
export type QueryEndpoint = {
  [N in EndpointName]: (typeof routes)[N]['method'] extends 'GET' ? N : never;
}[EndpointName];

/** An SWR key of endpoint `N`. The brand only exists in types: it ties the data type to `N`. */
export type EndpointKey<N extends QueryEndpoint> = ApiKey & { readonly __endpoint?: N };

/** The `data` an endpoint's key resolves with. */
export type KeyData<N extends QueryEndpoint> = EndpointData<N>;

/**
 * The SWR key of one GET endpoint call: `[path]` or `[path, query]`, the path built from the
 * contract's `routes[name].path` with `params` substituted (URI-encoded).
 * @throws {TypeError} when a `:param` of the path is missing from `params` (see `buildPath`).
 */
export function endpointKey<N extends QueryEndpoint>(
  name: N,
  input: { params?: Record<string, string>; query?: Record<string, unknown> } = {},
): EndpointKey<N> {
  const path = buildPath(routes[name].path, input.params);
  return (input.query ? [path, input.query] : [path]) as unknown as EndpointKey<N>;
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * A key filter for SWR's `mutate(filter)`: true for the cached keys of endpoint `name`. Without
 * `params`, every key of the endpoint matches (any path parameter, any query: all pages of a
 * list); with `params`, only that resource (e.g. one order's detail).
 */
export function isEndpointKey(
  name: QueryEndpoint,
  params?: Record<string, string>,
): (key: unknown) => boolean {
  const template = routes[name].path;
  const pattern = params
    ? new RegExp(`^${escapeRegExp(buildPath(template, params))}$`)
    : new RegExp(`^${escapeRegExp(template).replace(/:[A-Za-z_][A-Za-z0-9_]*/g, '[^/]+')}$`);
  return (key) => Array.isArray(key) && typeof key[0] === 'string' && pattern.test(key[0]);
}

/** Prefix SWR gives the cache entry of a `useSWRInfinite` hook (swr `INFINITE_PREFIX`). */
const INFINITE_PREFIX = '$inf$';

/**
 * Revalidates every cached key `filter` accepts, `useSWRInfinite` lists included. `cache` and
 * `mutate` are SWR's (`useSWRConfig()`). SWR's
 * `mutate(filter)` skips infinite keys (`$inf$…`), so a paged message thread would not refresh;
 * each infinite entry is matched here by the key of its first page (cached beside it with the
 * original key in `_k`) and revalidated through its own key, which refetches the newest page.
 */
export function revalidateMatching(
  cache: { keys(): Iterable<string>; get(key: string): unknown },
  mutate: (key: unknown) => unknown,
  filter: (key: unknown) => boolean,
): void {
  void mutate(filter);
  for (const key of cache.keys()) {
    if (!key.startsWith(INFINITE_PREFIX)) continue;
    const firstPage = cache.get(key.slice(INFINITE_PREFIX.length)) as { _k?: unknown } | undefined;
    if (firstPage && filter(firstPage._k)) void mutate(key);
  }
}
