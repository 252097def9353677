import type { Message } from '@vetted/contract';
import * as React from 'react';
import { useSWRConfig } from 'swr';
import { endpointKey, isEndpointKey, revalidateMatching } from '../../../lib/keys';
import { api } from '../../../lib/vetted-api';

/** True while the tab is in front (`document.visibilityState`), re-rendering on changes. */
function usePageVisible(): boolean {
  return React.useSyncExternalStore(
    (listener) => {
      document.addEventListener('visibilitychange', listener);
      return () => document.removeEventListener('visibilitychange', listener);
    },
    () => document.visibilityState === 'visible',
    () => false,
  );
}

/**
 * Marks the thread read (`POST …/read`) while it is on screen and the tab is visible, whenever
 * the newest incoming message is still unread — once per such message. Then the inbox badges,
 * the conversation and the thread are revalidated.
 */
export function useMarkRead(
  conversationId: string | null | undefined,
  items: readonly Message[],
  meId: string | undefined,
  enabled = true,
) {
  const { cache, mutate } = useSWRConfig();
  const visible = usePageVisible();
  const marked = React.useRef<string | null>(null);
  let newestUnread: string | null = null;
  if (meId) {
    for (let i = items.length - 1; i >= 0; i--) {
      const m = items[i]!;
      if (m.sender.id === meId) continue;
      if (m.readAt === null) newestUnread = m.id;
      break;
    }
  }
  React.useEffect(() => {
    if (!enabled || !visible || !conversationId || !newestUnread) return;
    if (marked.current === newestUnread) return;
    marked.current = newestUnread;
    api.conversations
      .markRead(conversationId)
      .then(() => {
        revalidateMatching(
          cache,
          (key) => mutate(key as never),
          isEndpointKey('listConversations'),
        );
        revalidateMatching(
          cache,
          (key) => mutate(key as never),
          isEndpointKey('listMessages', { id: conversationId }),
        );
        void mutate(endpointKey('getConversation', { params: { id: conversationId } }));
      })
      .catch(() => {
        // Try again with the next message or the next time the tab comes to the front.
        marked.current = null;
      });
  }, [enabled, visible, conversationId, newestUnread, cache, mutate]);
}
