import * as React from 'react';
import { useSearchParams } from 'wouter';

/**
 * Wait after the last key before the search goes to the URL (ms): the inboxes' 300 ms
 * (features/conversations/messages.tsx), not imported from there to keep that page out of this chunk.
 */
const SEARCH_DEBOUNCE_MS = 300;

/**
 * The URL state of an admin list: `q` (typed into a search box, written to the URL
 * `SEARCH_DEBOUNCE_MS` after the last key), `page`, and the list's filters by name. Changing the
 * search or a filter goes back to page 1. Back and forward restore all of it.
 *
 * @returns `q` (in the URL), `draft` (in the box), `page` (1-based), `filter(name)` (the URL
 * value or null) and setters.
 */
export function useListParams() {
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const [draft, setDraft] = React.useState(q);
  const written = React.useRef(q);

  // Follow the URL when it changes from outside (back/forward), not while it catches up with typing.
  React.useEffect(() => {
    if (q !== written.current) {
      written.current = q;
      setDraft(q);
    }
  }, [q]);

  React.useEffect(() => {
    if (draft.trim() === q.trim()) return;
    const timer = setTimeout(() => {
      const next = new URLSearchParams(params);
      written.current = draft.trim();
      if (draft.trim()) next.set('q', draft.trim());
      else next.delete('q');
      next.delete('page');
      setParams(next, { replace: true });
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [draft, q, params, setParams]);

  return {
    q,
    draft,
    setDraft,
    page,
    /** The URL value of filter `name`, or null. */
    filter: (name: string) => params.get(name),
    /** Sets (or, with null, removes) filters and goes back to page 1. */
    setFilters: (changes: Record<string, string | null>) => {
      const next = new URLSearchParams(params);
      for (const [key, value] of Object.entries(changes)) {
        if (value === null) next.delete(key);
        else next.set(key, value);
      }
      next.delete('page');
      setParams(next);
    },
    setPage: (p: number) => {
      const next = new URLSearchParams(params);
      if (p > 1) next.set('page', String(p));
      else next.delete('page');
      setParams(next);
    },
  };
}
