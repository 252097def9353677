import type { Session } from '@vetted/contract';
import { type LinkComponentProps, LinkProvider } from '@vetted/ui/link';
import { LocaleProvider } from '@vetted/ui/locale';
import { ThemeProvider } from '@vetted/ui/theme';
import * as React from 'react';
import { type SWRConfiguration, SWRConfig } from 'swr';
import { Link, Router } from 'wouter';
import { ErrorBoundary } from '../components/error-boundary';
import { useMe } from '../lib/hooks/use-me';
import { type ApiKey, apiFetcher } from '../lib/api';
import { errorStatus } from '../lib/errors';
import { HydrationProvider } from '../lib/hydration';
import { SessionProvider, useSession } from '../lib/session';
import { LazyToaster } from '../lib/toast';
import { AppRoutes } from './routes';

/** wouter's Link, shaped for the design system's LinkProvider (client-side navigation). */
function RouterLink({ href, children, ...props }: LinkComponentProps) {
  return (
    <Link href={href} {...props}>
      {children}
    </Link>
  );
}

const swrConfig: SWRConfiguration = {
  fetcher: (key: ApiKey) => apiFetcher(key),
  // 4xx answers will not change by asking again.
  shouldRetryOnError: (error: unknown) => {
    const status = errorStatus(error);
    return status === undefined || status >= 500;
  },
  errorRetryCount: 2,
  revalidateOnFocus: true,
  dedupingInterval: 4000,
};

// The socket code loads only once someone is signed in: the public pages do not ship it. If its
// chunk fails to load, the pages still work (they revalidate on focus); nothing is thrown.
const RealtimeSubscription = React.lazy(() =>
  import('../lib/hooks/use-realtime').then(
    (m) => ({ default: m.RealtimeSubscription }),
    () => ({ default: () => null }),
  ),
);

/**
 * Live updates for the signed-in person: one `/v1/ws` subscription per signed-in user (keyed by
 * their id, so another person signing in on this browser gets their own socket); none when
 * signed out.
 */
function LiveUpdates() {
  const { session } = useSession();
  const { data: me } = useMe(session !== null);
  if (!session || !me) return null;
  return (
    <React.Suspense fallback={null}>
      <RealtimeSubscription userId={me.id} />
    </React.Suspense>
  );
}

export interface AppProvidersProps {
  children: React.ReactNode;
  /** A fresh SWR cache (tests give each render its own: `() => new Map()`). */
  cacheProvider?: () => Map<unknown, unknown>;
  /**
   * Data the page was rendered with on the server, by serialised SWR key (lib/ssr-data.ts):
   * SWR's `fallback`, so the first render shows it without fetching.
   */
  fallback?: Record<string, unknown>;
  /** The session rendered for on the server (see `SessionProvider`); the browser reads its cookie. */
  session?: Session | null;
}

/** Theme, client-side links, SWR (api-client fetcher), session and toasts. */
export function AppProviders({ children, cacheProvider, fallback, session }: AppProvidersProps) {
  const value = React.useMemo<SWRConfiguration>(
    () => ({
      ...swrConfig,
      ...(fallback ? { fallback } : {}),
      // biome-ignore lint/suspicious/noExplicitAny: SWR's Cache type is a Map-like
      ...(cacheProvider ? { provider: cacheProvider as any } : {}),
    }),
    [cacheProvider, fallback],
  );
  return (
    <ThemeProvider>
      <LinkProvider component={RouterLink}>
        <SWRConfig value={value}>
          <SessionProvider initial={session}>
            <LiveUpdates />
            {children}
            <LazyToaster position="top-right" richColors />
          </SessionProvider>
        </SWRConfig>
      </LinkProvider>
    </ThemeProvider>
  );
}

export interface AppProps {
  /**
   * The path to render outside a browser (wouter's `ssrPath`): the build-time prerender
   * (entry-server.tsx) passes the page's path; the browser reads `location`.
   */
  ssrPath?: string;
  /**
   * The query string the server rendered with (wouter's `ssrSearch`). Only read while rendering
   * on the server and while hydrating: a page prerendered at build time was rendered with an
   * empty query (hydration passes `''`, then React re-renders with the real one); `/search`,
   * rendered per request, with the request's (main.tsx passes `location.search` itself then, so
   * wouter finds nothing changed after hydration and re-renders nothing).
   */
  ssrSearch?: string;
  /**
   * True when rendering on the server or hydrating its HTML (see `HydrationProvider`).
   * @defaultValue false
   */
  hydrating?: boolean;
  /** Data the server rendered the page with (see {@link AppProvidersProps.fallback}). */
  fallback?: Record<string, unknown>;
  /**
   * The BCP 47 locale numbers, money and dates are formatted in: the one a page rendered per
   * request was rendered with (so hydration formats alike); undefined = the browser's.
   */
  locale?: string;
  /**
   * On the server only: the signed-in person's session a page is rendered for (the API
   * verified it); undefined renders signed out there, and the browser reads its cookie.
   */
  session?: Session;
}

/** The whole app: the providers, then the router (spec §2 routes). */
export function App({ ssrPath, ssrSearch, hydrating, fallback, locale, session }: AppProps = {}) {
  return (
    <HydrationProvider hydrating={hydrating}>
      <LocaleProvider locale={locale}>
        <AppProviders fallback={fallback} session={session}>
          <ErrorBoundary>
            <Router ssrPath={ssrPath} ssrSearch={ssrSearch}>
              <AppRoutes />
            </Router>
          </ErrorBoundary>
        </AppProviders>
      </LocaleProvider>
    </HydrationProvider>
  );
}
