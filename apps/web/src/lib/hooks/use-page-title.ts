import * as React from 'react';
import { namedPageTitle } from '../page-meta';

/**
 * Names the page after what it shows — a pro, a service, an order reference: once `name` is
 * known, `document.title` is "<name> — Vetted" (page-meta.ts), instead of the route's generic
 * title ("Pro — Vetted"); when the page leaves or shows something else the title it had before
 * comes back. The router sets the route's title in a layout effect, so this (a passive effect)
 * runs after it in the same commit and wins. `name` null or undefined (still loading) leaves
 * the route's title.
 */
export function usePageTitle(name: string | null | undefined): void {
  React.useEffect(() => {
    if (!name) return;
    const before = document.title;
    const own = namedPageTitle(name);
    document.title = own;
    return () => {
      // Another page may have set its own title already: leave that one.
      if (document.title === own) document.title = before;
    };
  }, [name]);
}
