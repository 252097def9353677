import * as React from 'react';
import { Button } from '../button';
import { DaySeparator } from './day-separator';
import { dayKey } from './format';
import { MessageBubble } from './message-bubble';
import type { ChatMessage } from './types';
import { useScrollAnchor } from './use-scroll-anchor';

/** "Load earlier messages" at the top of the list; a spinner while `loading`. */
function LoadOlderButton({
  loading,
  onLoad,
  buttonRef,
}: {
  loading: boolean;
  onLoad?: () => void;
  buttonRef: React.Ref<HTMLButtonElement>;
}) {
  return (
    <li data-slot="chat-load-older" className="flex justify-center pb-2">
      <Button
        ref={buttonRef}
        variant="outline"
        size="sm"
        // aria-disabled rather than disabled: a disabled button would drop keyboard focus.
        aria-disabled={loading || undefined}
        aria-busy={loading || undefined}
        onClick={() => {
          if (!loading) onLoad?.();
        }}
      >
        {loading ? (
          <span
            aria-hidden="true"
            className="inline-block size-4 animate-spin rounded-full border-2 border-current border-r-transparent"
          />
        ) : null}
        {loading ? 'Loading earlier messages…' : 'Load earlier messages'}
      </Button>
    </li>
  );
}

/** The list's part of `ChatThreadProps`, defaults applied (see there). */
interface MessageListProps {
  /** Messages, oldest first. */
  messages: ChatMessage[];
  /** Accessible name of the list. */
  label: string;
  /** Text of an empty thread. */
  emptyText: string;
  /** Shows "Load earlier messages" at the top. */
  hasOlder: boolean;
  /** Older messages are being fetched (the button shows a spinner). */
  loadingOlder: boolean;
  onLoadOlder?: () => void;
  /** Called with a failed message's id when "Retry" is pressed. */
  onRetry?: (id: string) => void;
  /** Locale for times and day separators. */
  locale?: string;
  /** Time zone for day grouping and times. */
  timeZone?: string;
}

/**
 * The scrollable, keyboard-reachable list of messages, oldest first, under day separators,
 * with "Load earlier messages" at the top (see {@link useScrollAnchor} for the scrolling).
 */
function MessageList({
  messages,
  label,
  emptyText,
  hasOlder,
  loadingOlder,
  onLoadOlder,
  onRetry,
  locale,
  timeZone,
}: MessageListProps) {
  const { listRef, onScroll } = useScrollAnchor(messages, hasOlder);
  const refocusList = React.useRef(false);

  // "Load earlier messages" disappeared while focused (no more history): focus the list instead
  // of losing focus to <body>.
  const olderButtonRef = React.useCallback((node: HTMLButtonElement | null) => {
    if (!node) return;
    return () => {
      if (node === document.activeElement) refocusList.current = true;
    };
  }, []);
  React.useLayoutEffect(() => {
    if (!hasOlder && refocusList.current) {
      refocusList.current = false;
      listRef.current?.focus({ preventScroll: true });
    }
  }, [hasOlder, listRef]);

  const time = new Intl.DateTimeFormat(locale, { timeZone, hour: 'numeric', minute: '2-digit' });
  const dayFmt = new Intl.DateTimeFormat(locale, {
    timeZone,
    weekday: 'long',
    day: 'numeric',
    month: 'long',
  });

  let lastDay = '';
  return (
    <ol
      ref={listRef}
      aria-label={label}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: scrollable region must be keyboard reachable
      tabIndex={0}
      onScroll={onScroll}
      // overflow-anchor: none: the browser's scroll anchoring would add to the prepend
      // correction of useScrollAnchor (and Safari has none), so the component does it alone.
      className="flex flex-1 flex-col gap-2 overflow-y-auto p-4 outline-none [overflow-anchor:none] focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-inset"
    >
      {hasOlder ? (
        <LoadOlderButton loading={loadingOlder} onLoad={onLoadOlder} buttonRef={olderButtonRef} />
      ) : null}
      {messages.length === 0 ? <li className="m-auto text-sm text-muted">{emptyText}</li> : null}
      {messages.map((m) => {
        const key = dayKey(m.createdAt, timeZone);
        const separator = key !== lastDay;
        lastDay = key;
        return (
          <React.Fragment key={m.id}>
            {separator ? <DaySeparator label={dayFmt.format(new Date(m.createdAt))} /> : null}
            <MessageBubble message={m} time={time} onRetry={onRetry} />
          </React.Fragment>
        );
      })}
    </ol>
  );
}

export { MessageList };
export type { MessageListProps };
