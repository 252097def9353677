import useSWRInfinite from 'swr/infinite';
import { endpointKey, type KeyData } from '../../lib/keys';
import { publicProKey } from '../../lib/public-page-keys';
import { useEndpointKey } from '../../lib/use-endpoint';

/*
 * The public pro page (`/pros/:slug`): the profile with its first page of reviews in one read,
 * then further review pages on demand. The server renders the page with the profile as SWR
 * fallback under `publicProKey(slug)`, so the first render in the browser has it too.
 */

/** `GET /v1/pros/{slug}`: an approved pro's public profile. Pass null to skip. */
export function usePublicPro(slug: string | null | undefined) {
  return useEndpointKey(slug ? publicProKey(slug) : null);
}

/**
 * `GET /v1/pros/{slug}/reviews` pages 2, 3, … (page 1 is the profile's `reviews`): nothing is
 * fetched until `loadMore()`. Later pages are asked with the first page's `pageSize`, so the
 * pages line up without gaps or repeats. Returns the extra reviews (each once), whether more remain after them, and `loadMore()`.
 */
export function useProReviews(
  slug: string | null | undefined,
  first: KeyData<'getPro'>['reviews'] | undefined,
) {
  const swr = useSWRInfinite<KeyData<'listProReviews'>>(
    (index, previous: KeyData<'listProReviews'> | null) => {
      if (!slug || !first) return null;
      const last = previous ?? first;
      if (last.page >= last.totalPages) return null;
      return endpointKey('listProReviews', {
        params: { slug },
        query: { page: index + 2, pageSize: first.pageSize },
      });
    },
    // Nothing beyond the first page until asked: size 0 fetches nothing.
    { initialSize: 0, revalidateFirstPage: false, revalidateOnFocus: false },
  );
  const { data, size, setSize, isValidating, error } = swr;
  const pages = data ?? [];
  const last = pages[pages.length - 1] ?? first;
  return {
    /** The reviews of pages 2 and on loaded so far, newest first. */
    pages,
    hasMore: Boolean(last && last.page < last.totalPages),
    /** A next page was asked for and has not arrived yet. */
    isLoadingMore: size > pages.length && isValidating,
    error: error as Error | undefined,
    loadMore: () => setSize(size + 1),
  };
}
