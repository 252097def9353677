import { routes } from '@vetted/contract';
import type { Client } from '../client';
import { buildPath, type CallOptions } from './call';

/** `calendar.*` of the typed API: the public side of the pros' calendar feeds. */
export function calendarApi(client: Client) {
  return {
    /**
     * `GET /calendar/:token.ics` — a pro's private feed as an iCalendar `Blob` (`text/calendar`,
     * RFC 5545). No access token is sent: `token` (the last segment of the URL
     * `vendor.calendarFeed` answers, without `.ics`) is the credential. Rejects with
     * {@link HttpError} 404 for an unknown or rotated token.
     */
    feed: (token: string, options?: CallOptions) =>
      client.request<Blob>({
        ...options,
        endpoint: buildPath(routes.getCalendarFeed.path, { token }),
        method: 'get',
        auth: false,
        responseType: 'blob',
      }),
  };
}
