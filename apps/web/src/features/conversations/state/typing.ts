import * as React from 'react';
import { createThrottle, subscribeTyping, TYPING_VISIBLE_MS } from '../../../lib/typing';
import { api } from '../../../lib/vetted-api';

/**
 * "Typing…" both ways: `typing` is the name of the other person typing in this thread (cleared
 * TYPING_VISIBLE_MS — 5 s — after their last `typing` frame, or at once when their message
 * arrives); `onTyping()` tells them, at most once per TYPING_SEND_INTERVAL_MS (3 s).
 */
export function useTyping(conversationId: string | null | undefined, meId: string | undefined) {
  const [typing, setTyping] = React.useState<{ userId: string; name: string } | null>(null);

  React.useEffect(() => {
    setTyping(null);
    if (!conversationId) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const unsubscribe = subscribeTyping((event) => {
      if (event.conversationId !== conversationId || event.userId === meId) return;
      clearTimeout(timer);
      if (event.stopped) {
        setTyping((current) => (current?.userId === event.userId ? null : current));
        return;
      }
      setTyping({ userId: event.userId, name: event.name });
      timer = setTimeout(() => setTyping(null), TYPING_VISIBLE_MS);
    });
    return () => {
      unsubscribe();
      clearTimeout(timer);
    };
  }, [conversationId, meId]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new gate per thread
  const gate = React.useMemo(() => createThrottle(), [conversationId]);
  const onTyping = React.useCallback(() => {
    if (!conversationId || !gate()) return;
    api.conversations.typing(conversationId).catch(() => {
      // A lost hint does not matter.
    });
  }, [conversationId, gate]);

  return { typing: typing?.name ?? null, onTyping };
}
