/** A query value; `null`/`undefined` are skipped, booleans become `'true'`/`'false'`. */
export type LinkQueryValue = string | number | boolean | null | undefined;

/** Query parameters of {@link buildLink}: the spec §2 named ones plus any extra. */
export interface LinkQuery {
  /** Path to return to after login. */
  redirect?: string | null;
  /** Replace the history entry when following the link. */
  replace?: boolean | null;
  /** Which auth screen to show (`login`, `signup`, …). */
  authType?: string | null;
  /** Set when coming back from an auth screen. */
  authReturned?: boolean | null;
  [key: string]: LinkQueryValue;
}

/** Options of {@link buildLink}. */
export interface BuildLinkOptions {
  /** Values for `:name` / `{name}` segments; URI-encoded when substituted. */
  params?: Record<string, string | number>;
  /** Query parameters appended in key order; null/undefined skipped. */
  query?: LinkQuery;
}

const PARAM = /:([A-Za-z_][A-Za-z0-9_]*)|\{([A-Za-z_][A-Za-z0-9_]*)\}/g;

/**
 * Builds an in-app link (spec §2 "Link building"): substitutes `:id` or `{id}` path parameters
 * (encoded with `encodeURIComponent`) and appends query parameters, skipping `null`/`undefined`.
 * A query already on `path` is kept; a `#hash` stays last.
 *
 * @example
 * buildLink(ROUTES.user.vendor, { params: { id: 'v-1' }, query: { redirect: null, tab: 'reviews' } })
 * // '/user/services/vendor/v-1?tab=reviews'
 * @throws {TypeError} when a parameter of `path` is missing, or its value is empty, `.` or `..`
 *   (which would change the path's shape).
 */
export function buildLink(path: string, options: BuildLinkOptions = {}): string {
  const params = options.params ?? {};
  const hashIndex = path.indexOf('#');
  const withoutHash = hashIndex === -1 ? path : path.slice(0, hashIndex);
  const hash = hashIndex === -1 ? '' : path.slice(hashIndex);
  const queryIndex = withoutHash.indexOf('?');
  const pathPart = queryIndex === -1 ? withoutHash : withoutHash.slice(0, queryIndex);
  const existingQuery = queryIndex === -1 ? '' : withoutHash.slice(queryIndex + 1);

  const built = pathPart.replace(PARAM, (_, colonName?: string, braceName?: string) => {
    const name = (colonName ?? braceName) as string;
    const value = params[name];
    if (value === undefined || value === null) {
      throw new TypeError(`buildLink: missing path parameter "${name}" for ${path}`);
    }
    const text = String(value);
    if (text === '' || text === '.' || text === '..') {
      throw new TypeError(`buildLink: invalid value ${JSON.stringify(text)} for "${name}"`);
    }
    return encodeURIComponent(text);
  });

  const search = new URLSearchParams(existingQuery);
  for (const [key, value] of Object.entries(options.query ?? {})) {
    if (value === null || value === undefined) continue;
    search.append(key, String(value));
  }
  const query = search.toString();
  return `${built}${query ? `?${query}` : ''}${hash}`;
}
