import Linkify from 'linkify-react';
import { cn } from '../../lib/utils';
import { LINKS_ON_PRIMARY, LINKS_ON_SURFACE } from './links';
import { MessageStatus } from './message-status';
import type { ChatAttachment, ChatMessage } from './types';

/** Thumbnails of a message's images, each a link to the full-size file in a new tab. */
function MessageAttachments({ attachments }: { attachments: ChatAttachment[] }) {
  return (
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
                attachments.length === 1 ? 'h-auto max-h-72 w-56 max-w-full' : 'size-28',
              )}
            />
            <span className="sr-only"> (opens full size in a new tab)</span>
          </a>
        </li>
      ))}
    </ul>
  );
}

/** The text of a message, with safe links; "You:" is read out before my own text. */
function MessageBody({ message: m }: { message: ChatMessage }) {
  const onPrimary = m.mine && m.status !== 'failed';
  return (
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
      <Linkify options={onPrimary ? LINKS_ON_PRIMARY : LINKS_ON_SURFACE}>{m.body}</Linkify>
    </div>
  );
}

/** Upload progress (0–100) of a message's images while it is being sent. */
function UploadProgress({ progress }: { progress: number }) {
  return (
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
  );
}

/**
 * One message row of the thread: sender name, images, text, upload progress and the status
 * line. Mine sit on the right.
 */
function MessageBubble({
  message: m,
  time,
  onRetry,
}: {
  message: ChatMessage;
  /** Formats the message time. */
  time: Intl.DateTimeFormat;
  onRetry?: (id: string) => void;
}) {
  const attachments = m.attachments ?? [];
  const progress =
    m.mine && m.status === 'sending' && m.progress !== undefined
      ? Math.round(Math.min(Math.max(m.progress, 0), 1) * 100)
      : null;
  return (
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
      {attachments.length > 0 ? <MessageAttachments attachments={attachments} /> : null}
      {m.body ? <MessageBody message={m} /> : null}
      {progress !== null ? <UploadProgress progress={progress} /> : null}
      <MessageStatus message={m} time={time} onRetry={onRetry} />
    </li>
  );
}

export { MessageBubble };
