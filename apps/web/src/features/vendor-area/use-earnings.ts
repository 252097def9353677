import type { CreatePayoutBody } from '@vetted/contract';
import * as React from 'react';
import { useSWRConfig } from 'swr';
import { saveBlob } from '../../lib/download';
import { todayIn } from '../../lib/format';
import { isEndpointKey } from '../../lib/keys';
import { api } from '../../lib/vetted-api';
import { useEndpoint } from '../../lib/use-endpoint';

/*
 * The pro's earnings, from the ledger on the server: figures per currency (minor
 * units), the entries behind them page by page, payouts and the CSV export. Nothing is summed in
 * the browser (STYLE.md "App": business figures come from the API).
 */

/** Earnings entries per page on `/vendor/earnings`. */
export const EARNINGS_PAGE_SIZE = 20;
/** Payouts listed on `/vendor/earnings` (the newest). */
export const PAYOUTS_PAGE_SIZE = 10;

/**
 * `GET /v1/vendor/earnings?page=&pageSize=` — pending, on hold, available and paid-out figures
 * per currency, and one page of entries (newest first). The previous page is kept while the next
 * loads. Revalidated on focus and on every order change (lib/hooks/use-realtime.ts). Pass a null
 * `page` to skip.
 */
export function useEarnings(page: number | null = 1, pageSize = EARNINGS_PAGE_SIZE) {
  return useEndpoint('getEarnings', page === null ? null : { query: { page, pageSize } }, {
    keepPreviousData: true,
  });
}

/** `GET /v1/vendor/payouts?page=&pageSize=` — the pro's payouts, newest first. */
export function usePayouts(page = 1, pageSize = PAYOUTS_PAGE_SIZE) {
  return useEndpoint('listPayouts', { query: { page, pageSize } });
}

/**
 * `POST /v1/vendor/payouts`: returns `payOut(body)`, which pays out what is available in
 * `body.currency` (or `body.amount` of it, minor units), then revalidates every earnings page
 * and payouts page. Rejects with the API's error (e.g. 409 nothing available).
 */
export function useCreatePayout() {
  const { mutate } = useSWRConfig();
  return React.useCallback(
    async (body: CreatePayoutBody) => {
      const payout = await api.vendor.createPayout(body);
      await Promise.all([
        mutate(isEndpointKey('getEarnings')),
        mutate(isEndpointKey('listPayouts')),
      ]);
      return payout;
    },
    [mutate],
  );
}

/**
 * Downloads every earnings entry as CSV (`GET /v1/vendor/earnings/export`, through the
 * api-client with the session's access token) and saves it as `vetted-earnings-<YYYY-MM-DD>.csv`
 * (`now`'s date in the browser's zone, as the server names it by the pro's local date). Rejects
 * with the API's error.
 */
export async function downloadEarningsCsv(now: Date = new Date()): Promise<void> {
  const csv = await api.vendor.exportEarnings();
  saveBlob(csv, `vetted-earnings-${todayIn(undefined, now)}.csv`);
}
