import { StrictMode } from 'react';
import { prerender } from 'react-dom/static';
import { App } from './app';

/*
 * The server entry of the build-time prerender (issue #10): `vite build --ssr` bundles it to
 * dist-ssr/entry-server.js, which apps/web/scripts/prerender.mjs imports. It renders the very
 * components the browser does (App: AppProviders, the layouts, ROUTE_TABLE's pages), signed out
 * and without data — pages show their loading skeletons where SWR data would go.
 */

export { headTags, PRERENDERED_PAGES, PUBLIC_URL_PLACEHOLDER } from './lib/page-head';
export type { PrerenderedPage } from './lib/page-head';

/**
 * The HTML inside `<div id="root">` for `path` (a pathname, no query: the page renders with an
 * empty query, as main.tsx hydrates it). Waits for every `React.lazy` page and layout to load
 * (`react-dom/static`'s `prerender`), so the markup is complete, with no fallback left.
 *
 * @throws when a component throws while rendering (the build fails rather than ship a broken page).
 */
export async function render(path: string): Promise<string> {
  const errors: unknown[] = [];
  const { prelude } = await prerender(
    <StrictMode>
      <App ssrPath={path} ssrSearch="" />
    </StrictMode>,
    {
      // Inline every boundary: a large one would otherwise be outlined behind its fallback and
      // revealed by an inline script — which neither a page without JavaScript nor the CSP runs.
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      onError: (error) => void errors.push(error),
    },
  );
  const html = await new Response(prelude).text();
  if (errors.length > 0) {
    throw new AggregateError(errors, `prerendering ${path} failed: ${String(errors[0])}`);
  }
  return html;
}
