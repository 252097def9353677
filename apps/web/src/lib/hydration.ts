import * as React from 'react';

const subscribeToNothing = () => () => {};

/**
 * False while rendering on the server (the build-time prerender) and while hydrating its HTML,
 * true otherwise — also on the first render of a page the browser renders itself. Lets a
 * component whose output depends on browser-only state (localStorage, cookies) render what the
 * server rendered first, then its real output right after hydration, without a hydration
 * mismatch (React uses `useSyncExternalStore`'s server snapshot exactly then).
 */
export function useHydrated(): boolean {
  return React.useSyncExternalStore(
    subscribeToNothing,
    () => true,
    () => false,
  );
}
