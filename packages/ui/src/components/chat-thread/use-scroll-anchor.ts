import * as React from 'react';
import type { ChatMessage } from './types';

/** Scroll distance from the bottom (px) within which the list counts as "at the newest message". */
const STICK_THRESHOLD_PX = 48;

function isAtBottom(list: HTMLElement) {
  return list.scrollHeight - list.scrollTop - list.clientHeight <= STICK_THRESHOLD_PX;
}

/** Top of a message's row in the list's scrollable content, in px; null when not rendered. */
function contentTop(list: HTMLElement, id: string | undefined) {
  if (id === undefined) return null;
  const row = list.querySelector(`[data-message-id="${CSS.escape(id)}"]`);
  if (!row) return null;
  return row.getBoundingClientRect().top - list.getBoundingClientRect().top + list.scrollTop;
}

/** Layout after the last update: the first message, its top in the content (px), the last. */
interface ScrollSnapshot {
  firstId?: string;
  firstTop: number;
  lastId?: string;
}

/**
 * Records where the first message sits in the list's content. Re-measured on scroll and resize
 * too: the list may have been hidden when messages changed (an inactive tab panel, Storybook
 * preparing a story), and a hidden box measures 0.
 */
function measureFirst(list: HTMLElement, snapshot: ScrollSnapshot | null) {
  if (snapshot) snapshot.firstTop = contentTop(list, snapshot.firstId) ?? 0;
}

/**
 * Scrolling of the message list: the newest message stays in view when messages are appended
 * while the list is at (or within 48 px of) the bottom, or when the appended message is mine;
 * prepended older messages keep the current scroll position. Returns the list's ref and its
 * `onScroll` handler.
 */
function useScrollAnchor(messages: ChatMessage[], hasOlder: boolean) {
  const listRef = React.useRef<HTMLOListElement>(null);
  /** The list is scrolled to the newest message (updated on scroll and after each update). */
  const stick = React.useRef(true);
  /**
   * scrollTop the component itself last set. Its scroll event arrives a frame later, possibly
   * after the list shrank (previews, typing indicator): measured then it would look like the
   * reader scrolled up, so it is not taken as the reader's move.
   */
  const ownScrollTop = React.useRef<number | null>(null);
  const snapshot = React.useRef<ScrollSnapshot | null>(null);

  // Keep the newest message in view on append; keep the position when older ones are prepended.
  // biome-ignore lint/correctness/useExhaustiveDependencies: hasOlder moves the first message (the button above it)
  React.useLayoutEffect(() => {
    const list = listRef.current;
    if (!list) return;
    const prev = snapshot.current;
    const first = messages[0];
    const last = messages[messages.length - 1];
    const oldFirstTop =
      prev && first && first.id !== prev.firstId ? contentTop(list, prev.firstId) : null;
    if (prev && oldFirstTop !== null) {
      list.scrollTop += oldFirstTop - prev.firstTop;
      ownScrollTop.current = list.scrollTop;
    } else if (!prev || stick.current || (last && last.id !== prev.lastId && last.mine)) {
      list.scrollTop = list.scrollHeight;
      ownScrollTop.current = list.scrollTop;
    }
    snapshot.current = { firstId: first?.id, firstTop: 0, lastId: last?.id };
    measureFirst(list, snapshot.current);
    stick.current = isAtBottom(list);
  }, [messages, hasOlder]);

  // The list shrinks when the typing indicator, previews or an error appear: stay at the bottom.
  React.useEffect(() => {
    const list = listRef.current;
    if (!list || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => {
      measureFirst(list, snapshot.current);
      if (!stick.current) return;
      list.scrollTop = list.scrollHeight;
      ownScrollTop.current = list.scrollTop;
    });
    observer.observe(list);
    return () => observer.disconnect();
  }, []);

  const onScroll = (e: React.UIEvent<HTMLOListElement>) => {
    const list = e.currentTarget;
    measureFirst(list, snapshot.current);
    if (list.scrollTop === ownScrollTop.current) return;
    ownScrollTop.current = null;
    stick.current = isAtBottom(list);
  };

  return { listRef, onScroll };
}

export { useScrollAnchor };
