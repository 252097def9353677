import { useSearchParams } from 'wouter';
import { useHydrated } from '../../lib/hydration';

/**
 * wouter's `useSearchParams` for a search screen — the query string and its setter — except
 * while React hydrates this document. The API renders `/search` per request WITH the request's
 * query (apps/api/src/platform/spa-render.ts), but main.tsx hydrates every server-rendered page
 * with an empty one (wouter's `ssrSearch=""`, right for the pages prerendered at build time);
 * read so, the first page's SWR key and markup would not match the server's. So while hydrating,
 * the query is `location.search` — the very query the server was asked for; after it, wouter's
 * (equal to it, then following navigation). On the server, wouter's `ssrSearch`.
 */
export function useSearchQuery(): ReturnType<typeof useSearchParams> {
  const [params, setParams] = useSearchParams();
  const hydrated = useHydrated();
  if (!hydrated && typeof window !== 'undefined') {
    return [new URLSearchParams(window.location.search), setParams];
  }
  return [params, setParams];
}
