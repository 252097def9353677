import { isSession, pickSession, type Session } from '@vetted/contract';
import { parseCookie, parseSetCookie, stringifyCookie, stringifySetCookie } from 'cookie';
import { COOKIE_MARGIN_MS, DEFAULT_COOKIE_MAX_AGE_S, SESSION_COOKIE } from './constants';

/** Attributes of {@link serializeCookie}. */
export interface CookieOptions {
  /** Max-Age in seconds; floored, negatives become 0 (delete). @defaultValue 3600 (spec §9) */
  maxAgeS?: number;
  /** @defaultValue `'/'` */
  path?: string;
  /** @defaultValue `'strict'` */
  sameSite?: 'strict' | 'lax' | 'none';
  /**
   * Browsers accept Secure cookies on `http://localhost`, so keep it on in development too.
   * @defaultValue `true`
   */
  secure?: boolean;
}

/**
 * Builds a `Set-Cookie` string (also what `document.cookie = …` takes). The value is
 * percent-encoded where needed by the `cookie` package.
 *
 * @example serializeCookie('seen_tour', '1') // 'seen_tour=1; Max-Age=3600; Path=/; Secure; SameSite=Strict'
 * @throws {TypeError} on an invalid cookie name or path.
 */
export function serializeCookie(name: string, value: string, options: CookieOptions = {}): string {
  const maxAge = Math.max(0, Math.floor(options.maxAgeS ?? DEFAULT_COOKIE_MAX_AGE_S));
  return stringifySetCookie({
    name,
    value,
    maxAge: Number.isFinite(maxAge) ? maxAge : 0,
    path: options.path ?? '/',
    secure: options.secure ?? true,
    sameSite: options.sameSite ?? 'strict',
  });
}

/**
 * Max-Age of the session cookie in whole seconds: time to access-token expiry minus the
 * 5-minute margin (spec §9), floored, never negative. An unparsable `expiresIn` gives 0.
 */
export function sessionCookieMaxAgeS(
  session: Pick<Session, 'expiresIn'>,
  now = Date.now(),
): number {
  const expiresAt = Date.parse(session.expiresIn);
  if (Number.isNaN(expiresAt)) return 0;
  return Math.max(0, Math.floor((expiresAt - now - COOKIE_MARGIN_MS) / 1000));
}

/**
 * `Set-Cookie` string storing `session` in the `user_session` cookie (spec §3, §9): value is the
 * JSON session, percent-encoded; `Secure; SameSite=Strict; Path=/`; `Max-Age` =
 * floor((expiresIn − now − 5 min) / 1000) s, never negative — a session expiring within 5
 * minutes gets `Max-Age=0`, i.e. is not kept.
 *
 * @param options.now - current time in ms since the epoch. @defaultValue `Date.now()`
 */
export function serializeSessionCookie(session: Session, options: { now?: number } = {}): string {
  return stringifySetCookie(
    {
      name: SESSION_COOKIE,
      value: JSON.stringify(session),
      maxAge: sessionCookieMaxAgeS(session, options.now ?? Date.now()),
      path: '/',
      secure: true,
      sameSite: 'strict',
    },
    // Always percent-encode: the JSON's quotes and commas are not cookie-octets anyway.
    { encode: encodeURIComponent },
  );
}

/** `Set-Cookie` string that clears the session cookie: empty value, `Max-Age=0` (spec §4). */
export function clearSessionCookie(): string {
  return serializeCookie(SESSION_COOKIE, '', { maxAgeS: 0 });
}

/** Value of cookie `name` in a `Cookie` header (or `document.cookie`), else `null`. */
export function readCookie(cookieHeader: string | null | undefined, name: string): string | null {
  if (!cookieHeader) return null;
  return parseCookie(cookieHeader)[name] ?? null;
}

/**
 * Reads the session from a `Cookie` header or `document.cookie`. Returns `null` when the cookie
 * is missing, empty, not JSON, or is not a Session (`isSession`, equal to the contract's `sessionSchema`) — never throws.
 * Expiry is not checked here (see the session manager).
 */
export function parseSessionCookie(cookieHeader: string | null | undefined): Session | null {
  const raw = readCookie(cookieHeader, SESSION_COOKIE);
  if (!raw) return null;
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    return null;
  }
  // `isSession` mirrors the contract's sessionSchema without pulling zod into browser bundles.
  return isSession(json) ? pickSession(json) : null;
}

/**
 * Where the session manager reads and writes cookies. `get` returns a `Cookie` header-style
 * string (`a=1; b=2`), `set` takes one `Set-Cookie` string and must honour `Max-Age=0` as a
 * delete — exactly what `document.cookie` does.
 */
export interface CookieJar {
  get(): string;
  set(setCookie: string): void;
}

/**
 * The browser jar: `document.cookie`.
 * @throws {TypeError} when there is no `document` (Node, workers) — pass a jar there.
 */
export function createDocumentCookieJar(): CookieJar {
  if (typeof document === 'undefined') {
    throw new TypeError('No document: pass a `jar` to createSessionManager outside the browser');
  }
  return {
    get: () => document.cookie,
    set: (setCookie) => {
      // biome-ignore lint/suspicious/noDocumentCookie: the jar is the one place that writes it.
      document.cookie = setCookie;
    },
  };
}

/**
 * An in-memory jar for tests and servers (one per request on a server). It honours `Max-Age`
 * against `now()`: `Max-Age=0` deletes at once, a cookie past its age is no longer returned.
 *
 * @param initial - a `Cookie` header to start from, e.g. the incoming request's.
 * @param now - clock in ms. @defaultValue `Date.now`
 */
export function createMemoryCookieJar(
  initial = '',
  now: () => number = Date.now,
): CookieJar & { readonly setCookies: readonly string[] } {
  const store = new Map<string, { value: string; expiresAt: number }>();
  for (const [name, value] of Object.entries(parseCookie(initial))) {
    if (value !== undefined) store.set(name, { value, expiresAt: Number.POSITIVE_INFINITY });
  }
  const setCookies: string[] = [];
  return {
    /** Every `Set-Cookie` string written, oldest first — to copy onto a server response. */
    setCookies,
    get() {
      const live: Record<string, string> = {};
      for (const [name, cookie] of store) {
        if (cookie.expiresAt > now()) live[name] = cookie.value;
      }
      // Values are stored as decoded; encode them back like a browser header would carry them.
      return stringifyCookie(live);
    },
    set(setCookie) {
      setCookies.push(setCookie);
      const parsed = parseSetCookie(setCookie);
      if (!parsed.name) return;
      if (parsed.maxAge !== undefined && parsed.maxAge <= 0) {
        store.delete(parsed.name);
        return;
      }
      const expiresAt =
        parsed.maxAge !== undefined
          ? now() + parsed.maxAge * 1000
          : (parsed.expires?.getTime() ?? Number.POSITIVE_INFINITY);
      store.set(parsed.name, { value: parsed.value ?? '', expiresAt });
    },
  };
}
