import type { EndpointData, EndpointName } from '@vetted/contract';
import type { RequestOptions } from '../client';

/**
 * Per-call options every endpoint function accepts: cancellation, timeout, retry override and
 * extra headers (see {@link RequestOptions}).
 */
export type CallOptions = Pick<RequestOptions, 'signal' | 'timeout' | 'retry' | 'headers'>;

/** The parts of one endpoint call: path parameters, query, body and an explicit bearer token. */
export interface CallInput {
  params?: Record<string, string | number>;
  query?: unknown;
  body?: unknown;
  bearer?: string;
}

/**
 * Sends the contract endpoint `name` (method, path and auth from its `routes` row) and resolves
 * with its `data`; the domain groups of the typed API are built on it.
 */
export type Call = <N extends EndpointName>(
  name: N,
  input?: CallInput,
  options?: CallOptions,
) => Promise<EndpointData<N>>;

/**
 * Substitutes `:name` segments of a contract path with URI-encoded values.
 * @throws {TypeError} when a parameter of the path is missing from `params`.
 */
export function buildPath(path: string, params: Record<string, string | number> = {}): string {
  return path.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new TypeError(`Missing path parameter "${name}" for ${path}`);
    return encodeURIComponent(String(value));
  });
}
