import type * as React from 'react';
import { cn } from '../lib/utils';
import { ChatComposer } from './chat-thread/composer';
import { MessageList } from './chat-thread/message-list';
import { TypingIndicator } from './chat-thread/typing-indicator';
import type { ChatAttachment, ChatMessage } from './chat-thread/types';
import { useArrivalAnnouncement } from './chat-thread/use-arrival-announcement';
import { MAX_IMAGE_BYTES } from './image-upload';

type ChatThreadProps = Omit<React.ComponentProps<'div'>, 'onSubmit'> & {
  /** Messages, oldest first. */
  messages: ChatMessage[];
  /**
   * Called when the composer is submitted (Enter or the send button) with the trimmed text ('' when
   * only images are sent) and the picked images (`[]` when none). The composer is cleared.
   */
  onSend: (body: string, files: File[]) => void;
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
  /**
   * Disables the composer (e.g. closed support ticket).
   * @defaultValue false
   */
  disabled?: boolean;
  /** Locale for times and day separators. */
  locale?: string;
  /** Time zone for day grouping and times; the browser's when omitted. */
  timeZone?: string;
  /**
   * Shows an "Attach images" button in the composer (file picker, `accept="image/*"`, several at
   * once) and removable previews of the picked images. Types are not checked beyond `accept`: the
   * server must validate what it receives.
   * @defaultValue false
   */
  allowAttachments?: boolean;
  /**
   * Most images per message; picking more shows "Attach at most {n} images".
   * @defaultValue 4
   */
  maxAttachments?: number;
  /**
   * Size limit per image in bytes: larger files are refused with the spec §5/§8
   * message "Image must be less than 3mb".
   * @defaultValue MAX_IMAGE_BYTES (3 × 1024 × 1024, spec §9)
   */
  maxImageBytes?: number;
  /** Called on every composer input, to tell the other side I am typing (the caller throttles). */
  onTyping?: () => void;
  /** Name of the other party while they type (shows "{name} is typing…"); null/omitted hides it. */
  typing?: string | null;
  /**
   * Whether older messages exist: shows a "Load earlier messages" button at the top of the list.
   * @defaultValue false
   */
  hasOlder?: boolean;
  /**
   * Older messages are being fetched: the button shows a spinner and ignores presses (it keeps
   * focus).
   * @defaultValue false
   */
  loadingOlder?: boolean;
  /** Called when "Load earlier messages" is pressed; prepend the older messages to `messages`. */
  onLoadOlder?: () => void;
  /**
   * Title bar above the list (e.g. the other party's name and the order), in a bar with a bottom
   * border and `px-4 py-3` padding.
   */
  header?: React.ReactNode;
  /**
   * Text of an empty thread.
   * @defaultValue 'No messages yet. Say hello!'
   */
  emptyText?: string;
};

/**
 * A conversation (customer ↔ pro, support chats): bubbles grouped under day separators,
 * sending/sent/read/failed states with retry, optional image attachments with upload progress,
 * safe links, a typing indicator, "Load earlier messages", and a composer (Enter sends,
 * Shift+Enter adds a line).
 *
 * Scrolling: the newest message stays in view when messages are appended while the list is at
 * (or within 48 px of) the bottom, or when the appended message is mine; prepended older messages
 * keep the current scroll position. Messages from the other side that arrive after the first
 * render are announced in a polite live region ("New message from Byrne Plumbing: …"); the
 * initial history and my own messages are not (nor several messages filling an empty list at
 * once: that is history loading; a single one is announced).
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
  allowAttachments = false,
  maxAttachments = 4,
  maxImageBytes = MAX_IMAGE_BYTES,
  onTyping,
  typing,
  hasOlder = false,
  loadingOlder = false,
  onLoadOlder,
  header,
  emptyText = 'No messages yet. Say hello!',
  className,
  ...props
}: ChatThreadProps) {
  const announcement = useArrivalAnnouncement(messages);

  return (
    <div
      data-slot="chat-thread"
      className={cn(
        'flex h-full min-h-80 flex-col overflow-hidden rounded-lg border border-border bg-surface',
        className,
      )}
      {...props}
    >
      {header != null ? (
        <div data-slot="chat-thread-header" className="shrink-0 border-b border-border px-4 py-3">
          {header}
        </div>
      ) : null}
      <MessageList
        messages={messages}
        label={label}
        emptyText={emptyText}
        hasOlder={hasOlder}
        loadingOlder={loadingOlder}
        onLoadOlder={onLoadOlder}
        onRetry={onRetry}
        locale={locale}
        timeZone={timeZone}
      />
      {typing ? <TypingIndicator name={typing} /> : null}
      <div data-slot="chat-live-region" aria-live="polite" className="sr-only">
        {/* A new node per announcement, so a repeated text is read again. */}
        <span key={announcement.count}>{announcement.text}</span>
      </div>
      <ChatComposer
        onSend={onSend}
        onTyping={onTyping}
        placeholder={placeholder}
        disabled={disabled}
        allowAttachments={allowAttachments}
        maxAttachments={maxAttachments}
        maxImageBytes={maxImageBytes}
      />
    </div>
  );
}

export { ChatThread };
export type { ChatAttachment, ChatMessage, ChatThreadProps };
