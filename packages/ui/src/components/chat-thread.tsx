import Linkify from 'linkify-react';
import type { MultiToken, Opts as LinkifyOptions } from 'linkifyjs';
import { AlertCircle, Check, CheckCheck, Clock, ImagePlus, SendHorizontal, X } from 'lucide-react';
import * as React from 'react';
import { cn } from '../lib/utils';
import { Button, IconButton } from './button';
import { MAX_IMAGE_BYTES, validateImageFile } from './image-upload';

/** An image sent with a message: a thumbnail that links to the full-size file. */
interface ChatAttachment {
  /** Full-size image; opened in a new tab from the thumbnail. */
  url: string;
  /** Thumbnail shown in the thread. */
  thumbUrl: string;
  /** Intrinsic width of the image in px (sets the aspect ratio before it loads: no layout shift). */
  width: number;
  /** Intrinsic height of the image in px. */
  height: number;
  /** Text alternative; "Image n of m" when omitted. */
  alt?: string;
}

/** One chat message. `mine` messages sit on the right. */
interface ChatMessage {
  id: string;
  /**
   * Plain text (never parsed as HTML); http(s) URLs, bare `www.` domains and e-mail addresses
   * become links that open in a new tab. '' when the message only carries attachments.
   */
  body: string;
  /** ISO 8601 instant. */
  createdAt: string;
  mine: boolean;
  /**
   * Delivery state of my messages: 'read' means the other side read it (read receipt, a double
   * check); 'sent' a single check; 'sending' a clock; 'failed' "Not sent" (+ Retry).
   */
  status?: 'sending' | 'sent' | 'read' | 'failed';
  /** Shown above the other party's messages (e.g. "Support"). */
  senderName?: string;
  /** Images shown as thumbnails under the sender name, above the text. */
  attachments?: ChatAttachment[];
  /** 0–1 upload progress while status is 'sending' and the message carries files. */
  progress?: number;
  /** Why a failed message failed (e.g. 'Image must be less than 3mb'), shown next to "Not sent". */
  error?: string;
}

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

/** Scroll distance from the bottom (px) within which the list counts as "at the newest message". */
const STICK_THRESHOLD_PX = 48;

/** Link `rel` for user-written URLs: no opener, no referrer, no ranking credit (user content). */
const LINK_REL = 'noopener noreferrer nofollow ugc';
const SAFE_PROTOCOLS = new Set(['http:', 'https:', 'mailto:']);

/**
 * Which linkifyjs matches become links: http(s) and mailto URLs, bare domains starting with
 * `www.` (so "hello.world" stays text) and e-mail addresses. Anything else (ftp:, file:, …;
 * linkifyjs never matches javascript: or data:) stays plain text.
 */
function isSafeLink(value: string, type: string, token: MultiToken): boolean {
  if (type === 'email') return true;
  if (type !== 'url') return false;
  // Url tokens have hasProtocol(); the published typings only declare the MultiToken base.
  const hasProtocol = (token as MultiToken & { hasProtocol?: () => boolean }).hasProtocol?.();
  if (!hasProtocol) return /^www\./i.test(value);
  try {
    return SAFE_PROTOCOLS.has(new URL(token.toHref()).protocol);
  } catch {
    return false;
  }
}

function linkOptions(onPrimary: boolean): LinkifyOptions {
  return {
    defaultProtocol: 'https',
    validate: isSafeLink,
    render: ({ attributes, content }) => (
      <a
        href={attributes.href}
        target="_blank"
        rel={LINK_REL}
        data-slot="chat-link"
        className={cn(
          'rounded-xs underline underline-offset-2 outline-none focus-visible:ring-2',
          // The ring must contrast with the bubble: white on the primary bubble.
          onPrimary
            ? 'text-primary-fg focus-visible:ring-primary-fg'
            : 'text-link focus-visible:ring-ring',
        )}
      >
        {content}
        <span className="sr-only"> (opens in a new tab)</span>
      </a>
    ),
  };
}

const LINKS_ON_PRIMARY = linkOptions(true);
const LINKS_ON_SURFACE = linkOptions(false);

function dayKey(iso: string, timeZone?: string) {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(new Date(iso));
}

function imageCount(n: number) {
  return n === 1 ? '1 image' : `${n} images`;
}

