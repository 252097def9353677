import * as React from 'react';

/*
 * Whether React has finished hydrating server HTML. A context, not `useSyncExternalStore` with
 * a server snapshot: the store's post-hydration change re-renders every reader synchronously —
 * on `/search` the whole results page, in one long task after hydration. This flips in a
 * transition, so React renders the change in slices between frames.
 */
const HydratedContext = React.createContext(true);

export interface HydrationProviderProps {
  /**
   * True when this render is the server's (entry-server.tsx) or hydrates the server's HTML
   * (main.tsx): readers see `false` until hydration is done. False (the default) for a page the
   * browser renders itself: `true` from the first render.
   */
  hydrating?: boolean;
  children: React.ReactNode;
}

/** Holds {@link useHydrated}'s answer for the app below it (see {@link HydrationProviderProps}). */
export function HydrationProvider({ hydrating = false, children }: HydrationProviderProps) {
  const [hydrated, setHydrated] = React.useState(!hydrating);
  React.useEffect(() => {
    // Effects run only in the browser, once the hydration has committed.
    if (!hydrated) React.startTransition(() => setHydrated(true));
  }, [hydrated]);
  return <HydratedContext.Provider value={hydrated}>{children}</HydratedContext.Provider>;
}

/**
 * False while rendering on the server and while hydrating its HTML, true otherwise — also on the
 * first render of a page the browser renders itself, and outside a {@link HydrationProvider}
 * (stories, tests). Lets a component whose output depends on browser-only state (localStorage,
 * cookies, the browser's language) render what the server rendered first, then its real output
 * right after hydration, without a hydration mismatch.
 */
export function useHydrated(): boolean {
  return React.useContext(HydratedContext);
}
