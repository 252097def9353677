import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/app';
import { sessionManager, setSessionRefresh } from './lib/api';
import { entryScriptOf, reloadOnce, startBuildCheck } from './lib/build-check';
import {
  readSsrFallback,
  readSsrLocale,
  readSsrSearch,
  readSsrSession,
  sessionMarkOf,
} from './lib/ssr-data';
import { toast } from './lib/toast';
import './styles.css';

// The session store refreshes through the typed endpoint table, loaded on demand (lib/api.ts).
setSessionRefresh(async (refreshToken) => {
  const { api } = await import('./lib/vetted-api');
  return api.auth.resetToken(refreshToken);
});

// spec §9: a chunk of an outdated build failed to load → reload once (guarded for 10 s).
window.addEventListener('vite:preloadError', (event) => {
  if (reloadOnce()) event.preventDefault();
});
// spec §9: hourly check for a newer deployed build.
startBuildCheck({
  currentEntry: entryScriptOf(document.documentElement.outerHTML),
  fetchIndex: () => fetch('/index.html', { cache: 'no-store' }).then((r) => r.text()),
  onOutdated: () =>
    toast.info('A new version of Vetted is available', {
      duration: Number.POSITIVE_INFINITY,
      action: { label: 'Reload', onClick: () => window.location.reload() },
    }),
});

const root = document.getElementById('root');
if (!root) throw new Error('Missing #root element in index.html');

/*
 * Public pages arrive server-rendered for a signed-out visitor: prerendered at build time, or
 * rendered per request (a pro or landing page, and `/search` with its query; these carry the
 * data they were rendered with). The API serves them only without a session cookie. For a
 * signed-in person it renders the search screens (`/search`, `/user/services`) per request too,
 * for their verified session, and the data block names that session (lib/ssr-data.ts
 * `sessionMarkOf`). React hydrates the HTML when it was rendered for the session this browser
 * holds now — signed out, or the very same session. A prerendered page was rendered without a
 * query string, so hydration uses an empty query (the app then re-renders with the real one, in
 * place); a search screen was rendered with the request's, so hydration passes `location.search`
 * itself and nothing re-renders. A session that appeared, ended or was refreshed since (another
 * tab) would render other markup, so then the page is rendered afresh instead. Every other page
 * starts from the empty shell.
 *
 * Hydration runs as a transition: React then hydrates in slices and yields to the browser
 * between them, instead of one long task (Total Blocking Time); a click on a part not hydrated
 * yet still hydrates that part first.
 */
const session = sessionManager.get();
if (root.hasChildNodes() && readSsrSession() === (session ? sessionMarkOf(session) : undefined)) {
  const rendered = readSsrSearch();
  const ssrSearch =
    rendered === undefined
      ? ''
      : rendered === location.search.slice(1)
        ? location.search
        : rendered;
  startTransition(() => {
    hydrateRoot(
      root,
      <StrictMode>
        <App
          ssrSearch={ssrSearch}
          hydrating
          fallback={readSsrFallback()}
          locale={readSsrLocale()}
        />
      </StrictMode>,
    );
  });
} else {
  root.replaceChildren();
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}
