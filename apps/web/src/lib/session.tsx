import { MESSAGES } from '@vetted/api-client';
import type { Role, Session } from '@vetted/contract';
import { buildLink, ROUTES, resolveAccess } from '@vetted/session';
import * as React from 'react';
import { useSWRConfig } from 'swr';
import { navigate } from 'wouter/use-browser-location';
import { sessionManager } from './api';
import { toast } from './toast';

interface SessionContextValue {
  /** The session in the `user_session` cookie, or null. */
  session: Session | null;
  /** Role of the signed-in person, or null when signed out. */
  role: Role | null;
  /** Stores a new session (after OTP verification). */
  signIn: (session: Session) => void;
  /** Revokes the refresh token (best effort), clears the cookie and the SWR cache. */
  signOut: () => Promise<void>;
}

const SessionContext = React.createContext<SessionContextValue | null>(null);

/**
 * Keeps React in sync with the session manager (cookie + auto-refresh). `initial` is the
 * session a page is rendered for on the server, where there is no cookie jar to read (the API
 * passes the verified `user_session` cookie's); in the browser the cookie is read.
 */
export function SessionProvider({
  children,
  initial,
}: {
  children: React.ReactNode;
  initial?: Session | null;
}) {
  const [session, setSession] = React.useState<Session | null>(() =>
    initial !== undefined ? initial : safeGet(),
  );
  const { mutate } = useSWRConfig();
  const signingOut = React.useRef(false);
  const current = React.useRef(session);

  React.useEffect(() => {
    const stored = safeGet();
    // The same session read again keeps its object: a new one would update every reader, and
    // React would give up hydrating a server-rendered page still waiting for its code and render
    // it afresh.
    current.current = sameSession(current.current, stored) ? current.current : stored;
    setSession(current.current);
    return sessionManager.subscribe((next) => {
      const previous = current.current;
      current.current = next;
      // Cleared without a log out: the refresh failed or the API answered 401 (spec §8).
      if (previous && !next && !signingOut.current) {
        toast.warning(MESSAGES.sessionExpired);
        // Before the router sees the session gone (it would send a signed-out visitor home).
        loginAgain();
      }
      setSession(next);
    });
  }, []);

  const value = React.useMemo<SessionContextValue>(
    () => ({
      session,
      role: session?.role ?? null,
      signIn: (next) => {
        sessionManager.set(next);
        // Another person may have used this browser: drop every cached response.
        void mutate(() => true, undefined, { revalidate: false });
      },
      signOut: async () => {
        const refreshToken = sessionManager.get()?.refreshToken;
        signingOut.current = true;
        try {
          if (refreshToken) {
            const { api } = await import('./vetted-api');
            await api.auth.logout({ refreshToken });
          }
        } finally {
          sessionManager.clear();
          signingOut.current = false;
          void mutate(() => true, undefined, { revalidate: false });
        }
      },
    }),
    [session, mutate],
  );

  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

/**
 * After the session expired on a signed-in page: the login page with `redirect` back to that
 * page (spec §2 link building), so signing in again returns there. A public page still works
 * signed out and is left as it is.
 */
function loginAgain(): void {
  const { pathname, search } = window.location;
  if (resolveAccess(pathname, null).type === 'allow') return;
  navigate(buildLink(ROUTES.login, { query: { redirect: `${pathname}${search}` } }), {
    replace: true,
  });
}

/** Whether `a` and `b` are the same session: the same tokens, expiry and role. */
function sameSession(a: Session | null, b: Session | null): boolean {
  return (
    a === b ||
    (a !== null &&
      b !== null &&
      a.accessToken === b.accessToken &&
      a.refreshToken === b.refreshToken &&
      a.expiresIn === b.expiresIn &&
      a.role === b.role)
  );
}

function safeGet(): Session | null {
  try {
    return sessionManager.get();
  } catch {
    return null;
  }
}

/** The current session and sign-in/out actions. Throws outside a {@link SessionProvider}. */
export function useSession(): SessionContextValue {
  const ctx = React.useContext(SessionContext);
  if (!ctx) throw new Error('`useSession` must be used within `SessionProvider`');
  return ctx;
}

/** Home of a role: where "Go to dashboard" and post-login navigation lead. */
export function homeFor(role: Role | null): string {
  if (role === 'vendor') return '/vendor';
  if (role === 'admin') return '/admin';
  if (role === 'customer') return '/user';
  return '/';
}
