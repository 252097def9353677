import { LinkProvider, type LinkComponentProps, ThemeProvider, Toaster } from '@vetted/ui';
import * as React from 'react';
import { type SWRConfiguration, SWRConfig } from 'swr';
import { Link, Router } from 'wouter';
import { ErrorBoundary } from './components/error-boundary';
import { useMe } from './hooks/use-me';
import { type ApiKey, apiFetcher } from './lib/api';
import { errorStatus } from './lib/errors';
import { SessionProvider, useSession } from './lib/session';
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
  import('./hooks/use-realtime').then(
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
}

/** Theme, client-side links, SWR (api-client fetcher), session and toasts. */
export function AppProviders({ children, cacheProvider }: AppProvidersProps) {
  return (
    <ThemeProvider>
      <LinkProvider component={RouterLink}>
        <SWRConfig
          value={
            cacheProvider
              ? // biome-ignore lint/suspicious/noExplicitAny: SWR's Cache type is a Map-like
                { ...swrConfig, provider: cacheProvider as any }
              : swrConfig
          }
        >
          <SessionProvider>
            <LiveUpdates />
            {children}
            <Toaster position="top-right" richColors />
          </SessionProvider>
        </SWRConfig>
      </LinkProvider>
    </ThemeProvider>
  );
}

/** The whole app. */
export function App() {
  return (
    <AppProviders>
      <ErrorBoundary>
        <Router>
          <AppRoutes />
        </Router>
      </ErrorBoundary>
    </AppProviders>
  );
}
