import type { NotificationPage } from '@vetted/contract';
import useSWR, { useSWRConfig } from 'swr';
import { api } from '../lib/vetted-api';

/** `GET /v1/notifications` — a page of notifications plus the unread count. */
export function useNotifications(page = 1, pageSize = 10, enabled = true) {
  return useSWR<NotificationPage>(enabled ? ['/notifications', { page, pageSize }] : null, {
    keepPreviousData: true,
  });
}

/** Unread count for the nav badge (first page only, refreshed every minute). */
export function useUnreadCount(enabled = true) {
  const { data } = useSWR<NotificationPage>(
    enabled ? ['/notifications', { page: 1, pageSize: 1 }] : null,
    { refreshInterval: 60_000 },
  );
  return data?.unreadCount ?? 0;
}

/** Mark-read actions; every cached notifications page (and the nav badge) is revalidated. */
export function useNotificationActions() {
  const { mutate } = useSWRConfig();
  const revalidate = () => mutate((key) => Array.isArray(key) && key[0] === '/notifications');
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
