import * as React from 'react';
import { announce } from './format';
import type { ChatMessage } from './types';

/**
 * What the polite live region says: messages from the other side that arrive after the first
 * render. The initial history and my own messages are not announced (nor several messages
 * filling an empty list at once: that is history loading; a single one is). `count` changes
 * with each announcement, so a repeated text gets a new node and is read again.
 */
function useArrivalAnnouncement(messages: ChatMessage[]) {
  const [announcement, setAnnouncement] = React.useState({ text: '', count: 0 });
  /** Messages known at the last update, to tell arrivals from history. */
  const known = React.useRef<{ ids: Set<string>; lastId?: string } | null>(null);

  // Announce messages from the other side that arrive after the first render.
  React.useEffect(() => {
    const prev = known.current;
    const last = messages[messages.length - 1];
    known.current = { ids: new Set(messages.map((m) => m.id)), lastId: last?.id };
    if (!prev) return;
    let start = 0;
    if (prev.lastId !== undefined) {
      start = messages.findIndex((m) => m.id === prev.lastId) + 1;
      // The previous last message is gone: another thread, not an arrival.
      if (start === 0) return;
    } else if (messages.length > 1) {
      // An empty list filled with several messages at once is history being loaded.
      return;
    }
    const arrived = messages.slice(start).filter((m) => !m.mine && !prev.ids.has(m.id));
    if (arrived.length > 0) {
      setAnnouncement((a) => ({ text: arrived.map(announce).join(' '), count: a.count + 1 }));
    }
  }, [messages]);

  return announcement;
}

export { useArrivalAnnouncement };
