import { LinkProvider, type LinkComponentProps, ThemeProvider, Toaster } from '@vetted/ui';
import type * as React from 'react';
import { type SWRConfiguration, SWRConfig } from 'swr';
import { Link, Router } from 'wouter';
import { ErrorBoundary } from './components/error-boundary';
import { type ApiKey, apiFetcher } from './lib/api';
import { errorStatus } from './lib/errors';
import { SessionProvider } from './lib/session';
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
