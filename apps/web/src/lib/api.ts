import { createClient } from '@vetted/api-client';
import type { Session } from '@vetted/contract';
import { createMemoryCookieJar, createSessionManager } from '@vetted/session';

/*
 * The entry chunk keeps only the HTTP client and the session store. The typed endpoint table
 * (`createVettedApi`, which pulls every contract schema) lives in `./vetted-api`, which imports
 * this module; so this module never imports it back: the entry (main.tsx) hands the refresh
 * call in through `setSessionRefresh`, loading `./vetted-api` on demand so the public home
 * ships little JS.
 */

/** Exchanges a refresh token for a new session (`POST /v1/auth/reset-token`, spec §4, §7). */
export type SessionRefresh = (refreshToken: string) => Promise<Session>;

let refreshSession: SessionRefresh | null = null;

/**
 * Sets the call the session store refreshes with; the entry calls it once at start. Until it is
 * set (unit tests, prerendering, stories) a refresh rejects, as a failed refresh would.
 */
export function setSessionRefresh(refresh: SessionRefresh): void {
  refreshSession = refresh;
}

/**
 * The one session store of the app: the `user_session` cookie (spec §3), refreshed 10 minutes
 * before expiry through the call given to `setSessionRefresh` (spec §4, §7).
 */
export const sessionManager = createSessionManager({
  // Outside a browser (unit tests, prerendering) there is no document.cookie.
  ...(typeof document === 'undefined' ? { jar: createMemoryCookieJar() } : {}),
  refresh: async (refreshToken): Promise<Session> => {
    if (!refreshSession) throw new Error('Session refresh is not configured');
    return refreshSession(refreshToken);
  },
});

/**
 * The one HTTP client of the app (no raw fetch anywhere else). Every call carries the access
 * token when a session exists; a 401 on an authenticated call clears the session, which the
 * route guard turns into a redirect (spec §2 access rules).
 */
export const client = createClient({
  baseUrl: '/v1',
  getAccessToken: async () => {
    if (!sessionManager.get()) return null;
    try {
      return (await sessionManager.getValidSession()).accessToken;
    } catch {
      return null;
    }
  },
  onUnauthorized: () => sessionManager.clear(),
});

/**
 * SWR key of a GET: `[endpoint, query?]`. The root `<SWRConfig>` fetcher turns it into
 * `client.request({ endpoint, query })`, so the api-client is the one fetcher.
 */
export type ApiKey = readonly [endpoint: string, query?: Record<string, unknown>];

/** The root SWR fetcher: one GET through the api-client, resolving with the body's `data`. */
export function apiFetcher<T>(key: ApiKey): Promise<T> {
  const [endpoint, query] = key;
  return client.request<T>({
    endpoint,
    method: 'get',
    // biome-ignore lint/suspicious/noExplicitAny: query values are primitives, checked by the contract
    query: query as any,
  });
}
