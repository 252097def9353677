import type { Notification } from '@vetted/contract';
import { toast } from '@vetted/ui';
import * as React from 'react';
import { useSWRConfig } from 'swr';
import { sessionManager } from '../lib/api';

/** Subprotocol that carries the access token (apps/api src/routes/realtime.ts). */
const REALTIME_PROTOCOL = 'vetted.bearer';
/**
 * Wait before reconnecting a dropped socket (ms). A constant: one socket per tab, and the
 * notification list still revalidates on focus, so a slow reconnect loses nothing.
 */
const RECONNECT_DELAY_MS = 5_000;

type Frame = { type: 'ready' } | { type: 'notification'; data: Notification };

/**
 * Live notifications for the signed-in area: keeps one WebSocket to `/v1/ws` open while
 * `enabled`, and for each pushed notification revalidates every cached notifications page (and
 * so the nav badge) and shows it as a toast. Reconnects after a drop while the session is valid.
 */
export function useRealtimeNotifications(enabled: boolean): void {
  const { mutate } = useSWRConfig();
  React.useEffect(() => {
    if (!enabled || typeof WebSocket === 'undefined') return;
    let socket: WebSocket | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;

    const open = async () => {
      let token: string;
      try {
        token = (await sessionManager.getValidSession()).accessToken;
      } catch {
        return; // Signed out: the route guard takes over.
      }
      if (stopped) return;
      const scheme = window.location.protocol === 'https:' ? 'wss' : 'ws';
      socket = new WebSocket(`${scheme}://${window.location.host}/v1/ws`, [
        REALTIME_PROTOCOL,
        token,
      ]);
      socket.onmessage = (event) => {
        let frame: Frame;
        try {
          frame = JSON.parse(String(event.data)) as Frame;
        } catch {
          return;
        }
        if (frame.type !== 'notification') return;
        void mutate((key) => Array.isArray(key) && key[0] === '/notifications');
        toast.info(frame.data.title, { description: frame.data.body });
      };
      socket.onclose = () => {
        socket = null;
        if (!stopped) timer = setTimeout(open, RECONNECT_DELAY_MS);
      };
    };

    void open();
    return () => {
      stopped = true;
      clearTimeout(timer);
      socket?.close();
    };
  }, [enabled, mutate]);
}
