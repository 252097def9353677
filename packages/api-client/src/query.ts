/** A single query value. `null`/`undefined` are skipped; booleans become `'true'`/`'false'`. */
export type QueryPrimitive = string | number | boolean | null | undefined;
/** Query parameters: arrays repeat the key (`tag=a&tag=b`), their null/undefined items skipped. */
export type QueryParams = Record<string, QueryPrimitive | readonly QueryPrimitive[]>;

/**
 * Appends `query` to `url` (keeping any query already on it) and returns the new URL.
 * Key order follows `query`; values are encoded by `URLSearchParams` (space → `+`).
 */
export function appendQuery(url: string, query: QueryParams | undefined): string {
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    const values: readonly QueryPrimitive[] = Array.isArray(value) ? value : [value];
    for (const item of values) {
      if (item === null || item === undefined) continue;
      params.append(key, String(item));
    }
  }
  const search = params.toString();
  if (!search) return url;
  const hashIndex = url.indexOf('#');
  const base = hashIndex === -1 ? url : url.slice(0, hashIndex);
  const hash = hashIndex === -1 ? '' : url.slice(hashIndex);
  const separator = base.includes('?')
    ? base.endsWith('?') || base.endsWith('&')
      ? ''
      : '&'
    : '?';
  return `${base}${separator}${search}${hash}`;
}

/** Joins a base URL and an endpoint with exactly one slash. Absolute endpoints are kept as is. */
export function joinUrl(baseUrl: string, endpoint: string): string {
  if (/^[a-z][a-z\d+.-]*:\/\//i.test(endpoint)) return endpoint;
  const base = baseUrl.replace(/\/+$/, '');
  const path = endpoint.replace(/^\/+/, '');
  return path ? `${base}/${path}` : base;
}
