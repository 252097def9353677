import { useSWRConfig } from 'swr';
import { isEndpointKey } from '../../lib/keys';
import { api } from '../../lib/vetted-api';
import { useEndpoint } from '../../lib/use-endpoint';

/** `GET /v1/notifications` — a page of notifications plus the unread count. */
export function useNotifications(page = 1, pageSize = 10, enabled = true) {
  return useEndpoint('listNotifications', enabled ? { query: { page, pageSize } } : null, {
    keepPreviousData: true,
  });
}

/**
 * Unread count for the nav badge (first page only). Pushed notifications revalidate it at once
 * (lib/hooks/use-realtime.ts); the minute poll is the fallback while the socket is down.
 */
export function useUnreadCount(enabled = true) {
  const { data } = useEndpoint(
    'listNotifications',
    enabled ? { query: { page: 1, pageSize: 1 } } : null,
    { refreshInterval: 60_000 },
  );
  return data?.unreadCount ?? 0;
}

/** Mark-read actions; every cached notifications page (and the nav badge) is revalidated. */
export function useNotificationActions() {
  const { mutate } = useSWRConfig();
  const revalidate = () => mutate(isEndpointKey('listNotifications'));
  return {
    markRead: async (id: string) => {
      await api.notifications.markRead(id);
      await revalidate();
    },
    markAllRead: async () => {
      await api.notifications.markAllRead();
      await revalidate();
    },
  };
}
