import type { CreateReviewBody, ReviewPage, ReviewReplyBody } from '@vetted/contract';
import * as React from 'react';
import { useSWRConfig } from 'swr';
import useSWRInfinite from 'swr/infinite';
import { endpointKey, isEndpointKey, revalidateMatching } from '../../lib/keys';
import { api } from '../../lib/vetted-api';

/*
 * Reviews: a pro's reviews page by page ("Show more"), a customer's review of a
 * completed order and the pro's one reply. Writes go through the api-client, then revalidate
 * what shows them: the order's detail (its `review` / `canReview`), the pro's review pages and
 * the pro's detail (its rating).
 */

/** Reviews per page on a pro's public page. */
export const REVIEW_PAGE_SIZE = 5;

/**
 * `GET /v1/vendors/:id/reviews` with `useSWRInfinite`: every loaded page's reviews as one list
 * (newest first), the breakdown of all of the pro's reviews, and `loadMore()` while `hasMore`.
 * Pass null to skip.
 */
export function useVendorReviews(vendorId: string | null | undefined, pageSize = REVIEW_PAGE_SIZE) {
  const swr = useSWRInfinite<ReviewPage>(
    (index: number, previous: ReviewPage | null) => {
      if (!vendorId) return null;
      if (previous && previous.page >= previous.totalPages) return null;
      return endpointKey('listVendorReviews', {
        params: { id: vendorId },
        query: { page: index + 1, pageSize },
      });
    },
    { revalidateFirstPage: true },
  );
  const { data, size, setSize, isLoading, isValidating, error, mutate } = swr;
  const items = React.useMemo(() => {
    // A review may move to the next page while more arrive: show each once.
    const seen = new Set<string>();
    return (data ?? []).flatMap((page) =>
      page.items.filter((r) => {
        if (seen.has(r.id)) return false;
        seen.add(r.id);
        return true;
      }),
    );
  }, [data]);
  const first = data?.[0];
  const last = data?.[data.length - 1];
  return {
    items,
    breakdown: first?.breakdown,
    total: first?.total,
    hasMore: Boolean(last && last.page < last.totalPages),
    isLoading,
    /** A next page was asked for and has not arrived yet. */
    isLoadingMore: Boolean(data && size > data.length && isValidating),
    error: error as Error | undefined,
    loadMore: () => setSize(size + 1),
    mutate,
  };
}

/** Revalidates everything that shows a pro's reviews or rating. */
function useRevalidateReviews() {
  const { cache, mutate } = useSWRConfig();
  return React.useCallback(
    (vendorId: string, orderId?: string) => {
      revalidateMatching(
        cache,
        (key) => mutate(key as never),
        isEndpointKey('listVendorReviews', { id: vendorId }),
      );
      void mutate(endpointKey('getVendor', { params: { id: vendorId } }));
      if (orderId) void mutate(endpointKey('getOrder', { params: { id: orderId } }));
    },
    [cache, mutate],
  );
}

/**
 * `POST /v1/orders/:id/review`: returns `submit(body)`, which sends the customer's review and
 * then revalidates the order and the pro's reviews. Rejects with the API's error (e.g. 409
 * "already reviewed") for the form to show.
 */
export function useCreateReview(order: { id: string; vendor: { id: string } }) {
  const revalidate = useRevalidateReviews();
  return React.useCallback(
    async (body: CreateReviewBody) => {
      const review = await api.reviews.create(order.id, body);
      revalidate(order.vendor.id, order.id);
      return review;
    },
    [order.id, order.vendor.id, revalidate],
  );
}

/**
 * `POST /v1/reviews/:id/reply`: returns `reply(reviewId, body)`, which sends the pro's reply
 * and then revalidates their review pages. Rejects with the API's error.
 */
export function useReplyToReview(vendorId: string | null | undefined) {
  const revalidate = useRevalidateReviews();
  return React.useCallback(
    async (reviewId: string, body: ReviewReplyBody) => {
      const review = await api.reviews.reply(reviewId, body);
      if (vendorId) revalidate(vendorId);
      return review;
    },
    [vendorId, revalidate],
  );
}
