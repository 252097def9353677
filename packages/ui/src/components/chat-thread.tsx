import { AlertCircle, Check, Clock, SendHorizontal } from 'lucide-react';
import * as React from 'react';
import { cn } from '../lib/utils';
import { Button, IconButton } from './button';

/** One chat message. `mine` messages sit on the right. */
interface ChatMessage {
  id: string;
  body: string;
  /** ISO 8601 instant. */
  createdAt: string;
  mine: boolean;
  /** Delivery state of my messages. */
  status?: 'sending' | 'sent' | 'failed';
  /** Shown above the other party's messages (e.g. "Support"). */
  senderName?: string;
}

type ChatThreadProps = Omit<React.ComponentProps<'div'>, 'onSubmit'> & {
  /** Messages, oldest first. */
  messages: ChatMessage[];
  /** Called with the trimmed text when the composer is submitted (Enter or the send button). */
  onSend: (body: string) => void;
  /** Called with a failed message's id when "Retry" is pressed. */
  onRetry?: (id: string) => void;
  /**
   * Accessible name of the message list.
   * @defaultValue 'Messages'
   */
  label?: string;
  /**
   * Composer placeholder.
   * @defaultValue 'Write a message…'
   */
  placeholder?: string;
  /** Disables the composer (e.g. closed support ticket). */
  disabled?: boolean;
  /** Locale for times and day separators. */
  locale?: string;
  /** Time zone for day grouping and times; the browser's when omitted. */
  timeZone?: string;
};

function dayKey(iso: string, timeZone?: string) {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(new Date(iso));
}

/**
 * A conversation: bubbles grouped under day separators, sending/failed states with retry,
 * and a composer (Enter sends, Shift+Enter adds a line).
 */
function ChatThread({
  messages,
  onSend,
  onRetry,
  label = 'Messages',
  placeholder = 'Write a message…',
  disabled = false,
  locale,
  timeZone,
  className,
  ...props
}: ChatThreadProps) {
  const [draft, setDraft] = React.useState('');
  const listRef = React.useRef<HTMLOListElement>(null);
  const composerId = React.useId();

  // Keep the newest message in view.
  // biome-ignore lint/correctness/useExhaustiveDependencies: scroll when the count changes
  React.useEffect(() => {
    const list = listRef.current;
    if (list) list.scrollTop = list.scrollHeight;
  }, [messages.length]);

  const send = () => {
    const body = draft.trim();
    if (!body || disabled) return;
    onSend(body);
    setDraft('');
  };

  const time = new Intl.DateTimeFormat(locale, { timeZone, hour: 'numeric', minute: '2-digit' });
  const dayFmt = new Intl.DateTimeFormat(locale, {
    timeZone,
    weekday: 'long',
    day: 'numeric',
    month: 'long',
  });

  let lastDay = '';
  return (
    <div
      data-slot="chat-thread"
      className={cn(
        'flex h-full min-h-80 flex-col overflow-hidden rounded-lg border border-border bg-surface',
        className,
      )}
      {...props}
    >
      <ol
        ref={listRef}
        aria-label={label}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: scrollable region must be keyboard reachable
        tabIndex={0}
        className="flex flex-1 flex-col gap-2 overflow-y-auto p-4 outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-inset"
      >
        {messages.length === 0 ? (
          <li className="m-auto text-sm text-muted">No messages yet. Say hello!</li>
        ) : null}
        {messages.map((m) => {
          const key = dayKey(m.createdAt, timeZone);
          const separator = key !== lastDay;
          lastDay = key;
          return (
            <React.Fragment key={m.id}>
              {separator ? (
                <li
                  data-slot="chat-day-separator"
                  className="my-2 flex items-center gap-3 text-xs font-medium text-muted before:h-px before:flex-1 before:bg-border after:h-px after:flex-1 after:bg-border"
                >
                  {dayFmt.format(new Date(m.createdAt))}
                </li>
              ) : null}
              <li
                data-slot="chat-message"
                data-mine={m.mine || undefined}
                data-status={m.status}
                className={cn(
                  'flex max-w-[85%] flex-col gap-1',
                  m.mine ? 'items-end self-end' : 'items-start self-start',
                )}
              >
                {!m.mine && m.senderName ? (
                  <span className="px-1 text-xs font-medium text-muted">{m.senderName}</span>
                ) : null}
                <div
                  className={cn(
                    'rounded-lg px-3.5 py-2 text-sm whitespace-pre-wrap break-words',
                    m.mine
                      ? 'rounded-br-xs bg-primary text-primary-fg'
                      : 'rounded-bl-xs bg-surface-muted text-fg',
                    m.status === 'failed' && 'bg-danger-soft text-fg ring-1 ring-danger',
                  )}
                >
                  {m.mine ? <span className="sr-only">You: </span> : null}
                  {m.body}
                </div>
                <span className="flex items-center gap-1 px-1 text-xs text-muted">
                  <time dateTime={m.createdAt}>{time.format(new Date(m.createdAt))}</time>
                  {m.mine && m.status === 'sending' ? (
                    <>
                      <Clock aria-hidden="true" className="size-3" />
                      <span>Sending…</span>
                    </>
                  ) : null}
                  {m.mine && m.status === 'sent' ? (
                    <>
                      <Check aria-hidden="true" className="size-3" />
                      <span className="sr-only">Sent</span>
                    </>
                  ) : null}
                  {m.mine && m.status === 'failed' ? (
                    <span className="inline-flex items-center gap-1 font-medium text-danger">
                      <AlertCircle aria-hidden="true" className="size-3" />
                      Not sent
                      {onRetry ? (
                        <Button
                          variant="link"
                          size="sm"
                          className="ml-1 text-xs text-danger"
                          onClick={() => onRetry(m.id)}
                        >
                          Retry
                        </Button>
                      ) : null}
                    </span>
                  ) : null}
                </span>
              </li>
            </React.Fragment>
          );
        })}
      </ol>
      <form
        data-slot="chat-composer"
        className="flex items-end gap-2 border-t border-border p-3"
        onSubmit={(e) => {
          e.preventDefault();
          send();
        }}
      >
        <label htmlFor={composerId} className="sr-only">
          Message
        </label>
        <textarea
          id={composerId}
          value={draft}
          disabled={disabled}
          rows={1}
          placeholder={placeholder}
          onChange={(e) => setDraft(e.currentTarget.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
              e.preventDefault();
              send();
            }
          }}
          className="field-sizing-content max-h-40 min-h-10 flex-1 resize-none rounded-lg border border-input bg-surface px-3.5 py-2 text-sm text-fg placeholder:text-muted outline-none focus-visible:border-ring focus-visible:ring-2 focus-visible:ring-ring disabled:opacity-disabled"
        />
        <IconButton
          type="submit"
          label="Send message"
          variant="primary"
          disabled={disabled || draft.trim() === ''}
        >
          <SendHorizontal aria-hidden="true" />
        </IconButton>
      </form>
    </div>
  );
}

export { ChatThread };
export type { ChatMessage, ChatThreadProps };
