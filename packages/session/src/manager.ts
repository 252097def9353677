import { isSession, pickSession, type Session } from '@vetted/contract';
import { REFRESH_LOCK_NAME, REFRESH_THRESHOLD_MS } from './constants';
import {
  type CookieJar,
  clearSessionCookie,
  createDocumentCookieJar,
  parseSessionCookie,
  serializeSessionCookie,
} from './cookie';
import { SessionError } from './session-error';

/**
 * The part of the Web Locks API the manager uses: `navigator.locks` in browsers (and Node ≥ 24).
 * `request` runs `callback` once no other holder (in any tab of the origin) has the lock.
 */
export interface RefreshLocks {
  request<T>(name: string, callback: (lock: unknown) => Promise<T>): Promise<T>;
}

/** Options of {@link createSessionManager}. */
export interface SessionManagerOptions {
  /**
   * Exchanges a refresh token for a new session — typically
   * `(token) => api.auth.resetToken(token)` (`POST /auth/reset-token`, spec §7). If the answer
   * lacks `role`, the current role is kept. A rejection (or an answer that is not a Session)
   * clears the session.
   */
  refresh: (refreshToken: string) => Promise<Session | Omit<Session, 'role'>>;
  /**
   * Refresh in `getValidSession` when the access token expires in less than `thresholdMs`
   * (spec §4). With `false`, the stored session is returned as is until it expires.
   * @defaultValue `true`
   */
  autoRefresh?: boolean;
  /** How long before expiry auto-refresh kicks in, in ms. @defaultValue 600 000 (spec §9) */
  thresholdMs?: number;
  /**
   * Cookie storage. In the browser `document.cookie`; on a server or in tests pass one
   * (e.g. `createMemoryCookieJar(request.headers.cookie)`).
   * @defaultValue `createDocumentCookieJar()` — throws a `TypeError` when there is no `document`.
   */
  jar?: CookieJar;
  /** Clock in ms since the epoch. @defaultValue `Date.now` */
  now?: () => number;
  /**
   * Serialises refreshes across tabs: a tab refreshes only while it holds the lock
   * {@link REFRESH_LOCK_NAME}, and first re-reads the cookie, so a session another tab just
   * refreshed is used instead of refreshing its (rotated) token again. `null` turns this off:
   * then only the in-tab guard applies, and the server's 30 s reuse grace keeps racing tabs
   * signed in. @defaultValue `navigator.locks` when present, else `null`
   */
  locks?: RefreshLocks | null;
}

/** The object {@link createSessionManager} returns. */
export interface SessionManager {
  /** The session in the cookie, or `null` (missing or invalid). Not checked for expiry. */
  get(): Session | null;
  /** Stores `session` in the cookie (spec §9 attributes) and notifies subscribers. */
  set(session: Session): void;
  /** Empties the cookie with `Max-Age=0` (spec §4) and notifies subscribers with `null`. */
  clear(): void;
  /**
   * The session, refreshed first when needed (spec §4): with `autoRefresh`, a session whose
   * access token expires in less than `thresholdMs` is refreshed, stored and returned.
   * Concurrent calls share one in-flight refresh; with `locks`, tabs take turns and reuse each
   * other's refreshed session.
   *
   * @throws {SessionError} `notFound` ('Session not found') without a session;
   *   `refreshFailed` ('Session refresh failed', `cause` = the refresh error) after clearing the
   *   session when the refresh fails; `expired` ('Session expired, Please login again') after
   *   clearing an already-expired session when `autoRefresh` is off.
   */
  getValidSession(): Promise<Session>;
  /**
   * Refreshes now, whatever the expiry (e.g. after a 401). Shares an in-flight refresh.
   * @throws {SessionError} `notFound` without a session; `refreshFailed` as above.
   */
  refresh(): Promise<Session>;
  /** Calls `listener` with the new session (or `null`) on every set, refresh and clear. */
  subscribe(listener: (session: Session | null) => void): () => void;
}

/**
 * Creates the session store of spec §3–4: the session lives in the `user_session` cookie,
 * is refreshed shortly before expiry and cleared when a refresh fails.
 *
 * @example
 * const session = createSessionManager({ refresh: (token) => api.auth.resetToken(token) });
 * const client = createClient({
 *   baseUrl: '/v1',
 *   getAccessToken: async () => (await session.getValidSession()).accessToken,
 * });
 */
export function createSessionManager(options: SessionManagerOptions): SessionManager {
  const jar = options.jar ?? createDocumentCookieJar();
  const now = options.now ?? Date.now;
  const autoRefresh = options.autoRefresh ?? true;
  const thresholdMs = options.thresholdMs ?? REFRESH_THRESHOLD_MS;
  const listeners = new Set<(session: Session | null) => void>();
  let inFlight: Promise<Session> | null = null;
  const locks: RefreshLocks | null = options.locks !== undefined ? options.locks : defaultLocks();

  function notify(session: Session | null): void {
    for (const listener of [...listeners]) listener(session);
  }

  function get(): Session | null {
    return parseSessionCookie(jar.get());
  }

  function set(session: Session): void {
    jar.set(serializeSessionCookie(session, { now: now() }));
    notify(session);
  }

  function clear(): void {
    jar.set(clearSessionCookie());
    notify(null);
  }

  async function exchange(current: Session): Promise<Session> {
    try {
      const answer = await options.refresh(current.refreshToken);
      // Spec §7 lists no role in the reset-token answer: keep the one we had.
      const candidate: unknown = { role: current.role, ...answer };
      if (!isSession(candidate)) throw new TypeError('The refresh answer is not a session');
      const next = pickSession(candidate);
      set(next);
      return next;
    } catch (cause) {
      clear();
      throw new SessionError('refreshFailed', { cause });
    }
  }

  function refreshFrom(current: Session): Promise<Session> {
    if (inFlight) return inFlight;
    const run = async (): Promise<Session> => {
      if (!locks) return exchange(current);
      return locks.request(REFRESH_LOCK_NAME, async () => {
        // While we waited, another tab may have refreshed (the cookie holds a newer refresh
        // token: use its session) or logged out (no cookie: nothing to refresh).
        const latest = get();
        if (!latest) {
          clear();
          throw new SessionError('notFound');
        }
        if (latest.refreshToken !== current.refreshToken) {
          notify(latest);
          return latest;
        }
        return exchange(latest);
      });
    };
    inFlight = run().finally(() => {
      inFlight = null;
    });
    return inFlight;
  }

  async function getValidSession(): Promise<Session> {
    if (inFlight) return inFlight;
    const session = get();
    if (!session) throw new SessionError('notFound');
    const remainingMs = Date.parse(session.expiresIn) - now();
    if (!autoRefresh) {
      if (remainingMs > 0) return session;
      clear();
      throw new SessionError('expired');
    }
    // Spec §4: refresh when a refresh token exists and expiry is less than the threshold away.
    if (remainingMs < thresholdMs && session.refreshToken) return refreshFrom(session);
    return session;
  }

  async function refresh(): Promise<Session> {
    if (inFlight) return inFlight;
    const session = get();
    if (!session) throw new SessionError('notFound');
    return refreshFrom(session);
  }

  function subscribe(listener: (session: Session | null) => void): () => void {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  }

  return { get, set, clear, getValidSession, refresh, subscribe };
}

/** `navigator.locks` when this runtime has the Web Locks API, else null. */
function defaultLocks(): RefreshLocks | null {
  const nav = (globalThis as { navigator?: { locks?: RefreshLocks } }).navigator;
  return nav?.locks && typeof nav.locks.request === 'function' ? nav.locks : null;
}