/** What the live region says for a message from the other side. */
function announce(m: ChatMessage) {
  const images = m.attachments?.length ? imageCount(m.attachments.length) : '';
  const content = m.body && images ? `${m.body} (${images})` : m.body || images;
  return `New message${m.senderName ? ` from ${m.senderName}` : ''}: ${content}`;
}

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

/** A picked image in the composer: preview (object URL, revoked on removal) and a remove button. */
function ComposerPreview({
  file,
  disabled,
  onRemove,
}: {
  file: File;
  disabled: boolean;
  onRemove: () => void;
}) {
  const [url, setUrl] = React.useState<string | null>(null);
  React.useEffect(() => {
    const objectUrl = URL.createObjectURL(file);
    setUrl(objectUrl);
    return () => URL.revokeObjectURL(objectUrl);
  }, [file]);
  return (
    <li className="relative size-16">
      {url ? (
        <img
          src={url}
          alt={file.name}
          className="size-16 rounded-md border border-border bg-surface-muted object-cover"
        />
      ) : null}
      <IconButton
        data-slot="chat-attachment-remove"
        label={`Remove ${file.name}`}
        variant="outline"
        disabled={disabled}
        onClick={onRemove}
        className="absolute top-1 right-1 size-6 [&_svg:not([class*='size-'])]:size-3.5"
      >
        <X aria-hidden="true" />
      </IconButton>
    </li>
  );
}

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
  const [draft, setDraft] = React.useState('');
  const [files, setFiles] = React.useState<Array<{ key: number; file: File }>>([]);
  const [attachError, setAttachError] = React.useState<string | null>(null);
  const [announcement, setAnnouncement] = React.useState({ text: '', count: 0 });
  const listRef = React.useRef<HTMLOListElement>(null);
  const formRef = React.useRef<HTMLFormElement>(null);
  const fileInputRef = React.useRef<HTMLInputElement>(null);
  const attachButtonRef = React.useRef<HTMLButtonElement>(null);
  const nextFileKey = React.useRef(0);
  const focusAfterRemove = React.useRef<number | null>(null);
  const refocusList = React.useRef(false);
  /** The list is scrolled to the newest message (updated on scroll and after each update). */
  const stick = React.useRef(true);
  /**
   * scrollTop the component itself last set. Its scroll event arrives a frame later, possibly
   * after the list shrank (previews, typing indicator): measured then it would look like the
   * reader scrolled up, so it is not taken as the reader's move.
   */
  const ownScrollTop = React.useRef<number | null>(null);
  const snapshot = React.useRef<ScrollSnapshot | null>(null);
  /** Messages known at the last update, to tell arrivals from history. */
  const known = React.useRef<{ ids: Set<string>; lastId?: string } | null>(null);
  const composerId = React.useId();
  const attachErrorId = `${composerId}-attach-error`;

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
  }, [hasOlder]);

  // After removing a preview, focus the next remove button, else the attach button.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once the removed preview is gone
  React.useLayoutEffect(() => {
    const index = focusAfterRemove.current;
    if (index === null) return;
    focusAfterRemove.current = null;
    const buttons = formRef.current?.querySelectorAll<HTMLButtonElement>(
      '[data-slot="chat-attachment-remove"]',
    );
    const next = buttons?.[Math.min(index, buttons.length - 1)];
    (next ?? attachButtonRef.current)?.focus();
  }, [files]);

  const addFiles = (picked: File[]) => {
    let problem: string | null = null;
    const accepted: File[] = [];
    for (const file of picked) {
      const refusal = validateImageFile(file, maxImageBytes);
      if (refusal) {
        problem ??= refusal;
        continue;
      }
      if (files.length + accepted.length >= maxAttachments) {
        problem ??= `Attach at most ${maxAttachments} images`;
        break;
      }
      accepted.push(file);
    }
    setAttachError(problem);
    if (accepted.length > 0) {
      setFiles((current) => [
        ...current,
        ...accepted.map((file) => ({ key: nextFileKey.current++, file })),
      ]);
    }
  };

  const removeFile = (key: number) => {
    const index = files.findIndex((f) => f.key === key);
    focusAfterRemove.current = Math.max(index, 0);
    setAttachError(null);
    setFiles((current) => current.filter((f) => f.key !== key));
  };

  const canSend = !disabled && (draft.trim() !== '' || files.length > 0);
  const send = () => {
    if (!canSend) return;
    onSend(
      draft.trim(),
      files.map((f) => f.file),
    );
    setDraft('');
    setFiles([]);
    setAttachError(null);
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
      {header != null ? (
        <div data-slot="chat-thread-header" className="shrink-0 border-b border-border px-4 py-3">
          {header}
        </div>
      ) : null}
      <ol
        ref={listRef}
        aria-label={label}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: scrollable region must be keyboard reachable
        tabIndex={0}
        onScroll={(e) => {
          const list = e.currentTarget;
          measureFirst(list, snapshot.current);
          if (list.scrollTop === ownScrollTop.current) return;
          ownScrollTop.current = null;
          stick.current = isAtBottom(list);
        }}
        // overflow-anchor: none: the browser's scroll anchoring would add to the prepend
        // correction above (and Safari has none), so the component does it alone.
        className="flex flex-1 flex-col gap-2 overflow-y-auto p-4 outline-none [overflow-anchor:none] focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-inset"
      >
        {hasOlder ? (
          <li data-slot="chat-load-older" className="flex justify-center pb-2">
            <Button
              ref={olderButtonRef}
              variant="outline"
              size="sm"
              // aria-disabled rather than disabled: a disabled button would drop keyboard focus.
              aria-disabled={loadingOlder || undefined}
              aria-busy={loadingOlder || undefined}
              onClick={() => {
                if (!loadingOlder) onLoadOlder?.();
              }}
            >
              {loadingOlder ? (
                <span
                  aria-hidden="true"
                  className="inline-block size-4 animate-spin rounded-full border-2 border-current border-r-transparent"
                />
              ) : null}
              {loadingOlder ? 'Loading earlier messages…' : 'Load earlier messages'}
            </Button>
          </li>
        ) : null}
        {messages.length === 0 ? <li className="m-auto text-sm text-muted">{emptyText}</li> : null}
        {messages.map((m) => {
          const key = dayKey(m.createdAt, timeZone);
          const separator = key !== lastDay;
          lastDay = key;
          const attachments = m.attachments ?? [];
          const onPrimary = m.mine && m.status !== 'failed';
          const failedWithError = m.mine && m.status === 'failed' && Boolean(m.error);
          const progress =
            m.mine && m.status === 'sending' && m.progress !== undefined
              ? Math.round(Math.min(Math.max(m.progress, 0), 1) * 100)
              : null;
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
                data-message-id={m.id}
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
                {m.mine && !m.body ? <span className="sr-only">You: </span> : null}
                {attachments.length > 0 ? (
                  <ul
                    data-slot="chat-attachments"
                    className={cn('grid gap-1', attachments.length > 1 && 'grid-cols-2')}
                  >
                    {attachments.map((a, i) => (
                      <li key={a.url}>
                        <a
                          href={a.url}
                          target="_blank"
                          rel="noopener noreferrer"
                          className="block rounded-md outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-surface"
                        >
                          <img
                            src={a.thumbUrl}
                            alt={a.alt ?? `Image ${i + 1} of ${attachments.length}`}
                            width={a.width}
                            height={a.height}
                            loading="lazy"
                            decoding="async"
                            className={cn(
                              'rounded-md border border-border bg-surface-muted object-cover',
                              attachments.length === 1
                                ? 'h-auto max-h-72 w-56 max-w-full'
                                : 'size-28',
                            )}
                          />
                          <span className="sr-only"> (opens full size in a new tab)</span>
                        </a>
                      </li>
                    ))}
                  </ul>
                ) : null}
                {m.body ? (
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
                    <Linkify options={onPrimary ? LINKS_ON_PRIMARY : LINKS_ON_SURFACE}>
                      {m.body}
                    </Linkify>
                  </div>
                ) : null}
                {progress !== null ? (
                  <div
                    role="progressbar"
                    aria-label="Uploading images"
                    aria-valuemin={0}
                    aria-valuemax={100}
                    aria-valuenow={progress}
                    data-slot="chat-upload-progress"
                    className="h-1.5 w-32 max-w-full overflow-hidden rounded-full bg-border"
                  >
                    <div
                      className="h-full rounded-full bg-primary transition-[width] duration-base"
                      style={{ width: `${progress}%` }}
                    />
                  </div>
                ) : null}
                <span
                  className={cn(
                    'flex items-center gap-1 px-1 text-xs text-muted',
                    // A long reason wraps onto right-aligned lines under the bubble.
                    failedWithError && 'flex-wrap justify-end',
                  )}
                >
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
                  {m.mine && m.status === 'read' ? (
                    <>
                      <CheckCheck aria-hidden="true" className="size-3.5 text-link" />
                      <span className="sr-only">Read</span>
                    </>
                  ) : null}
                  {m.mine && m.status === 'failed' ? (
                    <span
                      className={cn(
                        'inline-flex items-center gap-1 font-medium text-danger',
                        // Its parts join the row so that they, not the whole group, wrap.
                        failedWithError && 'contents',
                      )}
                    >
                      <AlertCircle aria-hidden="true" className="size-3" />
                      Not sent
                      {m.error ? (
                        <>
                          <span aria-hidden="true">·</span>
                          <span data-slot="chat-message-error" className="font-normal">
                            {m.error}
                          </span>
                        </>
                      ) : null}
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
      {typing ? (
        <div
          data-slot="chat-typing"
          className="flex shrink-0 items-center gap-2 px-4 pb-2 text-xs text-muted"
        >
          {/* Dots move only without prefers-reduced-motion. */}
          <span
            aria-hidden="true"
            className="inline-flex items-center gap-0.5 rounded-full bg-surface-muted px-2 py-1.5"
          >
            <span className="size-1.5 rounded-full bg-muted motion-safe:animate-bounce" />
            <span className="size-1.5 rounded-full bg-muted motion-safe:animate-bounce motion-safe:[animation-delay:150ms]" />
            <span className="size-1.5 rounded-full bg-muted motion-safe:animate-bounce motion-safe:[animation-delay:300ms]" />
          </span>
          <span>{`${typing} is typing…`}</span>
        </div>
      ) : null}
      <div data-slot="chat-live-region" aria-live="polite" className="sr-only">
        {/* A new node per announcement, so a repeated text is read again. */}
        <span key={announcement.count}>{announcement.text}</span>
      </div>
      <form
        ref={formRef}
        data-slot="chat-composer"
        className="flex flex-col gap-2 border-t border-border p-3"
        onSubmit={(e) => {
          e.preventDefault();
          send();
        }}
      >
        {files.length > 0 ? (
          <ul
            data-slot="chat-composer-previews"
            aria-label="Images to send"
            className="flex flex-wrap gap-2"
          >
            {files.map(({ key, file }) => (
              <ComposerPreview
                key={key}
                file={file}
                disabled={disabled}
                onRemove={() => removeFile(key)}
              />
            ))}
          </ul>
        ) : null}
        {allowAttachments ? (
          <p
            id={attachErrorId}
            role="alert"
            data-slot="chat-composer-error"
            className={cn('text-xs font-medium text-danger', !attachError && 'sr-only')}
          >
            {attachError ?? ''}
          </p>
        ) : null}
        <div className="flex items-end gap-2">
          {allowAttachments ? (
            <>
              <input
                ref={fileInputRef}
                type="file"
                accept="image/*"
                multiple
                disabled={disabled}
                aria-label="Attach images"
                // The visible "Attach images" button is the keyboard path (no invisible Tab stop).
                tabIndex={-1}
                className="sr-only"
                onChange={(e) => {
                  addFiles(Array.from(e.currentTarget.files ?? []));
                  // Allow picking the same file again after a refusal or removal.
                  e.currentTarget.value = '';
                }}
              />
              <IconButton
                ref={attachButtonRef}
                label="Attach images"
                disabled={disabled}
                aria-describedby={attachErrorId}
                onClick={() => fileInputRef.current?.click()}
              >
                <ImagePlus aria-hidden="true" />
              </IconButton>
            </>
          ) : null}
          <label htmlFor={composerId} className="sr-only">
            Message
          </label>
          <textarea
            id={composerId}
            value={draft}
            disabled={disabled}
            rows={1}
            placeholder={placeholder}
            onChange={(e) => {
              setDraft(e.currentTarget.value);
              onTyping?.();
            }}
            onKeyDown={(e) => {
              if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
                e.preventDefault();
                send();
              }
            }}
            className="field-sizing-content max-h-40 min-h-10 flex-1 resize-none rounded-lg border border-input bg-surface px-3.5 py-2 text-sm text-fg placeholder:text-muted outline-none focus-visible:border-ring focus-visible:ring-2 focus-visible:ring-ring disabled:opacity-disabled"
          />
          <IconButton type="submit" label="Send message" variant="primary" disabled={!canSend}>
            <SendHorizontal aria-hidden="true" />
          </IconButton>
        </div>
      </form>
    </div>
  );
}

export { ChatThread };
export type { ChatAttachment, ChatMessage, ChatThreadProps };
